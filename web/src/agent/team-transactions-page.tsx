import { useTranslation } from 'react-i18next';
import { localDateTime } from '../lib/numbers-later.ts';
import type { TAccountRecordType } from '@wl/schemas/wps/record-calls';
import { MemberWho } from './report-parts.tsx';
import { moneyColumn, TeamReportPage, WHO_COLUMNS, type TTeamReportSpec } from './team-report.tsx';

const SPEC: TTeamReportSpec<'teamTransactions', TAccountRecordType | ''> = {
  procedure: 'teamTransactions',
  id: 'agent-tx',
  title: 'rep_tx_title',
  hint: 'rep_tx_hint',
  // '' is every type.
  select: {
    name: 'type',
    label: 'rep_type',
    options: ['', 'deposit', 'withdraw', 'transfer', 'adjustment', 'bonus', 'bet', 'win', 'other'],
    text: (ty, t) => t(ty ? `record_type_${ty}` : 'record_type_all'),
    extra: (ty) => (ty ? { type: ty } : {}),
  },
  csv: {
    file: 'account-details',
    columns: [
      ['rep_time', (x) => x.time],
      ...WHO_COLUMNS,
      ['rep_type', (x, t) => t(`record_type_${x.type}`)],
      ['record_vendor', (x) => x.code],
      moneyColumn('rep_amount', (x) => x.amountMinor),
      moneyColumn('rep_balance_after', (x) => x.balanceAfterMinor),
    ],
  },
  totals: (data, money, t) => [
    ['count', 'rep_entries', t('rep_count_rows', { count: data.total })],
    ['in', 'rep_money_in', money(data.inMinor)],
    ['out', 'rep_money_out', money(-data.outMinor)],
  ],
};

/**
 * agentDownlineTransactionDetailsCopy (account details, docs/0051): every movement of the
 * downlines' main wallets by type, newest first, paged, with money in and out over the filter and CSV.
 */
export function TeamTransactionsPage() {
  const { t, i18n } = useTranslation();
  return (
    <TeamReportPage
      spec={SPEC}
      row={(x, money) => (
        <li key={x.id} className="money__row agent-report__row" data-testid={`${SPEC.id}.row`} data-type={x.type} data-username={x.username}>
          <MemberWho row={x} />
          <time dateTime={x.time}>{localDateTime(x.time, i18n.language)}</time>
          <span>
            {t(`record_type_${x.type}`)}
            {x.code ? <span translate="no">{` · ${x.code}`}</span> : ''}
          </span>
          <span className={x.amountMinor < 0 ? 'is-negative' : undefined}>{money(x.amountMinor)}</span>
          <span className="money__hint">{t('record_balance_after_value', { balance: money(x.balanceAfterMinor) })}</span>
        </li>
      )}
    />
  );
}
