import { useState, type ReactNode } from 'react';
import type { UseQueryOptions } from '@tanstack/react-query';
import type { TRPCQueryKey } from '@trpc/tanstack-react-query';
import type { TRPCClientErrorLike } from '@trpc/client';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { useTRPC, useTRPCClient, type AppRouter } from '../api/trpc.ts';
import '../styles/money.css';
import '../styles/agent-reports.css';
import { ReportFilters, ReportFooter, ReportTotals, useAccountFilter, useMoney, useReportExport } from './report-parts.tsx';
import { useAgentReport } from './use-agent-report.ts';
import { SelectField } from '../layout/form-controls.tsx';

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

/** The agent procedures that are team reports (docs/0051). */
type TTeamProcedure = 'teamBets' | 'teamProfit' | 'teamTransactions';
type TTeamIn<P extends TTeamProcedure> = inferRouterInputs<AppRouter>['agent'][P];
type TTeamOut<P extends TTeamProcedure> = inferRouterOutputs<AppRouter>['agent'][P];
/** A team report's own filter (a sort, a type): what its input takes beyond the common ones. */
export type TTeamExtra<P extends TTeamProcedure> = Omit<TTeamIn<P>, keyof TTeamInput>;
/** One row of a team report's answer. */
export type TTeamRow<P extends TTeamProcedure> = TTeamOut<P>['rows'][number];

type TTeamCall<P extends TTeamProcedure> = {
  queryOptions: (
    input: TTeamIn<P>,
    opts: { enabled: boolean; staleTime: number },
  ) => UseQueryOptions<TTeamOut<P>, TRPCClientErrorLike<AppRouter>, TTeamOut<P>, TRPCQueryKey>;
  fetch: (input: TTeamIn<P>) => Promise<TTeamOut<P>>;
};

/** The query and the plain call of each team report, by procedure. */
function useTeamCalls(): { [P in TTeamProcedure]: TTeamCall<P> } {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return {
    teamBets: { queryOptions: (i, o) => trpc.agent.teamBets.queryOptions(i, o), fetch: client.agent.teamBets.query },
    teamProfit: { queryOptions: (i, o) => trpc.agent.teamProfit.queryOptions(i, o), fetch: client.agent.teamProfit.query },
    teamTransactions: { queryOptions: (i, o) => trpc.agent.teamTransactions.queryOptions(i, o), fetch: client.agent.teamTransactions.query },
  };
}

/** A team report's totals over the filter: test id key, label key, value, whether it is a loss. */
type TTotals = readonly (readonly [string, string, string, boolean?])[];

/** A report's own filter (a sort, a type): one select, its first option chosen at first, whose choice goes into the input. */
type TTeamSelect<P extends TTeamProcedure, V extends string> = {
  /** Its test id after the report's id, and its label's text key. */
  name: string;
  label: string;
  options: readonly [V, ...V[]];
  text: (option: V, t: TFunction) => string;
  extra: (choice: V) => TTeamExtra<P>;
};

/** What tells one team report from another: its call, its ids and texts, its own filter, its CSV and its totals. */
export type TTeamReportSpec<P extends TTeamProcedure, V extends string = never> = {
  procedure: P;
  id: string;
  title: string;
  hint: string;
  select?: TTeamSelect<P, V>;
  csv: TTeamCsv<TTeamRow<P>>;
  totals: (data: TTeamOut<P>, money: (minor: number) => string, t: TFunction) => TTotals;
};

/**
 * A team report (docs/0051): the account and level filter, the period and page, the call of the
 * spec's procedure, the export of its CSV. `extra` is the report's own filter; changing it starts at page 1.
 */
function useTeamReport<P extends TTeamProcedure, V extends string>(spec: TTeamReportSpec<P, V>, extra: TTeamExtra<P> | undefined) {
  const { t } = useTranslation();
  const f = useAccountFilter();
  const call = useTeamCalls()[spec.procedure];
  const report = useAgentReport({
    input: (b) => ({ ...b.period, username: f.account, level: f.level, ...extra, ...b.paging }) as TTeamIn<P>,
    queryOptions: (input, o) => call.queryOptions(input, o),
    fetch: (input) => call.fetch(input),
  });
  const csv = useReportExport<TTeamRow<P>>(report.fetchPage);
  const { file, columns } = spec.csv;
  const exportCsv = () =>
    void csv.run(
      `${file}-${report.period.fileSuffix}.csv`,
      columns.map(([title]) => t(title)),
      (row) => columns.map(([, cell]) => cell(row, t)),
    );
  return { f, report, csv, exportCsv };
}

/** A team report's page: title, filters (with the report's own select), totals, hint, one `row` per answer row, pager and export. */
export function TeamReportPage<P extends TTeamProcedure, V extends string>({
  spec,
  row,
}: {
  spec: TTeamReportSpec<P, V>;
  row: (x: TTeamRow<P>, money: (minor: number) => string) => ReactNode;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { select } = spec;
  const [choice, setChoice] = useState(select?.options[0]);
  const { f, report, csv, exportCsv } = useTeamReport(spec, select && choice !== undefined ? select.extra(choice) : undefined);
  const { id } = spec;
  const { data } = report;
  // The same answer seen as its rows and count, which a generic answer type cannot narrow to.
  const list: { rows: readonly TTeamRow<P>[]; total: number } | undefined = data;
  return (
    <div className="agent-content money" data-testid={`${id}.page`}>
      <section className="card">
        <h1 className="agent-content__title">{t(spec.title)}</h1>
        <ReportFilters p={report.period} f={f} onApply={() => report.setPageNo(1)} testId={id} error={report.query.error}>
          {select && choice !== undefined && (
            <SelectField
              label={t(select.label)}
              testId={`${id}.${select.name}`}
              value={choice}
              options={select.options}
              text={(o) => select.text(o, t)}
              onChange={(v) => setChoice(select.options.find((o) => o === v))}
            />
          )}
        </ReportFilters>
      </section>
      <section className="card" aria-busy={report.query.isFetching}>
        {data && <ReportTotals testId={id} items={spec.totals(data, money, t)} />}
        <p className="money__hint">{t(spec.hint)}</p>
        {list && list.total === 0 && (
          <p className="no-data" data-testid={`${id}.empty`}>
            {t('rep_none')}
          </p>
        )}
        <ul className="money__list" data-testid={`${id}.rows`}>
          {list?.rows.map((x) => row(x, money))}
        </ul>
        <ReportFooter report={report} testId={id} csv={csv} onExport={exportCsv} />
      </section>
    </div>
  );
}
