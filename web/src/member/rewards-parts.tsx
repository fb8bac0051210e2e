import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../lib/numbers.ts';
import { localDigits } from '../lib/numbers-later.ts';
import { Icon } from '../layout/icons.tsx';
import { useSession } from '../session/session-context.tsx';

/** Minor units as money in the page's language, with the member's currency symbol. */
export function useMinorFormat(): (minor: number) => string {
  const { i18n } = useTranslation();
  const currency = useSession().balance?.currencySymbol ?? '';
  return useCallback((minor: number) => formatMinor(minor, i18n.language, currency), [i18n.language, currency]);
}

/** A rate in basis points as a percentage (80 → 0.80%), in the language's digits. */
export function ratePercent(rateBp: number, language: string): string {
  return localDigits(`${(rateBp / 100).toFixed(2)}%`, language);
}

/** A rewards page: its first card headed by an icon and a title, then any further cards. */
export function RewardsPage({ testId, icon, title, children, more }: { testId: string; icon: string; title: string; children: ReactNode; more?: ReactNode }) {
  return (
    <div className="member-content rewards" data-testid={testId}>
      <section className="card">
        <h2>
          <Icon name={icon} size={20} /> {title}
        </h2>
        {children}
      </section>
      {more}
    </div>
  );
}
