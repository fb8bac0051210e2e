import { useTranslation } from 'react-i18next';
import { localDateTime } from '../lib/numbers-later.ts';
import type { TTeamBetRow } from '@wl/schemas/wps/agent-team-calls';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import { MemberWho } from './report-parts.tsx';
import { TeamReportFrame, useTeamReport } from './team-report.tsx';

const ID = 'agent-bets';

/**
 * personalHistoryCopy for agents (team betting, docs/0051): the team's bets, one line per bet with
 * its round's payout, newest first, filtered by period, downline and level, paged, with totals over
 * the filter and CSV. The platform reads only the agent's own subtree.
 */
export function TeamBetsPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const r = useTeamReport({
    extra: {},
    queryOptions: (input, o) => trpc.agent.teamBets.queryOptions(input, o),
    fetch: (input) => client.agent.teamBets.query(input),
  });
  const { money } = r;
  const data = r.report.data;
  const exportCsv = () =>
    void r.csv.run(
      `team-bets-${r.report.period.fileSuffix}.csv`,
      [
        t('rep_time'),
        t('agent_account'),
        t('agent_nickname'),
        t('agent_level'),
        t('record_vendor'),
        t('rep_game'),
        t('rep_bet'),
        t('rep_valid_bet'),
        t('rep_payout'),
        t('rep_profit'),
      ],
      (x: TTeamBetRow) => [
        x.time,
        x.username,
        x.nickname,
        x.level,
        x.code,
        x.game,
        x.betMinor / 100,
        x.validBetMinor / 100,
        x.payoutMinor / 100,
        x.profitMinor / 100,
      ],
    );
  const totals = data
    ? ([
        ['count', 'record_bets', t('rep_count_bets', { count: data.total })],
        ['bet', 'rep_bet', money(data.betMinor)],
        ['valid', 'rep_valid_bet', money(data.validBetMinor)],
        ['payout', 'rep_payout', money(data.payoutMinor)],
        ['profit', 'rep_profit', money(data.profitMinor), data.profitMinor < 0],
      ] as const)
    : null;
  return (
    <TeamReportFrame id={ID} title="rep_bets_title" hint="rep_bets_hint" r={r} totals={totals} onExport={exportCsv}>
      {data?.rows.map((x) => (
        <li key={x.id} className="money__row agent-report__row" data-testid={`${ID}.row`} data-username={x.username}>
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
      ))}
    </TeamReportFrame>
  );
}
