import type { ReactNode } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import '../styles/money.css';
import '../styles/agent-reports.css';
import { ReportFilters, ReportFooter, ReportTotals, useAccountFilter, useMoney, useReportExport } from './report-parts.tsx';
import { useAgentReport } from './use-agent-report.ts';

/** What every team report takes: the period, one downline account, a level, the page. */
export type TTeamInput = { from: string; to: string; username: string; level: number; pageNo: number; pageSize: number };

/** One CSV column: its title's text key and the cell of a row. */
export type TCsvColumn<TRow> = readonly [string, (row: TRow, t: TFunction) => string | number];
/** A team report's CSV: the file name before the period's suffix, and its columns. */
export type TTeamCsv<TRow> = { file: string; columns: readonly TCsvColumn<TRow>[] };

type TWhoRow = { username: string; nickname: string; level: number };
/** The downline a row is about, as every team report's CSV starts (after the time, when it has one). */
export const WHO_COLUMNS: readonly TCsvColumn<TWhoRow>[] = [
  ['agent_account', (x) => x.username],
  ['agent_nickname', (x) => x.nickname],
  ['agent_level', (x) => x.level],
];
/** A money column: minor units in the file as taka. */
export const moneyColumn = <TRow,>(title: string, minor: (row: TRow) => number): TCsvColumn<TRow> => [title, (x) => minor(x) / 100];

/**
 * A team report (docs/0051): the account and level filter, the period and page, the call, the
 * export of `csv`. `extra` is the report's own filter (a sort, a type); changing it starts at page 1.
 */
export function useTeamReport<TExtra extends object, TRow, TOut extends { rows: readonly TRow[]; total: number }, TError, TKey extends QueryKey>(spec: {
  extra: TExtra;
  queryOptions: (input: TTeamInput & TExtra, opts: { enabled: boolean; staleTime: number }) => UseQueryOptions<TOut, TError, TOut, TKey>;
  fetch: (input: TTeamInput & TExtra) => Promise<TOut>;
  csv: TTeamCsv<TRow>;
}) {
  const { t } = useTranslation();
  const f = useAccountFilter();
  const report = useAgentReport({
    input: (b) => ({ ...b.period, username: f.account, level: f.level, ...spec.extra, ...b.paging }),
    queryOptions: spec.queryOptions,
    fetch: spec.fetch,
  });
  const csv = useReportExport<TRow>(report.fetchPage);
  const { file, columns } = spec.csv;
  const exportCsv = () =>
    void csv.run(
      `${file}-${report.period.fileSuffix}.csv`,
      columns.map(([title]) => t(title)),
      (row) => columns.map(([, cell]) => cell(row, t)),
    );
  return { f, report, csv, exportCsv, data: report.data, money: useMoney() };
}

type TTeamReport = Pick<ReturnType<typeof useTeamReport>, 'f' | 'csv'> & {
  report: {
    period: ReturnType<typeof useAgentReport>['period'];
    pageNo: number;
    setPageNo: (n: number) => void;
    data: { total: number } | undefined;
    query: { error: unknown; isFetching: boolean };
  };
};

/** A team report's page: title, filters (with the report's own), totals, hint, rows, pager and export. */
export function TeamReportFrame({
  id,
  title,
  hint,
  r,
  filters,
  totals,
  onExport,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  r: TTeamReport;
  filters?: ReactNode;
  totals: readonly (readonly [string, string, string, boolean?])[] | null;
  onExport: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { report } = r;
  return (
    <div className="agent-content money" data-testid={`${id}.page`}>
      <section className="card">
        <h1 className="agent-content__title">{t(title)}</h1>
        <ReportFilters p={report.period} f={r.f} onApply={() => report.setPageNo(1)} testId={id} error={report.query.error}>
          {filters}
        </ReportFilters>
      </section>
      <section className="card" aria-busy={report.query.isFetching}>
        {totals && <ReportTotals testId={id} items={totals} />}
        <p className="money__hint">{t(hint)}</p>
        {report.data && report.data.total === 0 && (
          <p className="no-data" data-testid={`${id}.empty`}>
            {t('rep_none')}
          </p>
        )}
        <ul className="money__list" data-testid={`${id}.rows`}>
          {children}
        </ul>
        <ReportFooter report={report} testId={id} csv={r.csv} onExport={onExport} />
      </section>
    </div>
  );
}
