import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaTexts } from '../i18n/area-texts.ts';

/** How many pages of `pageSize` rows `total` rows fill: at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * "Previous · Page x of y · Next" under a list of records: the member's records and messages, the
 * agent centre's lists and reports, the console's lists. Shows nothing while the total is unknown
 * or the rows fit one page. Its texts are the records area's (fetched here if the page did not
 * load them); the page numbers go through i18next's number formatter (Bengali digits in BN).
 *
 * Not the game grids' pager (home/pager.tsx): that one is in the home's first load, this one is not.
 */
export function RecordPager({
  pageNo,
  total,
  pageSize,
  onPage,
  testId,
  pageTestId = `${testId}.page-of`,
  list,
}: {
  /** The page shown, from 1. */
  pageNo: number;
  /** Rows over all pages; undefined while the first answer is on its way. */
  total: number | undefined;
  pageSize: number;
  onPage: (pageNo: number) => void;
  /** Prefix of the test ids: `<testId>.prev`, `<testId>.next`, `<testId>.page-of`. */
  testId: string;
  /** The page count's test id when a page named it otherwise (the console's `operator.audit.page`). */
  pageTestId?: string;
  /**
   * The list's name, where a page shows several pagers (the console's games, rounds and audit log):
   * each navigation landmark then has a name of its own (axe landmark-unique, docs/0110).
   */
  list?: string;
}) {
  const { t } = useTranslation();
  const ready = useAreaTexts('records');
  if (!ready || total === undefined || total <= pageSize) return null;
  const pages = pageCount(total, pageSize);
  return (
    <nav className="pager" aria-label={list ? t('record_pages_of', { list }) : t('record_pages')}>
      <button type="button" className="btn btn--ghost btn--small" data-testid={`${testId}.prev`} disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('record_prev')}
      </button>
      <span data-testid={pageTestId}>{t('record_page_of', { page: pageNo, pages })}</span>
      <button type="button" className="btn btn--ghost btn--small" data-testid={`${testId}.next`} disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1)}>
        {t('record_next')}
      </button>
    </nav>
  );
}

/** A list of rows (`testId`) with its note while there are none (`empty`, else null): the member's records, messages, wallets and transfers. */
export function RowList({ testId, empty, emptyTestId, children }: { testId: string; empty: string | null; emptyTestId?: string; children: ReactNode }) {
  return (
    <>
      {empty !== null && (
        <p className="no-data" data-testid={emptyTestId}>
          {empty}
        </p>
      )}
      <ul className="money__list" data-testid={testId}>
        {children}
      </ul>
    </>
  );
}
