import type { Kysely } from 'kysely';
import { recordMemberAudit } from '../audit/member-audit.ts';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { endBonus } from './ends.ts';

/** Queue of the bonus ends that come with time: active bonuses past their expiry, offers past their claim date. */
export const BONUS_EXPIRE_QUEUE = 'bonus.expire';
/** Every minute; pg-boss sends it once per slot however many platform processes share the database. */
export const BONUS_EXPIRE_CRON = '* * * * *';

const BATCH = 500;

/**
 * One run (docs/0095): each active bonus past expires_at expires (its balance back to the merchant's
 * bonus expense) in a transaction of its own with its member locked first (docs/0080); each offer
 * past claim_by lapses. Both are guarded state moves, so a second run, a racing one or one after a
 * crash ends nothing twice. Answers how many it ended.
 */
export async function runBonusExpire(db: Kysely<DB>, now: Date): Promise<{ expired: number; lapsed: number }> {
  const due = await db
    .selectFrom('bonus_awards as b')
    .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
    .select(['b.id', 'b.member_id', 'm.id as merchant_id', 'm.currency'])
    .where('b.state', '=', 'active')
    .where('b.expires_at', '<=', now)
    .orderBy('b.expires_at')
    .limit(BATCH)
    .execute();
  let expired = 0;
  for (const b of due) {
    const ended = await inTransaction(db, async (trx) => {
      await lockMembers(trx, [b.member_id], b.merchant_id);
      return endBonus(trx, { id: b.merchant_id, currency: b.currency }, b.member_id, Number(b.id), 'expired', now, '');
    });
    if (ended) expired += 1;
  }
  const lapsed = await inTransaction(db, async (trx) => {
    const rows = await trx
      .updateTable('bonus_awards')
      .set({ state: 'lapsed', ended_at: now })
      .where('state', '=', 'offered')
      .where('claim_by', '<', now)
      .returning(['id', 'merchant_id', 'member_id', 'amount_minor'])
      .execute();
    for (const r of rows)
      await recordMemberAudit(trx, { merchantId: r.merchant_id, memberId: r.member_id, action: 'bonus_lapsed', detail: `${r.id} ${r.amount_minor}`, ip: '' });
    return rows.length;
  });
  return { expired, lapsed };
}

/** Registers the run on a runner; `clock` is the platform's clock. */
export async function defineBonusExpire(runner: JobRunner, deps: { clock: () => Date }): Promise<void> {
  await runner.define(
    BONUS_EXPIRE_QUEUE,
    async (job) => {
      await runBonusExpire(job.db, deps.clock());
    },
    { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300, policy: 'short' },
  );
}
