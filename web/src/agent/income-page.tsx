import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { localDateTime } from '../lib/numbers-later.ts';
import { formatMinor } from '../lib/numbers.ts';
import { CONTRACT_KINDS } from '@wl/schemas/domain/contracts';
import { RECORD_EXPORT_MAX_ROWS, RECORD_MAX_RANGE_DAYS, toCsv } from '@wl/schemas/domain/records';
import { Field } from '../accounts/form-parts.tsx';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { RecordPager } from '../layout/record-pager.tsx';
import { useSession } from '../session/session-context.tsx';
import '../styles/money.css';
import { AgentChart } from './agent-chart.tsx';
import { AGENT_PERIODS, dayText, midnight, periodRange, type TAgentPeriod } from './agent-periods.ts';

const PAGE_SIZE = 20;
const EXPORT_PAGE = 100;

/**
 * agentRevenueReport (SPEC §2 "my income", issue 10): the salaries and dividends paid to me for a
 * period — totals by kind, a chart per day, the payments paged, and CSV — read from the ledger, the
 * same entries my bonus record shows (docs/0049).
 */
export function IncomePage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const session = useSession();
  const currency = session.balance?.currencySymbol ?? '';
  const money = (minor: number) => formatMinor(minor, language, currency);
  const [period, setPeriod] = useState<TAgentPeriod>('thisWeek');
  const today = dayText(new Date());
  const [custom, setCustom] = useState({ from: dayText(midnight(today, -6)), to: today });
  const [pageNo, setPageNo] = useState(1);
  const [exportNote, setExportNote] = useState<string | null>(null);
  const range = periodRange(period, new Date(), custom);
  const days = Math.round((range.to.getTime() - range.from.getTime()) / 86_400_000);
  const rangeProblem = days < 1 ? 'record_range_invalid' : days > RECORD_MAX_RANGE_DAYS ? 'record_range_too_long' : null;
  const query = { from: range.from.toISOString(), to: range.to.toISOString(), tzOffsetMinutes: -new Date().getTimezoneOffset() };
  const income = useQuery(trpc.agent.income.queryOptions({ ...query, pageNo, pageSize: PAGE_SIZE }, { enabled: rangeProblem === null, staleTime: 0 }));
  const data = income.data;
  const values = data?.series.map((p) => p.amountMinor) ?? [];

  const exportCsv = async () => {
    setExportNote(null);
    try {
      const lines: (string | number)[][] = [];
      for (let page = 1; lines.length < RECORD_EXPORT_MAX_ROWS; page += 1) {
        const p = await client.agent.income.query({ ...query, pageNo: page, pageSize: EXPORT_PAGE });
        lines.push(...p.rows.map((r) => [r.time, t(`contract_kind_${r.kind}`), r.periodStart, r.amountMinor / 100]));
        if (page * EXPORT_PAGE >= p.total) break;
      }
      const header = [t('income_col_time'), t('income_col_kind'), t('contract_col_from'), t('contract_col_amount')];
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob(['\uFEFF', toCsv(header, lines.slice(0, RECORD_EXPORT_MAX_ROWS))], { type: 'text/csv;charset=utf-8' }));
      link.download = `income-${dayText(range.from)}-${dayText(new Date(range.to.getTime() - 1))}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
      setExportNote(lines.length > RECORD_EXPORT_MAX_ROWS ? t('record_export_capped', { count: RECORD_EXPORT_MAX_ROWS }) : t('record_exported', { count: lines.length }));
    } catch (err) {
      setExportNote(t(errorKey(err)));
    }
  };

  return (
    <div className="agent-content money" data-testid="income.page">
      <section className="card">
        <h1 className="agent-content__title">{t('income_title')}</h1>
        <div className="money__quick" role="group" aria-label={t('agent_periods')}>
          {AGENT_PERIODS.map((p) => (
            <button key={p} type="button" className={`btn btn--ghost btn--small${period === p ? ' is-active' : ''}`} aria-pressed={period === p} data-testid={`income.period.${p}`} onClick={() => { setPeriod(p); setPageNo(1); }}>
              {t(`agent_period_${p}`)}
            </button>
          ))}
        </div>
        {period === 'custom' && (
          <div className="money__grid">
            <Field label={t('record_from')}>
              <input className="input" type="date" data-testid="income.from" value={custom.from} max={custom.to} onChange={(e) => { setCustom((c) => ({ ...c, from: e.target.value })); setPageNo(1); }} />
            </Field>
            <Field label={t('record_to')}>
              <input className="input" type="date" data-testid="income.to" value={custom.to} min={custom.from} onChange={(e) => { setCustom((c) => ({ ...c, to: e.target.value })); setPageNo(1); }} />
            </Field>
          </div>
        )}
        {rangeProblem && (
          <p className="form__error" role="alert">
            {t(rangeProblem, { days: RECORD_MAX_RANGE_DAYS })}
          </p>
        )}
        {income.error && (
          <p className="form__error" role="alert">
            {t(errorKey(income.error))}
          </p>
        )}
      </section>
      <section className="card" aria-busy={income.isFetching}>
        <dl className="agent-stats" data-testid="income.stats">
          {data && (
            <>
              <div className="agent-stats__item">
                <dt>{t('income_total')}</dt>
                <dd data-testid="income.total">{money(data.totalMinor)}</dd>
              </div>
              {CONTRACT_KINDS.map((k) => (
                <div key={k} className="agent-stats__item">
                  <dt>{t(`contract_kind_${k}`)}</dt>
                  <dd data-testid={`income.kind.${k}`}>{money(data.byKind[k])}</dd>
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
        <ul className="money__list" data-testid="income.rows">
          {data?.rows.map((r) => (
            <li key={r.id} className="money__row" data-testid="income.row" data-kind={r.kind}>
              <time dateTime={r.time}>{localDateTime(r.time, i18n.language)}</time>
              <span>{t(`contract_kind_${r.kind}`)}</span>
              <strong>{money(r.amountMinor)}</strong>
            </li>
          ))}
        </ul>
        <RecordPager pageNo={pageNo} total={data?.total} pageSize={PAGE_SIZE} onPage={setPageNo} testId="income" />
        <button type="button" className="btn btn--ghost btn--block" data-testid="income.export" disabled={!data || data.total === 0} onClick={() => void exportCsv()}>
          {t('record_export')}
        </button>
        {exportNote && (
          <p className="money__hint" role="status" data-testid="income.export-note">
            {exportNote}
          </p>
        )}
      </section>
    </div>
  );
}
