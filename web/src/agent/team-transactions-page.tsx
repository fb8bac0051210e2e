import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { localDateTime } from '../lib/numbers-later.ts';
import { formatMinor } from '../lib/numbers.ts';
import type { TAccountRecordType } from '@wl/schemas/wps/record-calls';
import type { TTeamTransactionRow } from '@wl/schemas/wps/agent-team-calls';
import { Field } from '../accounts/form-parts.tsx';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import { useSession } from '../session/session-context.tsx';
import '../styles/money.css';
import '../styles/agent-reports.css';
import { ExportButton, REPORT_PAGE_SIZE, ReportFilters, ReportPager, ReportTotals, useReportExport, useReportFilters } from './report-parts.tsx';

const ID = 'agent-tx';
const TYPES: readonly TAccountRecordType[] = ['deposit', 'withdraw', 'transfer', 'adjustment', 'bonus', 'bet', 'win', 'other'];

/**
 * agentDownlineTransactionDetailsCopy (SPEC §2 account details, issue 10 item 2): every movement of
 * the downlines' main wallets by type, newest first, paged, with money in and out over the filter
 * and CSV (docs/0051).
 */
export function TeamTransactionsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const session = useSession();
  const money = (minor: number) => formatMinor(minor, language, session.balance?.currencySymbol ?? '');
  const f = useReportFilters();
  const [type, setTypeState] = useState<TAccountRecordType | ''>('');
  const setType = f.reset(setTypeState);
  const query = (page: number, size: number) => ({ ...f.query(page, size), ...(type ? { type } : {}) });
  const list = useQuery(trpc.agent.teamTransactions.queryOptions(query(f.pageNo, REPORT_PAGE_SIZE), { enabled: f.rangeProblem === null, staleTime: 0 }));
  const data = list.data;
  const csv = useReportExport((page, size) => client.agent.teamTransactions.query(query(page, size)));
  const exportCsv = () =>
    void csv.run(
      `account-details-${f.fileSuffix}.csv`,
      [t('rep_time'), t('agent_account'), t('agent_nickname'), t('agent_level'), t('rep_type'), t('record_vendor'), t('rep_amount'), t('rep_balance_after')],
      (r: TTeamTransactionRow) => [r.time, r.username, r.nickname, r.level, t(`record_type_${r.type}`), r.code, r.amountMinor / 100, r.balanceAfterMinor / 100],
    );
  return (
    <div className="agent-content money" data-testid={`${ID}.page`}>
      <section className="card">
        <h1 className="agent-content__title">{t('rep_tx_title')}</h1>
        <ReportFilters f={f} testId={ID} error={list.error}>
          <Field label={t('rep_type')}>
            <select className="input" data-testid={`${ID}.type`} value={type} onChange={(e) => setType(e.target.value as TAccountRecordType | '')}>
              <option value="">{t('record_type_all')}</option>
              {TYPES.map((ty) => (
                <option key={ty} value={ty}>
                  {t(`record_type_${ty}`)}
                </option>
              ))}
            </select>
          </Field>
        </ReportFilters>
      </section>
      <section className="card" aria-busy={list.isFetching}>
        {data && (
          <ReportTotals
            testId={ID}
            items={[
              ['count', 'rep_entries', t('rep_count_rows', { count: data.total })],
              ['in', 'rep_money_in', money(data.inMinor)],
              ['out', 'rep_money_out', money(-data.outMinor)],
            ]}
          />
        )}
        <p className="money__hint">{t('rep_tx_hint')}</p>
        {data && data.total === 0 && <p className="no-data" data-testid={`${ID}.empty`}>{t('rep_none')}</p>}
        <ul className="money__list" data-testid={`${ID}.rows`}>
          {data?.rows.map((r) => (
            <li key={r.id} className="money__row agent-report__row" data-testid={`${ID}.row`} data-type={r.type} data-username={r.username}>
              <span className="agent-report__who">
                <strong translate="no">{r.nickname}</strong> <span className="money__hint"><span translate="no">{r.username}</span> · {t('agent_level_n', { level: r.level })}</span>
              </span>
              <time dateTime={r.time}>{localDateTime(r.time, i18n.language)}</time>
              <span>
                {t(`record_type_${r.type}`)}
                {r.code ? <span translate="no">{` · ${r.code}`}</span> : ''}
              </span>
              <span className={r.amountMinor < 0 ? 'is-negative' : undefined}>{money(r.amountMinor)}</span>
              <span className="money__hint">{t('record_balance_after_value', { balance: money(r.balanceAfterMinor) })}</span>
            </li>
          ))}
        </ul>
        <ReportPager f={f} total={data?.total ?? 0} testId={ID} />
        <ExportButton testId={ID} disabled={!data || data.total === 0} busy={csv.busy} note={csv.note} onClick={exportCsv} />
      </section>
    </div>
  );
}
