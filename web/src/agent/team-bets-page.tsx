import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { localDateTime } from '../lib/numbers-later.ts';
import { formatMinor } from '../lib/numbers.ts';
import type { TTeamBetRow } from '@wl/schemas/wps/agent-team-calls';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import { useSession } from '../session/session-context.tsx';
import '../styles/money.css';
import '../styles/agent-reports.css';
import { ExportButton, REPORT_PAGE_SIZE, ReportFilters, ReportPager, ReportTotals, useReportExport, useReportFilters } from './report-parts.tsx';

const ID = 'agent-bets';

/**
 * personalHistoryCopy for agents (SPEC §2 team betting, issue 10 item 2): the team's bets, one line
 * per bet with its round's payout, newest first, filtered by period, downline and level, paged, with
 * totals over the filter and CSV. The platform reads only the agent's own subtree (docs/0051).
 */
export function TeamBetsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const session = useSession();
  const money = (minor: number) => formatMinor(minor, language, session.balance?.currencySymbol ?? '');
  const f = useReportFilters();
  const bets = useQuery(trpc.agent.teamBets.queryOptions(f.query(f.pageNo, REPORT_PAGE_SIZE), { enabled: f.rangeProblem === null, staleTime: 0 }));
  const data = bets.data;
  const csv = useReportExport((page, size) => client.agent.teamBets.query(f.query(page, size)));
  const exportCsv = () =>
    void csv.run(
      `team-bets-${f.fileSuffix}.csv`,
      [t('rep_time'), t('agent_account'), t('agent_nickname'), t('agent_level'), t('record_vendor'), t('rep_game'), t('rep_bet'), t('rep_valid_bet'), t('rep_payout'), t('rep_profit')],
      (r: TTeamBetRow) => [r.time, r.username, r.nickname, r.level, r.code, r.game, r.betMinor / 100, r.validBetMinor / 100, r.payoutMinor / 100, r.profitMinor / 100],
    );
  return (
    <div className="agent-content money" data-testid={`${ID}.page`}>
      <section className="card">
        <h1 className="agent-content__title">{t('rep_bets_title')}</h1>
        <ReportFilters f={f} testId={ID} error={bets.error} />
      </section>
      <section className="card" aria-busy={bets.isFetching}>
        {data && (
          <ReportTotals
            testId={ID}
            items={[
              ['count', 'record_bets', t('rep_count_bets', { count: data.total })],
              ['bet', 'rep_bet', money(data.betMinor)],
              ['valid', 'rep_valid_bet', money(data.validBetMinor)],
              ['payout', 'rep_payout', money(data.payoutMinor)],
              ['profit', 'rep_profit', money(data.profitMinor), data.profitMinor < 0],
            ]}
          />
        )}
        <p className="money__hint">{t('rep_bets_hint')}</p>
        {data && data.total === 0 && <p className="no-data" data-testid={`${ID}.empty`}>{t('rep_none')}</p>}
        <ul className="money__list" data-testid={`${ID}.rows`}>
          {data?.rows.map((r) => (
            <li key={r.id} className="money__row agent-report__row" data-testid={`${ID}.row`} data-username={r.username}>
              <span className="agent-report__who">
                <strong translate="no">{r.nickname}</strong> <span className="money__hint"><span translate="no">{r.username}</span> · {t('agent_level_n', { level: r.level })}</span>
              </span>
              <time dateTime={r.time}>{localDateTime(r.time, i18n.language)}</time>
              <span translate="no">{[r.code, r.game].filter(Boolean).join(' · ')}</span>
              <span className="agent-report__figures">
                {t('rep_bet')} {money(r.betMinor)} · {t('rep_valid_bet')} {money(r.validBetMinor)} · {t('rep_payout')} {money(r.payoutMinor)} ·{' '}
                <span className={r.profitMinor < 0 ? 'is-negative' : undefined}>
                  {t('rep_profit')} {money(r.profitMinor)}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <ReportPager f={f} total={data?.total ?? 0} testId={ID} />
        <ExportButton testId={ID} disabled={!data || data.total === 0} busy={csv.busy} note={csv.note} onClick={exportCsv} />
      </section>
    </div>
  );
}
