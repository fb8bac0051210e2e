import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field } from '../accounts/form-parts.tsx';
import { TEAM_PROFIT_SORTS, type TTeamProfitSort } from '@wl/schemas/domain/agent-team';
import type { TTeamProfitRow } from '@wl/schemas/wps/agent-team-calls';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import { formatMinor } from '../lib/numbers.ts';
import { useSession } from '../session/session-context.tsx';
import '../styles/money.css';
import '../styles/agent-reports.css';
import { ExportButton, REPORT_PAGE_SIZE, ReportFilters, ReportPager, ReportTotals, useReportExport, useReportFilters } from './report-parts.tsx';

const ID = 'agent-pnl';

/**
 * palStatementsAgentCopy (SPEC §2 user loss, issue 10 item 2): per downline with any movement in
 * the period, deposits, withdrawals, valid bets, payout, bonus and P&L, sorted (biggest loss first
 * by default), paged, with totals over the filter and CSV (docs/0051).
 */
export function TeamProfitPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const session = useSession();
  const money = (minor: number) => formatMinor(minor, language, session.balance?.currencySymbol ?? '');
  const f = useReportFilters();
  const [sort, setSortState] = useState<TTeamProfitSort>('loss');
  const setSort = f.reset(setSortState);
  const query = (page: number, size: number) => ({ ...f.query(page, size), sort });
  const statement = useQuery(trpc.agent.teamProfit.queryOptions(query(f.pageNo, REPORT_PAGE_SIZE), { enabled: f.rangeProblem === null, staleTime: 0 }));
  const data = statement.data;
  const csv = useReportExport((page, size) => client.agent.teamProfit.query(query(page, size)));
  const exportCsv = () =>
    void csv.run(
      `user-pnl-${f.fileSuffix}.csv`,
      [t('agent_account'), t('agent_nickname'), t('agent_level'), t('rep_deposit'), t('rep_withdraw'), t('rep_valid_bet'), t('rep_payout'), t('rep_bonus'), t('rep_profit')],
      (r: TTeamProfitRow) => [r.username, r.nickname, r.level, r.depositMinor / 100, r.withdrawMinor / 100, r.validBetMinor / 100, r.payoutMinor / 100, r.bonusMinor / 100, r.profitMinor / 100],
    );
  return (
    <div className="agent-content money" data-testid={`${ID}.page`}>
      <section className="card">
        <h1 className="agent-content__title">{t('rep_profit_title')}</h1>
        <ReportFilters f={f} testId={ID} error={statement.error}>
          <Field label={t('rep_sort')}>
            <select className="input" data-testid={`${ID}.sort`} value={sort} onChange={(e) => setSort(e.target.value as TTeamProfitSort)}>
              {TEAM_PROFIT_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`rep_sort_${s}`)}
                </option>
              ))}
            </select>
          </Field>
        </ReportFilters>
      </section>
      <section className="card" aria-busy={statement.isFetching}>
        {data && (
          <ReportTotals
            testId={ID}
            items={[
              ['count', 'rep_member', t('rep_count_members', { count: data.total })],
              ['deposit', 'rep_deposit', money(data.depositMinor)],
              ['withdraw', 'rep_withdraw', money(data.withdrawMinor)],
              ['valid', 'rep_valid_bet', money(data.validBetMinor)],
              ['payout', 'rep_payout', money(data.payoutMinor)],
              ['bonus', 'rep_bonus', money(data.bonusMinor)],
              ['profit', 'rep_profit', money(data.profitMinor), data.profitMinor < 0],
            ]}
          />
        )}
        <p className="money__hint">{t('rep_profit_hint')}</p>
        {data && data.total === 0 && <p className="no-data" data-testid={`${ID}.empty`}>{t('rep_none')}</p>}
        <ul className="money__list" data-testid={`${ID}.rows`}>
          {data?.rows.map((r) => (
            <li key={r.memberId} className="money__row agent-report__row" data-testid={`${ID}.row`} data-username={r.username}>
              <span className="agent-report__who">
                <strong translate="no">{r.nickname}</strong> <span className="money__hint"><span translate="no">{r.username}</span> · {t('agent_level_n', { level: r.level })}</span>
              </span>
              <span className="agent-report__figures">
                {t('rep_deposit')} {money(r.depositMinor)} · {t('rep_withdraw')} {money(r.withdrawMinor)} · {t('rep_valid_bet')} {money(r.validBetMinor)} · {t('rep_payout')} {money(r.payoutMinor)} · {t('rep_bonus')} {money(r.bonusMinor)}
              </span>
              <strong className={r.profitMinor < 0 ? 'is-negative' : undefined} data-testid={`${ID}.row-profit`}>
                {t('rep_profit')} {money(r.profitMinor)}
              </strong>
            </li>
          ))}
        </ul>
        <ReportPager f={f} total={data?.total ?? 0} testId={ID} />
        <ExportButton testId={ID} disabled={!data || data.total === 0} busy={csv.busy} note={csv.note} onClick={exportCsv} />
      </section>
    </div>
  );
}
