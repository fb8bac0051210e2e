import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTeamPoint } from '@wl/schemas/wps/agent-calls';
import { useTRPC } from '../api/trpc.ts';
import { downloadCsv } from '../lib/csv-export.ts';
import { formatNumber } from '../lib/numbers.ts';
import '../styles/money.css';
import { QueryError, SelectField } from '../layout/form-controls.tsx';
import { AgentChart } from './agent-chart.tsx';
import { PeriodPicker, RangeError } from './period-picker.tsx';
import { useMoney } from './report-parts.tsx';
import { useAgentReport } from './use-agent-report.ts';

/** What the chart can show: the money figures and the new members. */
const METRICS = [
  ['validBetMinor', 'agent_valid_bets'],
  ['profitMinor', 'agent_profit'],
  ['depositMinor', 'agent_deposits'],
  ['withdrawMinor', 'agent_withdrawals'],
  ['newMembers', 'agent_new_members'],
] as const;
type TMetric = (typeof METRICS)[number][0];

/**
 * agentTeamOverview (docs/0046): the team's size, new and active members, deposits,
 * withdrawals, valid bets and profit and loss for a period, a chart of one figure over the period,
 * and the series as CSV. The platform reads only the agent's own subtree.
 */
export function TeamOverviewPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const money = useMoney();
  const [metric, setMetric] = useState<TMetric>('validBetMinor');
  const report = useAgentReport({
    input: (b) => ({ ...b.period, ...b.tz }),
    queryOptions: (input, o) => trpc.agent.teamOverview.queryOptions(input, o),
  });
  const overview = report.query;
  const data = overview.data;
  const show = (m: TMetric, v: number) => (m === 'newMembers' ? formatNumber(v, language) : money(v));

  const exportCsv = () => {
    if (!data) return;
    const header = [
      t('agent_col_period'),
      t('agent_new_members'),
      t('agent_deposits'),
      t('agent_withdrawals'),
      t('agent_valid_bets'),
      t('agent_payout'),
      t('agent_profit'),
    ];
    const rows = data.series.map((p: TTeamPoint) => [
      p.label,
      p.newMembers,
      p.depositMinor / 100,
      p.withdrawMinor / 100,
      p.validBetMinor / 100,
      p.payoutMinor / 100,
      p.profitMinor / 100,
    ]);
    downloadCsv(`team-overview-${report.period.fileSuffix}.csv`, header, rows);
  };

  const points = data?.series.map((p) => ({ label: p.label, value: p[metric] })) ?? [];
  const values = points.map((p) => p.value);
  const labelOf = (m: TMetric) => t(METRICS.find(([x]) => x === m)![1]);
  const metricLabel = labelOf(metric);
  return (
    <div className="agent-content money" data-testid="agent-overview.page">
      <section className="card">
        <h1 className="agent-content__title">{t('agent_overview_title')}</h1>
        <PeriodPicker p={report.period} testId="agent-overview" />
        <RangeError p={report.period} testId="agent-overview" />
        <QueryError error={overview.error} />
      </section>
      <section className="card" aria-busy={overview.isFetching}>
        <dl className="agent-stats" data-testid="agent-overview.stats">
          {data &&
            (
              [
                ['team', 'agent_team_size', formatNumber(data.teamSize, language)],
                ['direct', 'agent_direct', formatNumber(data.directCount, language)],
                ['new', 'agent_new_members', formatNumber(data.newMembers, language)],
                ['active', 'agent_active_members', formatNumber(data.activeMembers, language)],
                ['deposit', 'agent_deposits', money(data.depositMinor)],
                ['withdraw', 'agent_withdrawals', money(data.withdrawMinor)],
                ['bets', 'agent_valid_bets', money(data.validBetMinor)],
                ['payout', 'agent_payout', money(data.payoutMinor)],
                ['profit', 'agent_profit', money(data.profitMinor)],
              ] as const
            ).map(([key, label, value]) => (
              <div key={key} className="agent-stats__item">
                <dt>{t(label)}</dt>
                <dd data-testid={`agent-overview.${key}`} className={key === 'profit' && data.profitMinor < 0 ? 'is-negative' : undefined}>
                  {value}
                </dd>
              </div>
            ))}
        </dl>
        <p className="money__hint">{t('agent_profit_hint')}</p>
      </section>
      <section className="card">
        <SelectField
          label={t('agent_chart_metric')}
          testId="agent-overview.metric"
          value={metric}
          options={METRICS.map(([m]) => m)}
          text={labelOf}
          onChange={(v) => setMetric(v as TMetric)}
        />
        {data && values.every((v) => v === 0) && <p className="no-data">{t('agent_chart_empty')}</p>}
        {data && (
          <AgentChart
            points={points}
            label={t('agent_chart_caption', { metric: metricLabel, bucket: t(`agent_bucket_${data.bucket}`) })}
            summary={t('agent_chart_summary', { max: show(metric, Math.max(...values)), min: show(metric, Math.min(...values)), count: values.length })}
            format={(v) => show(metric, v)}
          />
        )}
        <button type="button" className="btn btn--ghost btn--block" data-testid="agent-overview.export" disabled={!data} onClick={exportCsv}>
          {t('record_export')}
        </button>
      </section>
    </div>
  );
}
