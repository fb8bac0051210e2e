import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDateTime } from '../lib/numbers-later.ts';
import type { TAccountRecordType } from '@wl/schemas/wps/record-calls';
import type { TTeamTransactionRow } from '@wl/schemas/wps/agent-team-calls';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import { SelectField } from '../layout/form-controls.tsx';
import { MemberWho } from './report-parts.tsx';
import { moneyColumn, TeamReportFrame, useTeamReport, WHO_COLUMNS, type TTeamCsv } from './team-report.tsx';

const ID = 'agent-tx';
const CSV: TTeamCsv<TTeamTransactionRow> = {
  file: 'account-details',
  columns: [
    ['rep_time', (x) => x.time],
    ...WHO_COLUMNS,
    ['rep_type', (x, t) => t(`record_type_${x.type}`)],
    ['record_vendor', (x) => x.code],
    moneyColumn('rep_amount', (x) => x.amountMinor),
    moneyColumn('rep_balance_after', (x) => x.balanceAfterMinor),
  ],
};
/** The type filter: '' is every type. */
const TYPES: readonly (TAccountRecordType | '')[] = ['', 'deposit', 'withdraw', 'transfer', 'adjustment', 'bonus', 'bet', 'win', 'other'];

/**
 * agentDownlineTransactionDetailsCopy (account details, docs/0051): every movement of the
 * downlines' main wallets by type, newest first, paged, with money in and out over the filter and CSV.
 */
export function TeamTransactionsPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [type, setType] = useState<TAccountRecordType | ''>('');
  const r = useTeamReport({
    extra: type ? { type } : {},
    queryOptions: (input, o) => trpc.agent.teamTransactions.queryOptions(input, o),
    fetch: (input) => client.agent.teamTransactions.query(input),
    csv: CSV,
  });
  const { money, data } = r;
  const totals = data
    ? ([
        ['count', 'rep_entries', t('rep_count_rows', { count: data.total })],
        ['in', 'rep_money_in', money(data.inMinor)],
        ['out', 'rep_money_out', money(-data.outMinor)],
      ] as const)
    : null;
  const typeField = (
    <SelectField
      label={t('rep_type')}
      testId={`${ID}.type`}
      value={type}
      options={TYPES}
      text={(ty) => t(ty ? `record_type_${ty}` : 'record_type_all')}
      onChange={(v) => setType(v as TAccountRecordType | '')}
    />
  );
  return (
    <TeamReportFrame id={ID} title="rep_tx_title" hint="rep_tx_hint" r={r} filters={typeField} totals={totals} onExport={r.exportCsv}>
      {data?.rows.map((x) => (
        <li key={x.id} className="money__row agent-report__row" data-testid={`${ID}.row`} data-type={x.type} data-username={x.username}>
          <MemberWho row={x} />
          <time dateTime={x.time}>{localDateTime(x.time, i18n.language)}</time>
          <span>
            {t(`record_type_${x.type}`)}
            {x.code ? <span translate="no">{` · ${x.code}`}</span> : ''}
          </span>
          <span className={x.amountMinor < 0 ? 'is-negative' : undefined}>{money(x.amountMinor)}</span>
          <span className="money__hint">{t('record_balance_after_value', { balance: money(x.balanceAfterMinor) })}</span>
        </li>
      ))}
    </TeamReportFrame>
  );
}
