import { useTranslation } from 'react-i18next';
import type { TNotice } from '@wl/schemas';
import { Icon } from '../layout/icons.tsx';

/**
 * Scrolling notice strip (docs/rules/content.md#c-7): clicking a notice opens the notice modal at that index. The
 * notices are there twice (the copy hidden from AT, as the winner board's), so the strip reads from
 * its left edge at once and loops without a gap; it holds still for its first seconds (home.css),
 * while the page loads (docs/0060).
 */
export function NoticeMarquee({ notices, onOpen }: { notices: readonly TNotice[]; onOpen: (index: number) => void }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <div className="marquee" data-testid="home.marquee" aria-label={t('notices')}>
      <span className="marquee__icon" aria-hidden="true">
        <Icon name="notice" />
      </span>
      <div className="marquee__viewport">
        <div className="marquee__track" style={{ animationDuration: `${Math.max(20, notices.length * 12)}s` }}>
          <span className="marquee__group">
            {notices.map((n, i) => (
              <button key={n.id} type="button" className="marquee__item" data-testid="home.marquee.item" onClick={() => onOpen(i)}>
                {n.title}
              </button>
            ))}
          </span>
          <span className="marquee__group" aria-hidden="true">
            {notices.map((n, i) => (
              <span key={n.id} className="marquee__item" onClick={() => onOpen(i)}>
                {n.title}
              </span>
            ))}
          </span>
        </div>
      </div>
    </div>
  );
}
