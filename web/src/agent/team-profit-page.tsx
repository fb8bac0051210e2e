import { useTranslation } from 'react-i18next';
import { TEAM_PROFIT_SORTS, type TTeamProfitSort } from '@wl/schemas/domain/agent-team';
import { MemberWho } from './report-parts.tsx';
import { moneyColumn, TeamReportPage, WHO_COLUMNS, type TTeamReportSpec } from './team-report.tsx';

const SPEC: TTeamReportSpec<'teamProfit', TTeamProfitSort> = {
  procedure: 'teamProfit',
  id: 'agent-pnl',
  title: 'rep_profit_title',
  hint: 'rep_profit_hint',
  select: { name: 'sort', label: 'rep_sort', options: TEAM_PROFIT_SORTS, text: (s, t) => t(`rep_sort_${s}`), extra: (sort) => ({ sort }) },
  csv: {
    file: 'user-pnl',
    columns: [
      ...WHO_COLUMNS,
      moneyColumn('rep_deposit', (x) => x.depositMinor),
      moneyColumn('rep_withdraw', (x) => x.withdrawMinor),
      moneyColumn('rep_valid_bet', (x) => x.validBetMinor),
      moneyColumn('rep_payout', (x) => x.payoutMinor),
      moneyColumn('rep_bonus', (x) => x.bonusMinor),
      moneyColumn('rep_profit', (x) => x.profitMinor),
    ],
  },
  totals: (data, money, t) => [
    ['count', 'rep_member', t('rep_count_members', { count: data.total })],
    ['deposit', 'rep_deposit', money(data.depositMinor)],
    ['withdraw', 'rep_withdraw', money(data.withdrawMinor)],
    ['valid', 'rep_valid_bet', money(data.validBetMinor)],
    ['payout', 'rep_payout', money(data.payoutMinor)],
    ['bonus', 'rep_bonus', money(data.bonusMinor)],
    ['profit', 'rep_profit', money(data.profitMinor), data.profitMinor < 0],
  ],
};

/**
 * palStatementsAgentCopy (user loss, docs/0051): per downline with any movement in the period,
 * deposits, withdrawals, valid bets, payout, bonus and P&L, sorted (biggest loss first by default),
 * paged, with totals over the filter and CSV.
 */
export function TeamProfitPage() {
  const { t } = useTranslation();
  return (
    <TeamReportPage
      spec={SPEC}
      row={(x, money) => (
        <li key={x.memberId} className="money__row agent-report__row" data-testid={`${SPEC.id}.row`} data-username={x.username}>
          <MemberWho row={x} />
          <span className="agent-report__figures">
            {t('rep_deposit')} {money(x.depositMinor)} · {t('rep_withdraw')} {money(x.withdrawMinor)} · {t('rep_valid_bet')} {money(x.validBetMinor)} ·{' '}
            {t('rep_payout')} {money(x.payoutMinor)} · {t('rep_bonus')} {money(x.bonusMinor)}
          </span>
          <strong className={x.profitMinor < 0 ? 'is-negative' : undefined} data-testid={`${SPEC.id}.row-profit`}>
            {t('rep_profit')} {money(x.profitMinor)}
          </strong>
        </li>
      )}
    />
  );
}
