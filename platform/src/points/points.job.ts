import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { marketableMembers } from '../kernel/closure.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { creditEarnedPoints } from './points-earn.ts';

/** Queue of the points run: every member's settled rounds and approved deposits not yet counted, credited as points. */
export const POINTS_EARN_QUEUE = 'points.earn';

/** Every minute: points follow play closely; pg-boss sends it once per slot however many platform processes share the database. */
export const POINTS_EARN_CRON = '* * * * *';

/** How far back a run looks for deposits not yet played through (the rest wait for a round or a visit). */
const RECENT_DEPOSIT_MINUTES = 10;

/** Members of one transaction of the run. */
const CHUNK = 500;

/**
 * One run (docs/0113): the members of each merchant with a settled round not yet marked or a deposit
 * of the last minutes not yet marked (a deposit earns once played through, docs/0128), a chunk a
 * transaction, their points credited once (creditEarnedPoints marks each round and deposit in the
 * transaction that credits it, so a rerun or a run after a crash credits nothing twice). Closed accounts earn nothing (docs/rules/protection.md#p-25); their rounds stay unmarked.
 */
export async function runPointsEarn(db: Kysely<DB>, now: Date, run: { chunk?: number } = {}): Promise<{ members: number; credited: number }> {
  const pending = await sql<{ merchant_id: number; member_id: number }>`
    select distinct p.merchant_id, w.member_id
    from seamless_transactions w join seamless_providers p on p.id = w.provider_id
    where w.kind = 'win' and not exists (select 1 from points_rounds x where x.win_id = w.id)
      and exists (select 1 from points_earn_rates e where e.merchant_id = p.merchant_id and e.points_per_100 > 0)
    union
    -- A deposit earns once played through (docs/0128): only a settled round after it can change
    -- that, and such a round puts its member in the first half. Deposits of the last minutes are
    -- looked at too, for a round that was counted before the deposit's approval committed.
    select d.merchant_id, d.member_id from deposits d
    where d.status = 'approved' and d.decided_at >= ${new Date(now.getTime() - RECENT_DEPOSIT_MINUTES * 60_000)}
      and not exists (select 1 from points_deposits x where x.deposit_id = d.id)
      and exists (select 1 from points_earn_rates e where e.merchant_id = d.merchant_id and e.source = 'deposit' and e.points_per_100 > 0)
    order by 1, 2`.execute(db);
  const byMerchant = new Map<number, number[]>();
  for (const r of pending.rows) byMerchant.set(Number(r.merchant_id), [...(byMerchant.get(Number(r.merchant_id)) ?? []), Number(r.member_id)]);
  const size = run.chunk ?? CHUNK;
  let members = 0;
  let credited = 0;
  for (const [merchantId, ids] of byMerchant) {
    for (let i = 0; i < ids.length; i += size) {
      const chunk = ids.slice(i, i + size);
      const done = await inTransaction(db, async (trx) => {
        const open = await marketableMembers(trx, chunk, now);
        return creditEarnedPoints(
          trx,
          merchantId,
          chunk.filter((id) => open.has(id)),
          now,
        );
      });
      members += chunk.length;
      credited += done.length;
    }
  }
  return { members, credited };
}

/** Registers the points run on a runner; `clock` is the platform's clock. */
export async function definePointsEarn(runner: JobRunner, deps: { clock: () => Date }): Promise<void> {
  await runner.define(
    POINTS_EARN_QUEUE,
    async (job) => {
      await runPointsEarn(job.db, deps.clock());
    },
    { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 900, policy: 'short' },
  );
}
