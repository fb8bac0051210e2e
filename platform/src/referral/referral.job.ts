import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { runningReferralPromotion } from './referral.queries.ts';
import { settleReferral } from './referral.service.ts';

/** Queue of the referral rewards run. */
export const REFERRAL_REWARDS_QUEUE = 'referral.rewards';

/** Every 10 minutes; pg-boss sends it once per slot however many platform processes share the database. */
export const REFERRAL_REWARDS_CRON = '*/10 * * * *';

/**
 * One run (docs/0097): every pending referral of every merchant is settled (refused, paid or left
 * pending). Each payment is once by its row's state and its key `referral:<id>`, so a second run, or
 * one after a crash, pays nothing twice.
 */
export async function runReferralRewards(db: Kysely<DB>, now: Date): Promise<{ paid: number; refused: number; pending: number }> {
  const counts = { paid: 0, refused: 0, pending: 0 };
  const merchants = await db
    .selectFrom('merchants as m')
    .select(['m.id', 'm.currency'])
    .where((eb) => eb.exists(eb.selectFrom('referrals as r').select('r.id').whereRef('r.merchant_id', '=', 'm.id').where('r.state', '=', 'pending')))
    .orderBy('m.id')
    .execute();
  for (const merchant of merchants) {
    const promotion = await runningReferralPromotion(db, merchant.id, now);
    const pending = await db.selectFrom('referrals').select('id').where('merchant_id', '=', merchant.id).where('state', '=', 'pending').orderBy('id').execute();
    for (const r of pending) counts[await settleReferral(db, merchant, r.id, promotion, now)] += 1;
  }
  return counts;
}

/** Registers the run on a runner; `clock` is the platform's clock. */
export async function defineReferralRewards(runner: JobRunner, deps: { clock: () => Date }): Promise<void> {
  await runner.define(
    REFERRAL_REWARDS_QUEUE,
    async (job) => {
      await runReferralRewards(job.db, deps.clock());
    },
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 600, policy: 'short' },
  );
}
