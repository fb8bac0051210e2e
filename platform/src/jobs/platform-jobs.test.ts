import { REFERRAL_REWARDS_CRON, REFERRAL_REWARDS_QUEUE } from '../referral/referral.job.ts';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/schema.ts';
import { startPlatformJobs } from './platform-jobs.ts';
import { SWEEP_CRON, SWEEP_QUEUE } from './sweep.job.ts';
import { SALARY_CRON, SALARY_QUEUE } from '../agent/contracts/salary.job.ts';
import { CONFIRM_SWEEP_CRON, CONFIRM_SWEEP_QUEUE } from '../withdraw/withdraw-confirm.job.ts';
import { TEAM_FIGURES_CRON, TEAM_FIGURES_QUEUE } from '../agent/team-rollup.ts';
import { PROMO_CASHBACK_CRON, PROMO_CASHBACK_QUEUE } from '../promo/cashback.job.ts';
import { REWARDS_DAILY_CRON, REWARDS_DAILY_QUEUE } from '../rewards/rewards.job.ts';
import { BONUS_EXPIRE_CRON, BONUS_EXPIRE_QUEUE } from '../bonus/bonus-expire.job.ts';
import { DRAFT_IMAGES_CRON, DRAFT_IMAGES_QUEUE } from '../promotions/draft-images.job.ts';
import { POINTS_EARN_CRON, POINTS_EARN_QUEUE } from '../points/points.job.ts';
import { LEADERBOARD_PRIZES_CRON, LEADERBOARD_PRIZES_QUEUE } from '../missions/leaderboards.job.ts';
import { TICKETS_EARN_CRON, TICKETS_EARN_QUEUE } from '../tickets/tickets.job.ts';
import { CONFIG_PUBLISH_CRON, CONFIG_PUBLISH_QUEUE } from '../operator/config-changes.job.ts';
import { useJobsDatabase } from './testing.ts';

let db: Kysely<DB>;
let schema: string;
useJobsDatabase((jobs) => ({ db, schema } = jobs));

describe('platform jobs', () => {
  it('start with the sweep defined and scheduled every minute, and refuse sends once stopped', async () => {
    const runner = await startPlatformJobs({ db, schema });
    try {
      const schedules = await sql<{ name: string; cron: string }>`select name, cron from ${sql.id(schema, 'schedule')} order by name`.execute(db);
      expect(schedules.rows).toEqual(
        [
          { name: SALARY_QUEUE, cron: SALARY_CRON },
          { name: SWEEP_QUEUE, cron: SWEEP_CRON },
          { name: CONFIRM_SWEEP_QUEUE, cron: CONFIRM_SWEEP_CRON },
          { name: TEAM_FIGURES_QUEUE, cron: TEAM_FIGURES_CRON },
          { name: REWARDS_DAILY_QUEUE, cron: REWARDS_DAILY_CRON },
          { name: BONUS_EXPIRE_QUEUE, cron: BONUS_EXPIRE_CRON },
          { name: PROMO_CASHBACK_QUEUE, cron: PROMO_CASHBACK_CRON },
          { name: REFERRAL_REWARDS_QUEUE, cron: REFERRAL_REWARDS_CRON },
          { name: DRAFT_IMAGES_QUEUE, cron: DRAFT_IMAGES_CRON },
          { name: POINTS_EARN_QUEUE, cron: POINTS_EARN_CRON },
          { name: LEADERBOARD_PRIZES_QUEUE, cron: LEADERBOARD_PRIZES_CRON },
          { name: TICKETS_EARN_QUEUE, cron: TICKETS_EARN_CRON },
          { name: CONFIG_PUBLISH_QUEUE, cron: CONFIG_PUBLISH_CRON },
        ].sort((a, b) => (a.name < b.name ? -1 : 1)),
      );
      const queue = await sql<{ policy: string }>`select policy from ${sql.id(schema, 'queue')} where name = ${SWEEP_QUEUE}`.execute(db);
      expect(queue.rows).toEqual([{ policy: 'short' }]);
      // The salary chain (docs/0049): the next run waits for the next real-time window's close.
      const chained = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.id(schema, 'job')} where name = ${SALARY_QUEUE} and start_after > now()`.execute(db);
      expect(chained.rows).toEqual([{ n: 1 }]);
    } finally {
      await runner.stop();
    }
    await expect(runner.send(SWEEP_QUEUE, {})).rejects.toThrow('not started');
  });
});
