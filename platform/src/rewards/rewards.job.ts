import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { payRebates } from './rebate.service.ts';
import { rewardsSettings, vipLevels } from './rewards.queries.ts';
import { reviewMembers } from './vip.service.ts';

/** Queue of the daily rewards run: the VIP review, then the automatic rebates. */
export const REWARDS_DAILY_QUEUE = 'rewards.daily';

/** Every day at 00:10 UTC; pg-boss sends it once per slot however many platform processes share the database. */
export const REWARDS_DAILY_CRON = '10 0 * * *';

/** Members of one transaction of the daily run: their locks in id order, one statement per step for all. */
const CHUNK = 500;

/** A run's seams for the crash test: members a transaction, and what to hear after each commits. */
type TRunOptions = { chunk?: number; onEffect?: (effect: 'reviewed' | 'paid', memberId: number) => void };

/**
 * One daily run (docs/0091, set-based per docs/0099): the members of each merchant with VIP levels,
 * a chunk a transaction, locked in id order: each reviewed (up to what the figures reach, down at
 * most one level a day), then, where the merchant chose automatic rebates, each member's claimable
 * rebate paid under the day's key at the level after the review. Every effect is once by its own key
 * (vip_reviews, vip_upgrade_bonuses, rebate_claims and rebated_settlements), so a second run, or one
 * after a crash, pays nothing twice. `onEffect` hears each member reviewed and each rebate paid,
 * after its transaction committed (the crash test kills the run between two).
 */
export async function runRewardsDaily(db: Kysely<DB>, now: Date, run: TRunOptions = {}): Promise<{ reviewed: number; paid: number }> {
  const merchants = await db
    .selectFrom('merchants as m')
    .select(['m.id', 'm.currency'])
    .where((eb) => eb.exists(eb.selectFrom('vip_levels as l').select('l.level').whereRef('l.merchant_id', '=', 'm.id')))
    .orderBy('m.id')
    .execute();
  let reviewed = 0;
  let paid = 0;
  const day = now.toISOString().slice(0, 10);
  const size = run.chunk ?? CHUNK;
  for (const merchant of merchants) {
    const [levels, settings] = await Promise.all([vipLevels(db, merchant.id), rewardsSettings(db, merchant.id)]);
    const members = (await db.selectFrom('members').select('id').where('merchant_id', '=', merchant.id).orderBy('id').execute()).map((m) => m.id);
    for (let i = 0; i < members.length; i += size) {
      const chunk = members.slice(i, i + size);
      const rebated = await inTransaction(db, async (trx) => {
        await lockMembers(trx, chunk, merchant.id);
        await reviewMembers(trx, merchant, chunk, now, { levels, periodDays: settings.periodDays });
        if (settings.payout !== 'automatic') return [];
        return payRebates(trx, merchant, chunk, { key: `job:${day}`, source: 'job' });
      });
      reviewed += chunk.length;
      paid += rebated.length;
      for (const id of chunk) run.onEffect?.('reviewed', id);
      for (const r of rebated) run.onEffect?.('paid', r.memberId);
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
