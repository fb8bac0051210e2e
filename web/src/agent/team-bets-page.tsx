import { useTranslation } from 'react-i18next';
import { localDateTime } from '../lib/numbers-later.ts';
import { MemberWho } from './report-parts.tsx';
import { moneyColumn, TeamReportPage, WHO_COLUMNS, type TTeamReportSpec } from './team-report.tsx';

const SPEC: TTeamReportSpec<'teamBets'> = {
  procedure: 'teamBets',
  id: 'agent-bets',
  title: 'rep_bets_title',
  hint: 'rep_bets_hint',
  csv: {
    file: 'team-bets',
    columns: [
      ['rep_time', (x) => x.time],
      ...WHO_COLUMNS,
      ['record_vendor', (x) => x.code],
      ['rep_game', (x) => x.game],
      moneyColumn('rep_bet', (x) => x.betMinor),
      moneyColumn('rep_valid_bet', (x) => x.validBetMinor),
      moneyColumn('rep_payout', (x) => x.payoutMinor),
      moneyColumn('rep_profit', (x) => x.profitMinor),
    ],
  },
  totals: (data, money, t) => [
    ['count', 'record_bets', t('rep_count_bets', { count: data.total })],
    ['bet', 'rep_bet', money(data.betMinor)],
    ['valid', 'rep_valid_bet', money(data.validBetMinor)],
    ['payout', 'rep_payout', money(data.payoutMinor)],
    ['profit', 'rep_profit', money(data.profitMinor), data.profitMinor < 0],
  ],
};

/**
 * personalHistoryCopy for agents (team betting, docs/0051): the team's bets, one line per bet with
 * its round's payout, newest first, filtered by period, downline and level, paged, with totals over
 * the filter and CSV. The platform reads only the agent's own subtree.
 */
export function TeamBetsPage() {
  const { t, i18n } = useTranslation();
  return (
    <TeamReportPage
      spec={SPEC}
      row={(x, money) => (
        <li key={x.id} className="money__row agent-report__row" data-testid={`${SPEC.id}.row`} data-username={x.username}>
          <MemberWho row={x} />
          <time dateTime={x.time}>{localDateTime(x.time, i18n.language)}</time>
          <span translate="no">{[x.code, x.game].filter(Boolean).join(' · ')}</span>
          <span className="agent-report__figures">
            {t('rep_bet')} {money(x.betMinor)} · {t('rep_valid_bet')} {money(x.validBetMinor)} · {t('rep_payout')} {money(x.payoutMinor)} ·{' '}
            <span className={x.profitMinor < 0 ? 'is-negative' : undefined}>
              {t('rep_profit')} {money(x.profitMinor)}
            </span>
          </span>
        </li>
      )}
    />
  );
}
