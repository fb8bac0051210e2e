import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createJobRunner, idempotentJobId, type JobRunner } from '../../jobs/job-runner.ts';
import { useJobsDatabase, type TJobsTestDatabase } from '../../jobs/testing.ts';
import { accountFor, houseAccountId, transfer } from '../../wallet/ledger.service.ts';
import { defineSalarySettlement, nextSalaryRun, SALARY_QUEUE } from './salary.job.ts';

// The salary job on the real runner (PGlite; PostgreSQL with DATABASE_URL), with the platform's
// injected clock: a bet in demo_sub1's team after the seed is paid by the next run, and the run
// chains the next one after the next window (docs/0049).

let jobs: TJobsTestDatabase;
let db: Kysely<DB>;
let runner: JobRunner | undefined;

useJobsDatabase(
  (opened) => {
    jobs = opened;
    db = opened.db;
  },
  () => runner,
);

describe('agent.salary.settle', () => {
  it('pays a closed window on the runner, at the injected clock, and chains the next run', async () => {
    const contract = await db
      .selectFrom('agent_contracts as c')
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .select(['c.id', 'c.settled_until'])
      .where('m.username', '=', 'demo_sub1')
      .where('c.kind', '=', 'realtime')
      .executeTakeFirstOrThrow();
    const merchant = await db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    const player = await db.selectFrom('members').select('id').where('username', '=', 'team_a01').executeTakeFirstOrThrow();
    const wallet = await accountFor(db, merchant, 'member_wallet', { memberId: player.id });
    await transfer(db, {
      from: (await houseAccountId(db, merchant.id))!,
      to: wallet,
      amountMinor: 100_000,
      owner: { kind: 'system', id: 0 },
      idempotencyKey: 'salary-job-fund',
      kind: 'seed_credit',
    });
    // A ৳1,000 bet ten minutes after the seed's cursor; the clock stands an hour later.
    const at = new Date(contract.settled_until!).getTime() + 10 * 60_000;
    const bet = await transfer(db, {
      from: wallet,
      to: await accountFor(db, merchant, 'provider', { code: 'WLG' }),
      amountMinor: 100_000,
      owner: { kind: 'provider', id: 1 },
      idempotencyKey: 'salary-job-bet',
      kind: 'bet',
    });
    await db
      .updateTable('ledger_entries')
      .set({ created_at: new Date(at) })
      .where('transaction_id', '=', bet.transactionId)
      .execute();
    const now = new Date(at + 60 * 60_000);
    runner = createJobRunner({ db, schema: jobs.schema, pollingIntervalSeconds: 0.5 });
    await defineSalarySettlement(runner, { clock: () => now });
    await runner.start();
    await runner.send(SALARY_QUEUE, {});
    const paid = () =>
      db
        .selectFrom('agent_contract_settlements')
        .select(['amount_minor', 'rate_bp'])
        .where('contract_id', '=', Number(contract.id))
        .where('period_start', '>=', new Date(at - 300_000))
        .execute();
    // demo_sub1's seeded terms: loss-salary 0.40 % on single bets from ৳5 (the team lost the window).
    await expect
      .poll(async () => (await paid()).map((r) => [Number(r.amount_minor), Number(r.rate_bp)]), { timeout: 240_000, interval: 200 })
      .toEqual([[400, 40]]);
    const next = nextSalaryRun(now).toISOString();
    // Every window up to the last closed one is settled: the cursor stands at its end.
    const cursor = (await db.selectFrom('agent_contracts').select('settled_until').where('id', '=', contract.id).executeTakeFirstOrThrow()).settled_until!;
    expect(new Date(cursor).getTime()).toBe(nextSalaryRun(new Date(now.getTime() - 5_000)).getTime() - 5_000 - 300_000);
    // The chained run is queued for just after the next window (its id derives from that instant). It is
    // sent after the settlement commits, so it is awaited as a row rather than assumed already there.
    const chained = idempotentJobId(SALARY_QUEUE, `tick:${next}`);
    await expect
      .poll(
        async () => (await sql<{ n: number }>`select count(*)::int as n from ${sql.id(jobs.schema, 'job')} where id = ${chained}::uuid`.execute(db)).rows[0]!.n,
        {
          timeout: 240_000,
          interval: 200,
        },
      )
      .toBe(1);
    expect(await runner.send(SALARY_QUEUE, {}, { idempotencyKey: `tick:${next}`, startAfter: new Date(next) })).toBeNull();
  });
});
