import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabase } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { platformEnv } from '../env.ts';
import { databaseUrlOf } from '../test-support/db.ts';
import { createJobRunner, idempotentJobId, type JobRunner, type TPgBossRunnerOptions } from './job-runner.ts';
import { deferred, jobsTestDatabase, type TJobsTestDatabase } from './testing.ts';

// Real pg-boss on the test database (PGlite by default, PostgreSQL with DATABASE_URL). Nothing
// waits on time: handlers resolve promises, or the test polls database state with a generous limit.
const WAIT = { timeout: 240_000, interval: 100 };

let jobs: TJobsTestDatabase;
let db: Kysely<DB>;
let schema: string;
const runners: JobRunner[] = [];
const extraDatabases: TDatabase[] = [];

function runner(over: Partial<TPgBossRunnerOptions> = {}): JobRunner {
  const r = createJobRunner({ db, schema, pollingIntervalSeconds: 0.5, ...over });
  runners.push(r);
  return r;
}

/** Rows the test handlers write as their "effect". */
async function effects(key: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from job_test_effects where key = ${key}`.execute(db);
  return r.rows[0]!.n;
}

async function jobRows(id: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(schema, 'job')} where id = ${id}::uuid`.execute(db);
  return r.rows[0]!.n;
}

/** Another handle on the test database: on PostgreSQL its own pool, like a second platform process. */
async function secondHandle(): Promise<Kysely<DB>> {
  if (!platformEnv.databaseUrl) return db;
  const current = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s;
  const second = await openDatabase({ databaseUrl: databaseUrlOf(db), schema: current });
  extraDatabases.push(second);
  return second.db;
}

beforeAll(async () => {
  jobs = await jobsTestDatabase();
  ({ db, schema } = jobs);
  await sql`create table job_test_effects (key text not null, runner text not null default '', at timestamptz not null default now())`.execute(db);
});

afterAll(async () => {
  for (const r of runners) await r.stop();
  for (const d of extraDatabases) await d.close();
  await jobs?.close();
});

describe('job runner on pg-boss', () => {
  it("wakes its worker at a job's start time and after a sending transaction, with polling an hour apart (docs/0134)", async () => {
    const r = runner({ pollingIntervalSeconds: 3600 });
    const ran = { later: deferred(), committed: deferred() };
    await r.define<{ name: 'later' | 'committed' }>('test.wake', async (job) => ran[job.data.name].resolve());
    await r.start();
    // The worker's first fetch happens at start; from here on only a wake (or an hour) fetches again.
    await r.send('test.wake', { name: 'later' }, { startAfter: new Date(Date.now() + 1_000) });
    await db.transaction().execute((trx) => r.send('test.wake', { name: 'committed' }, { trx }));
    await ran.later.promise;
    await ran.committed.promise;
  });

  it('wakes its worker again when the sending transaction commits later than the first wake (docs/0134)', async () => {
    const r = runner({ pollingIntervalSeconds: 3600 });
    const ran = deferred();
    await r.define('test.late', async () => ran.resolve());
    await r.start();
    // The scenario is a slow commit (a saturated machine): the transaction stays open past the
    // first wake, a second after the send. On PostgreSQL that wake finds nothing; the later ones run it.
    await db.transaction().execute(async (trx) => {
      await r.send('test.late', {}, { trx });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    });
    await ran.promise;
  });

  it('runs a job sent inside a committed transaction and never one from a rolled-back transaction', async () => {
    const r = runner();
    const ran: string[] = [];
    const done = deferred();
    await r.define<{ name: string }>('test.tx', async (job) => {
      ran.push(job.data.name);
      if (job.data.name === 'committed') done.resolve();
    });
    await r.start();

    let rolledBackId: string | null = null;
    await expect(
      db.transaction().execute(async (trx) => {
        rolledBackId = await r.send('test.tx', { name: 'rolled-back' }, { trx });
        throw new Error('business rule refused');
      }),
    ).rejects.toThrow('business rule refused');
    const committedId = await db.transaction().execute(async (trx) => {
      await sql`insert into job_test_effects (key) values ('business-row')`.execute(trx);
      return r.send('test.tx', { name: 'committed' }, { trx });
    });

    await done.promise;
    expect(committedId).toEqual(expect.any(String));
    expect(rolledBackId).toEqual(expect.any(String));
    // The rolled-back job's row does not exist, so no runner can ever fetch it.
    expect(await jobRows(rolledBackId!)).toBe(0);
    expect(ran).toEqual(['committed']);
  });

  it('retries a failing handler with backoff and applies its effect once', async () => {
    const r = runner();
    let attempts = 0;
    await r.define<{ key: string }>(
      'test.retry',
      async (job) => {
        attempts += 1;
        // First attempt: the effect fails inside its transaction (rolled back, nothing recorded).
        await job.once(async (trx) => {
          await sql`insert into job_test_effects (key) values (${job.key})`.execute(trx);
          if (attempts === 1) throw new Error('effect failed half-way');
        });
        // Second attempt: the effect commits, then the process "crashes" before pg-boss completes the job.
        if (attempts === 2) throw new Error('crash after the effect committed');
      },
      { retryLimit: 4, retryDelaySeconds: 1, retryBackoff: true },
    );
    await r.start();
    const id = await r.send('test.retry', {}, { idempotencyKey: 'retry-1' });
    expect(id).toBe(idempotentJobId('test.retry', 'retry-1'));

    await expect
      .poll(async () => (await sql<{ state: string }>`select state from ${sql.id(schema, 'job')} where id = ${id}::uuid`.execute(db)).rows[0]?.state, WAIT)
      .toBe('completed');
    expect(attempts).toBe(3);
    expect(await effects('retry-1')).toBe(1);
  });

  it('keeps one effect for a duplicate send with the same idempotency key, even after the job row is gone', async () => {
    const r = runner();
    let runs = 0;
    await r.define<{ amount: number }>('test.idem', async (job) => {
      runs += 1;
      await job.once(async (trx) => {
        await sql`insert into job_test_effects (key) values (${job.key})`.execute(trx);
      });
    });
    await r.start();
    const first = await r.send('test.idem', { amount: 5 }, { idempotencyKey: 'payout-42' });
    const duplicate = await r.send('test.idem', { amount: 5 }, { idempotencyKey: 'payout-42' });
    expect(first).toEqual(expect.any(String));
    expect(duplicate).toBeNull();
    await expect.poll(() => effects('payout-42'), WAIT).toBe(1);
    await expect
      .poll(async () => (await sql<{ state: string }>`select state from ${sql.id(schema, 'job')} where id = ${first}::uuid`.execute(db)).rows[0]?.state, WAIT)
      .toBe('completed');

    // After pg-boss archives the job its id is free again: a late re-send runs, and `once` still holds.
    await sql`delete from ${sql.id(schema, 'job')} where id = ${first}::uuid`.execute(db);
    const late = await r.send('test.idem', { amount: 5 }, { idempotencyKey: 'payout-42' });
    expect(late).toBe(first);
    await expect.poll(() => runs, WAIT).toBe(2);
    await expect
      .poll(async () => (await sql<{ state: string }>`select state from ${sql.id(schema, 'job')} where id = ${late}::uuid`.execute(db)).rows[0]?.state, WAIT)
      .toBe('completed');
    expect(await effects('payout-42')).toBe(1);
  });

  it('two runners on one database process 50 jobs exactly once each', async () => {
    const db2 = await secondHandle();
    const a = runner();
    const b = runner({ db: db2 });
    for (const [name, r, handle] of [
      ['a', a, db],
      ['b', b, db2],
    ] as const) {
      await r.define<{ n: number }>(
        'test.fanout',
        async (job) => {
          // No `once` here on purpose: this counts deliveries, which must be one per job.
          await sql`insert into job_test_effects (key, runner) values (${`fanout-${job.data.n}`}, ${name})`.execute(handle);
        },
        { batchSize: 5 },
      );
      await r.start();
    }
    for (let n = 0; n < 50; n++) await (n % 2 ? a : b).send('test.fanout', { n });

    const counts = async () =>
      (await sql<{ key: string; n: number }>`select key, count(*)::int as n from job_test_effects where key like 'fanout-%' group by key`.execute(db)).rows;
    await expect.poll(async () => (await counts()).length, WAIT).toBe(50);
    await expect
      .poll(
        async () =>
          (await sql<{ n: number }>`select count(*)::int as n from ${sql.id(schema, 'job')} where name = 'test.fanout' and state = 'completed'`.execute(db))
            .rows[0]!.n,
        WAIT,
      )
      .toBe(50);
    expect((await counts()).every((c) => c.n === 1)).toBe(true);
  });

  it('a cron schedule shared by two runners runs once per minute slot', async () => {
    const db2 = await secondHandle();
    // Slots are counted from before the schedule exists: a job sent for the last slot of one minute can run
    // in the next, so the effects' own times undercount the slots crossed.
    const minuteNow = async () => (await sql<{ m: number }>`select extract(epoch from date_trunc('minute', now()))::int as m`.execute(db)).rows[0]!.m;
    const startMinute = await minuteNow();
    // Both check the schedule every second, so without pg-boss's per-slot singleton every check would send a job.
    const a = runner({ cronMonitorIntervalSeconds: 1 });
    const b = runner({ db: db2, cronMonitorIntervalSeconds: 1 });
    for (const [name, r, handle] of [
      ['a', a, db],
      ['b', b, db2],
    ] as const) {
      await r.define('test.cron', async () => {
        await sql`insert into job_test_effects (key, runner) values ('cron', ${name})`.execute(handle);
      });
      await r.start();
      await r.schedule('test.cron', '* * * * *');
    }
    await expect.poll(() => effects('cron'), WAIT).toBeGreaterThanOrEqual(1);
    const cronOn = async () => (await sql<{ t: Date | string }>`select cron_on as t from ${sql.id(schema, 'version')}`.execute(db)).rows[0]!.t;
    const seen = new Set<string>([String(await cronOn())]);
    // Wait for at least four more schedule checks, then for their hand-off jobs to be processed.
    await expect.poll(async () => seen.add(String(await cronOn())).size, WAIT).toBeGreaterThanOrEqual(5);
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>`select count(*)::int as n from ${sql.id(schema, 'job')} where name = '__pgboss__send-it' and state < 'completed'`.execute(
              db,
            )
          ).rows[0]!.n,
        WAIT,
      )
      .toBe(0);
    // One run per minute slot reached: one for the slot the test began in, one more per boundary crossed.
    expect(await effects('cron')).toBeLessThanOrEqual(1 + ((await minuteNow()) - startMinute) / 60);
  });
});
