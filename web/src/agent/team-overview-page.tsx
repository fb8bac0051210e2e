import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECORD_MAX_RANGE_DAYS, toCsv } from '@wl/schemas/domain/records';
import type { TTeamPoint } from '@wl/schemas/wps/agent-calls';
import { Field } from '../accounts/form-parts.tsx';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { formatMinor, formatNumber } from '../lib/numbers.ts';
import { useSession } from '../session/session-context.tsx';
import '../styles/money.css';
import { AgentChart } from './agent-chart.tsx';
import { AGENT_PERIODS, dayText, midnight, periodRange, type TAgentPeriod } from './agent-periods.ts';

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
 * agentTeamOverview (SPEC §2, issue 10 item 2): the team's size, new and active members, deposits,
 * withdrawals, valid bets and profit and loss for a period, a chart of one figure over the period,
 * and the series as CSV. The platform reads only the agent's own subtree (docs/0046).
 */
export function TeamOverviewPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const session = useSession();
  const currency = session.balance?.currencySymbol ?? '';
  const money = (minor: number) => formatMinor(minor, language, currency);
  const [period, setPeriod] = useState<TAgentPeriod>('thisWeek');
  const today = dayText(new Date());
  const [custom, setCustom] = useState({ from: dayText(midnight(today, -6)), to: today });
  const [metric, setMetric] = useState<TMetric>('validBetMinor');
  const range = periodRange(period, new Date(), custom);
  const days = Math.round((range.to.getTime() - range.from.getTime()) / 86_400_000);
  const rangeProblem = days < 1 ? 'record_range_invalid' : days > RECORD_MAX_RANGE_DAYS ? 'record_range_too_long' : null;
  const overview = useQuery(
    trpc.agent.teamOverview.queryOptions(
      { from: range.from.toISOString(), to: range.to.toISOString(), tzOffsetMinutes: -new Date().getTimezoneOffset() },
      { enabled: rangeProblem === null, staleTime: 0 },
    ),
  );
  const data = overview.data;
  const show = (m: TMetric, v: number) => (m === 'newMembers' ? formatNumber(v, language) : money(v));

  const exportCsv = () => {
    if (!data) return;
    const header = [t('agent_col_period'), t('agent_new_members'), t('agent_deposits'), t('agent_withdrawals'), t('agent_valid_bets'), t('agent_payout'), t('agent_profit')];
    const rows = data.series.map((p: TTeamPoint) => [p.label, p.newMembers, p.depositMinor / 100, p.withdrawMinor / 100, p.validBetMinor / 100, p.payoutMinor / 100, p.profitMinor / 100]);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob(['\uFEFF', toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }));
    link.download = `team-overview-${dayText(range.from)}-${dayText(new Date(range.to.getTime() - 1))}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const points = data?.series.map((p) => ({ label: p.label, value: p[metric] })) ?? [];
  const values = points.map((p) => p.value);
  const metricLabel = t(METRICS.find(([m]) => m === metric)![1]);
  return (
    <div className="agent-content money" data-testid="agent-overview.page">
      <section className="card">
        <h1 className="agent-content__title">{t('agent_overview_title')}</h1>
        <div className="money__quick" role="group" aria-label={t('agent_periods')}>
          {AGENT_PERIODS.map((p) => (
            <button key={p} type="button" className={`btn btn--ghost btn--small${period === p ? ' is-active' : ''}`} aria-pressed={period === p} data-testid={`agent-overview.period.${p}`} onClick={() => setPeriod(p)}>
              {t(`agent_period_${p}`)}
            </button>
          ))}
        </div>
        {period === 'custom' && (
          <div className="money__grid">
            <Field label={t('record_from')}>
              <input className="input" type="date" data-testid="agent-overview.from" value={custom.from} max={custom.to} onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))} />
            </Field>
            <Field label={t('record_to')}>
              <input className="input" type="date" data-testid="agent-overview.to" value={custom.to} min={custom.from} onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))} />
            </Field>
          </div>
        )}
        {rangeProblem && (
          <p className="form__error" role="alert" data-testid="agent-overview.range-error">
            {t(rangeProblem, { days: RECORD_MAX_RANGE_DAYS })}
          </p>
        )}
        {overview.error && (
          <p className="form__error" role="alert">
            {t(errorKey(overview.error))}
          </p>
        )}
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
        <Field label={t('agent_chart_metric')}>
          <select className="input" data-testid="agent-overview.metric" value={metric} onChange={(e) => setMetric(e.target.value as TMetric)}>
            {METRICS.map(([m, label]) => (
              <option key={m} value={m}>
                {t(label)}
              </option>
            ))}
          </select>
        </Field>
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
