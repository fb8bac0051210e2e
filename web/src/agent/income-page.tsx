import { useTranslation } from 'react-i18next';
import { localDateTime } from '../lib/numbers-later.ts';
import { CONTRACT_KINDS } from '@wl/schemas/domain/contracts';
import type { TIncomeRow } from '@wl/schemas/wps/contract-calls';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import '../styles/money.css';
import { QueryError } from '../layout/form-controls.tsx';
import { AgentChart } from './agent-chart.tsx';
import { PeriodPicker, RangeError } from './period-picker.tsx';
import { ReportFooter, useMoney, useReportExport } from './report-parts.tsx';
import { useAgentReport } from './use-agent-report.ts';

const ID = 'income';

/**
 * agentRevenueReport ("my income", docs/0049): the salaries and dividends paid to me for a period —
 * totals by kind, a chart per day, the payments paged, and CSV — read from the ledger, the same
 * entries my bonus record shows.
 */
export function IncomePage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const money = useMoney();
  const report = useAgentReport({
    input: (b) => ({ ...b.period, ...b.tz, ...b.paging }),
    queryOptions: (input, o) => trpc.agent.income.queryOptions(input, o),
    fetch: (input) => client.agent.income.query(input),
  });
  const data = report.data;
  const values = data?.series.map((p) => p.amountMinor) ?? [];
  const csv = useReportExport(report.fetchPage);
  const exportCsv = () =>
    void csv.run(
      `income-${report.period.fileSuffix}.csv`,
      [t('income_col_time'), t('income_col_kind'), t('contract_col_from'), t('contract_col_amount')],
      (r: TIncomeRow) => [r.time, t(`contract_kind_${r.kind}`), r.periodStart, r.amountMinor / 100],
    );

  return (
    <div className="agent-content money" data-testid={`${ID}.page`}>
      <section className="card">
        <h1 className="agent-content__title">{t('income_title')}</h1>
        <PeriodPicker p={report.period} testId={ID} />
        <RangeError p={report.period} testId={ID} />
        <QueryError error={report.query.error} />
      </section>
      <section className="card" aria-busy={report.query.isFetching}>
        <dl className="agent-stats" data-testid={`${ID}.stats`}>
          {data && (
            <>
              <div className="agent-stats__item">
                <dt>{t('income_total')}</dt>
                <dd data-testid={`${ID}.total`}>{money(data.totalMinor)}</dd>
              </div>
              {CONTRACT_KINDS.map((k) => (
                <div key={k} className="agent-stats__item">
                  <dt>{t(`contract_kind_${k}`)}</dt>
                  <dd data-testid={`${ID}.kind.${k}`}>{money(data.byKind[k])}</dd>
                </div>
              ))}
            </>
          )}
        </dl>
        {data && values.every((v) => v === 0) && <p className="no-data">{t('income_none')}</p>}
        {data && (
          <AgentChart
            points={data.series.map((p) => ({ label: p.label, value: p.amountMinor }))}
            label={t('income_chart_caption')}
            summary={t('agent_chart_summary', { max: money(Math.max(...values)), min: money(Math.min(...values)), count: values.length })}
            format={money}
          />
        )}
      </section>
      <section className="card">
        <h2>{t('income_payments')}</h2>
        <ul className="money__list" data-testid={`${ID}.rows`}>
          {data?.rows.map((r) => (
            <li key={r.id} className="money__row" data-testid={`${ID}.row`} data-kind={r.kind}>
              <time dateTime={r.time}>{localDateTime(r.time, i18n.language)}</time>
              <span>{t(`contract_kind_${r.kind}`)}</span>
              <strong>{money(r.amountMinor)}</strong>
            </li>
          ))}
        </ul>
        <ReportFooter report={report} testId={ID} csv={csv} onExport={exportCsv} />
      </section>
    </div>
  );
}
