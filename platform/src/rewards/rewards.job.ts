import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { payRebate } from './rebate.service.ts';
import { reviewMember } from './vip.service.ts';

/** Queue of the daily rewards run: the VIP review, then the automatic rebates. */
export const REWARDS_DAILY_QUEUE = 'rewards.daily';

/** Every day at 00:10 UTC; pg-boss sends it once per slot however many platform processes share the database. */
export const REWARDS_DAILY_CRON = '10 0 * * *';

/**
 * One daily run (docs/0091): every member of a merchant with VIP levels is reviewed (up to what the
 * figures reach, down at most one level a day), then where the merchant chose automatic rebates,
 * each member's claimable rebate is paid under the day's key. Every effect is once by its own key
 * (vip_reviews, vip_upgrade_bonuses, rebate_claims and rebated_rounds), so a second run, or one
 * after a crash, pays nothing twice. `onEffect` hears each member reviewed and each rebate paid,
 * after it committed (the crash test kills the run between two).
 */
export async function runRewardsDaily(
  db: Kysely<DB>,
  now: Date,
  onEffect: (effect: 'reviewed' | 'paid', memberId: number) => void = () => undefined,
): Promise<{ reviewed: number; paid: number }> {
  const merchants = await db
    .selectFrom('merchants as m')
    .select(['m.id', 'm.currency'])
    .where((eb) => eb.exists(eb.selectFrom('vip_levels as l').select('l.level').whereRef('l.merchant_id', '=', 'm.id')))
    .orderBy('m.id')
    .execute();
  let reviewed = 0;
  let paid = 0;
  const day = now.toISOString().slice(0, 10);
  for (const merchant of merchants) {
    const members = await db.selectFrom('members').select('id').where('merchant_id', '=', merchant.id).orderBy('id').execute();
    for (const m of members) {
      await reviewMember(db, merchant, m.id, now);
      reviewed += 1;
      onEffect('reviewed', m.id);
    }
    const automatic = await db.selectFrom('rewards_settings').select('rebate_payout').where('merchant_id', '=', merchant.id).executeTakeFirst();
    if (automatic?.rebate_payout !== 'automatic') continue;
    for (const m of members) {
      if (await payRebate(db, merchant, m.id, { key: `job:${day}`, source: 'job' })) {
        paid += 1;
        onEffect('paid', m.id);
      }
    }
  }
  return { reviewed, paid };
}

/** Registers the daily run on a runner; `clock` is the platform's clock. */
export async function defineRewardsDaily(runner: JobRunner, deps: { clock: () => Date }): Promise<void> {
  await runner.define(
    REWARDS_DAILY_QUEUE,
    async (job) => {
      await runRewardsDaily(job.db, deps.clock());
    },
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 3600, policy: 'short' },
  );
}
