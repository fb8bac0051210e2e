import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_PAGER_MARGIN, ANNOUNCEMENT_PAGER_RANGE } from '@wl/schemas/constants';
import { formatNumber } from '../lib/numbers.ts';
import { pagerItems } from './pager-items.ts';

/**
 * The announcement list's pager (docs/0112, SPEC §9): previous, the page numbers with one margin page
 * at each end and five around the current one, gaps as "…", next. The current page is marked
 * `aria-current`; numbers are in the page's digits (Bengali in BN). Its texts are the records area's.
 * Shows nothing when everything fits one page.
 */
export function NumberedPager({ pageNo, pages, onPage, testId }: { pageNo: number; pages: number; onPage: (pageNo: number) => void; testId: string }) {
  const { t, i18n } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="pager pager--numbered" aria-label={t('record_pages')} data-testid={`${testId}.pager`}>
      <button type="button" className="btn btn--ghost btn--small" data-testid={`${testId}.prev`} disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('record_prev')}
      </button>
      {pagerItems(pageNo, pages, ANNOUNCEMENT_PAGER_MARGIN, ANNOUNCEMENT_PAGER_RANGE).map((item) =>
        item.kind === 'gap' ? (
          <span key={`gap-${item.after}`} className="pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item.page}
            type="button"
            className={`btn btn--small pager__page${item.page === pageNo ? ' btn--primary' : ' btn--ghost'}`}
            aria-current={item.page === pageNo ? 'page' : undefined}
            aria-label={t('record_page_n', { page: formatNumber(item.page, i18n.language) })}
            data-testid={`${testId}.page.${item.page}`}
            onClick={() => onPage(item.page)}
          >
            {formatNumber(item.page, i18n.language)}
          </button>
        ),
      )}
      <button type="button" className="btn btn--ghost btn--small" data-testid={`${testId}.next`} disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1)}>
        {t('record_next')}
      </button>
    </nav>
  );
}
