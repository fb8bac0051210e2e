import { defineDepositSettle } from '../deposit/deposit-settle.job.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { platformEnv } from '../env.ts';
import { createJobRunner, type JobRunner, type TPgBossRunnerOptions } from './job-runner.ts';
import { defineSweep, SWEEP_CRON, SWEEP_QUEUE } from './sweep.job.ts';
import { defineSalarySettlement, startSalaryChain } from '../agent/contracts/salary.job.ts';
import { defineTeamFiguresRollup, TEAM_FIGURES_CRON, TEAM_FIGURES_QUEUE } from '../agent/team-rollup.ts';
import { definePromoCashback, PROMO_CASHBACK_CRON, PROMO_CASHBACK_QUEUE } from '../promo/cashback.job.ts';
import { defineRewardsDaily, REWARDS_DAILY_CRON, REWARDS_DAILY_QUEUE } from '../rewards/rewards.job.ts';
import { BONUS_EXPIRE_CRON, BONUS_EXPIRE_QUEUE, defineBonusExpire } from '../bonus/bonus-expire.job.ts';
import { defineReferralRewards, REFERRAL_REWARDS_CRON, REFERRAL_REWARDS_QUEUE } from '../referral/referral.job.ts';
import { defineDraftImagesSweep, DRAFT_IMAGES_CRON, DRAFT_IMAGES_QUEUE } from '../promotions/draft-images.job.ts';
import { definePointsEarn, POINTS_EARN_CRON, POINTS_EARN_QUEUE } from '../points/points.job.ts';
import { defineLeaderboardPrizes, LEADERBOARD_PRIZES_CRON, LEADERBOARD_PRIZES_QUEUE } from '../missions/leaderboards.job.ts';
import { defineTicketsEarn, TICKETS_EARN_CRON, TICKETS_EARN_QUEUE } from '../tickets/tickets.job.ts';
import { CONFIRM_SWEEP_CRON, CONFIRM_SWEEP_QUEUE, defineWithdrawConfirm } from '../withdraw/withdraw-confirm.job.ts';
import { CONFIG_PUBLISH_CRON, CONFIG_PUBLISH_QUEUE, defineConfigPublish } from '../operator/config-changes.job.ts';

/** Options of the platform's runner: the database, the platform clock, pg-boss tuning and whether this is a production start (never demo mode, docs/0065; default NODE_ENV=production). */
export type TPlatformJobsOptions = Omit<TPgBossRunnerOptions, 'db'> & { db: Kysely<DB>; clock?: () => Date; production?: boolean };

/** The platform's jobs that run on a cron, each scheduled once per deployment (pg-boss keeps one row a name). */
export const PLATFORM_SCHEDULES: readonly (readonly [queue: string, cron: string])[] = [
  [SWEEP_QUEUE, SWEEP_CRON],
  [CONFIRM_SWEEP_QUEUE, CONFIRM_SWEEP_CRON],
  [TEAM_FIGURES_QUEUE, TEAM_FIGURES_CRON],
  [REWARDS_DAILY_QUEUE, REWARDS_DAILY_CRON],
  [BONUS_EXPIRE_QUEUE, BONUS_EXPIRE_CRON],
  [PROMO_CASHBACK_QUEUE, PROMO_CASHBACK_CRON],
  [REFERRAL_REWARDS_QUEUE, REFERRAL_REWARDS_CRON],
  [DRAFT_IMAGES_QUEUE, DRAFT_IMAGES_CRON],
  [POINTS_EARN_QUEUE, POINTS_EARN_CRON],
  [LEADERBOARD_PRIZES_QUEUE, LEADERBOARD_PRIZES_CRON],
  [TICKETS_EARN_QUEUE, TICKETS_EARN_CRON],
  [CONFIG_PUBLISH_QUEUE, CONFIG_PUBLISH_CRON],
];

/** Starts the runner with every platform job defined and scheduled; stop it before closing the database. */
export async function startPlatformJobs(opts: TPlatformJobsOptions): Promise<JobRunner> {
  const { clock = () => new Date(), production = platformEnv.production, ...runnerOpts } = opts;
  const runner = createJobRunner(runnerOpts);
  await defineDepositSettle(runner, { production });
  await defineSweep(runner, { clock });
  await defineWithdrawConfirm(runner, { clock });
  await defineSalarySettlement(runner, { clock });
  await defineTeamFiguresRollup(runner);
  await defineRewardsDaily(runner, { clock });
  await defineBonusExpire(runner, { clock });
  await definePromoCashback(runner, { clock });
  await defineReferralRewards(runner, { clock });
  await defineDraftImagesSweep(runner, { clock });
  await definePointsEarn(runner, { clock });
  await defineLeaderboardPrizes(runner, { clock });
  await defineTicketsEarn(runner, { clock });
  await defineConfigPublish(runner, { clock });
  await runner.start();
  try {
    for (const [queue, cron] of PLATFORM_SCHEDULES) await runner.schedule(queue, cron);
    await startSalaryChain(runner, { clock });
  } catch (err) {
    await runner.stop();
    throw err;
  }
  return runner;
}
