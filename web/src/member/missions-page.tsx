import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLeaderboard, TMemberMission, TMissionClaimResult } from '@wl/schemas/wps/mission-calls';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { Icon } from '../layout/icons.tsx';
import { formatNumber } from '../lib/numbers.ts';
import { useSession } from '../session/session-context.tsx';
import { RewardsPage, useMinorFormat } from './rewards-parts.tsx';
import '../styles/rewards.css';

/**
 * The missionLeaderboard page (docs/0119): the member's missions with each task's progress, counted
 * by the platform from its own records, a claim button on a completed mission (paid once a period),
 * and the leaderboards with their prizes, the ranking (names masked by the platform) and the
 * member's own rank. The header's mission badge counts the missions complete and unclaimed.
 */
export default function MissionsPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const missions = useQuery(trpc.missions.list.queryOptions(undefined, { staleTime: 0 }));
  const boards = useQuery(trpc.missions.leaderboards.queryOptions(undefined, { staleTime: 0 }));
  if (missions.isLoading) return <div className="page-loading" aria-busy="true" data-testid="missions.loading" />;
  const list = missions.data?.missions ?? [];
  return (
    <RewardsPage testId="missions.page" icon="missionleaderboard" title={t('mission_title')} more={<Leaderboards boards={boards.data?.boards ?? []} />}>
      <p className="rewards__note">{t('mission_intro')}</p>
      {list.length === 0 ? (
        <p className="no-data" data-testid="missions.none">
          {t('mission_none')}
        </p>
      ) : (
        <ul className="rewards__levels" data-testid="missions.list">
          {list.map((m) => (
            <MissionCard key={m.id} mission={m} />
          ))}
        </ul>
      )}
    </RewardsPage>
  );
}

function MissionCard({ mission }: { mission: TMemberMission }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const session = useSession();
  const money = useMinorFormat();
  const num = (n: number) => formatNumber(n, i18n.language);
  const [done, setDone] = useState<TMissionClaimResult | null>(null);
  const claim = useMutation({
    mutationFn: () => client.missions.claim.mutate({ missionId: mission.id }),
    onSuccess: (paid) => {
      setDone(paid);
      session.refreshBalance();
      void qc.invalidateQueries({ queryKey: trpc.member.info.queryKey() });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: trpc.missions.pathKey() }),
  });
  const name = i18n.language === 'bn' ? mission.nameBn : mission.nameEn;
  const amount = money(mission.reward.amountMinor);
  return (
    <li className={`rewards__level${mission.complete && !mission.claimed ? ' is-current' : ''}`} data-testid="missions.item" data-id={mission.id}>
      <h3>
        <Icon name="missionleaderboard" size={18} /> {name}
      </h3>
      <p className="rewards__note">
        {t(`mission_cadence_${mission.cadence}`)} · {t(mission.reward.kind === 'cash' ? 'mission_reward_cash' : 'mission_reward_bonus', { amount })}
        {mission.points > 0 && <> · {t('mission_points', { points: num(mission.points) })}</>}
      </p>
      {mission.tasks.map((task, i) => {
        const value = task.kind === 'turnover' || task.kind === 'deposit' ? money : num;
        const label = t(`mission_task_${task.kind}`, { game: task.gameType ? t(`category_${task.gameType.toLowerCase()}`) : t('mission_all_games') });
        const id = `mission-${mission.id}-task-${i}`;
        return (
          <div className="rewards__progress" key={i} data-testid="missions.task">
            <label htmlFor={id}>{label}</label>
            <meter id={id} min={0} max={task.target} value={task.done} />
            <span className="rewards__progress-value">
              {value(task.done)} / {value(task.target)}
            </span>
          </div>
        );
      })}
      {mission.claimed ? (
        <p className="rewards__done" role="status" data-testid="missions.claimed">
          {done
            ? t(done.reward.kind === 'cash' ? 'mission_paid_cash' : done.held ? 'mission_paid_held' : 'mission_paid_bonus', {
                amount: money(done.reward.amountMinor),
              })
            : t('mission_claimed')}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn--primary rewards__claim"
          data-testid="missions.claim"
          disabled={!mission.complete || claim.isPending}
          onClick={() => claim.mutate()}
        >
          {t(mission.complete ? 'mission_claim' : 'mission_in_progress')}
        </button>
      )}
      {claim.error && (
        <p className="form__error" role="alert" data-testid="missions.error">
          {t(errorKey(claim.error))}
        </p>
      )}
    </li>
  );
}

function Leaderboards({ boards }: { boards: TLeaderboard[] }) {
  const { t, i18n } = useTranslation();
  const money = useMinorFormat();
  const num = (n: number) => formatNumber(n, i18n.language);
  return (
    <section className="card" data-testid="leaderboards" aria-labelledby="leaderboards-title">
      <h2 id="leaderboards-title">
        <Icon name="reward" size={20} /> {t('leaderboard_title')}
      </h2>
      {boards.length === 0 && (
        <p className="no-data" data-testid="leaderboards.none">
          {t('leaderboard_none')}
        </p>
      )}
      {boards.map((b) => {
        const score = b.metric === 'turnover' ? money : num;
        const prize = (rank: number) => b.prizes.find((p) => p.rank === rank);
        return (
          <div key={b.id} className="leaderboard" data-testid="leaderboards.board" data-id={b.id}>
            <h3>{i18n.language === 'bn' ? b.nameBn : b.nameEn}</h3>
            <p className="rewards__note">
              {t(`leaderboard_metric_${b.metric}`)} · {t(`leaderboard_period_${b.period}`)}
            </p>
            <p className="rewards__current" data-testid="leaderboards.mine">
              {b.mine.rank === null ? t('leaderboard_mine_none') : t('leaderboard_mine', { rank: num(b.mine.rank), score: score(b.mine.score) })}
            </p>
            {b.top.length === 0 ? (
              <p className="no-data">{t('leaderboard_empty')}</p>
            ) : (
              <table className="rewards__table" data-testid="leaderboards.top">
                <thead>
                  <tr>
                    <th scope="col">{t('leaderboard_rank')}</th>
                    <th scope="col">{t('leaderboard_name')}</th>
                    <th scope="col">{t('leaderboard_score')}</th>
                    <th scope="col">{t('leaderboard_prize')}</th>
                  </tr>
                </thead>
                <tbody>
                  {b.top.map((r) => (
                    <tr key={r.rank}>
                      <td>{num(r.rank)}</td>
                      <td translate="no">{r.name}</td>
                      <td>{score(r.score)}</td>
                      <td>{prize(r.rank) ? money(prize(r.rank)!.amountMinor) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        );
      })}
    </section>
  );
}
