import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/numbers.ts';

/** Simple previous/next pager for game lists (docs/rules/games.md#g-8: other types show full lists with pagination). */
export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  const { t, i18n } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pagination')}>
      <button type="button" className="btn btn--ghost btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="pager.prev">
        {t('previous')}
      </button>
      <span className="pager__info" data-testid="pager.info">
        {formatNumber(page, i18n.language)} / {formatNumber(totalPages, i18n.language)}
      </span>
      <button type="button" className="btn btn--ghost btn--small" disabled={page >= totalPages} onClick={() => onPage(page + 1)} data-testid="pager.next">
        {t('next')}
      </button>
    </nav>
  );
}
