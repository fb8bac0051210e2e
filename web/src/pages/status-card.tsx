import type { ReactNode } from 'react';
import { Icon } from '../layout/icons.tsx';

/**
 * The card of a status page (maintenance, blocked region, lottery launch): its icon, its title,
 * then what the page says and offers. On its own it is the page's `main`; `inline` sits inside the
 * site's frame. The not-found page, in the first load, writes the same card itself: as a shared
 * piece it would cost the first load bytes that docs/0022's budget does not have.
 */
export function StatusCard({
  testId,
  icon,
  title,
  inline = false,
  children,
}: {
  testId: string;
  icon: string;
  title: string;
  inline?: boolean;
  children: ReactNode;
}) {
  const Tag = inline ? 'div' : 'main';
  return (
    <Tag className={inline ? 'status-page status-page--inline' : 'status-page'} data-testid={testId}>
      <div className="status-page__card">
        <div className="status-page__icon" aria-hidden="true">
          <Icon name={icon} size={48} />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </Tag>
  );
}
