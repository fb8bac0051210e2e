import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabase } from './db/database.ts';
import { platformEnv } from './env.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import { PLATFORM_SCHEDULES, startPlatformJobs } from './jobs/platform-jobs.ts';
import { SWEEP_QUEUE } from './jobs/sweep.job.ts';
import { SALARY_QUEUE } from './agent/contracts/salary.job.ts';
import { prepareDatabase } from './prepare-database.ts';
import { DemoSeedRefusedError } from './seed/seed.ts';
import { createTestSchema } from './test-support/pg-schema.ts';

// docs/0023: migrate, seed and the job runner's install under one start lock. The three-process
// test of the real start path is gateway/test/start-together.test.ts; this one races handles of one
// process, each with its own pool, and shows a failed start releases the lock.

const url = platformEnv.databaseUrl;

describe.skipIf(!url)('prepareDatabase on PostgreSQL', () => {
  let schema: string;
  let drop: () => Promise<void>;
  const handles: TDatabase[] = [];
  const runners: JobRunner[] = [];
  const open = async () => {
    const database = await openDatabase({ databaseUrl: url, schema });
    handles.push(database);
    return database;
  };

  beforeAll(async () => {
    ({ schema, drop } = await createTestSchema(url!));
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    const first = handles[0];
    if (first) await sql`drop schema if exists ${sql.id(`${schema}_jobs`)} cascade`.execute(first.db);
    for (const database of handles) await database.close();
    await drop();
  });

  it('a start that fails inside the lock releases it for the next', async () => {
    const refused = await open();
    await expect(prepareDatabase(refused, { merchantCode: 'DEMO', refuseDemoAccounts: true })).rejects.toThrow(DemoSeedRefusedError);
    // Migrations ran and committed before the refusal; nothing was seeded. Had the refused start
    // kept the lock (its pool is still open), the next test's starts would wait forever.
    expect((await sql<{ n: number }>`select count(*)::int as n from merchants`.execute(refused.db)).rows).toEqual([{ n: 0 }]);
  });

  it('three racing starts on an empty schema all succeed; the seed, the queue and the schedule exist once', async () => {
    const databases = await Promise.all([open(), open(), open()]);
    const jobsSchema = `${schema}_jobs`;
    const prepared = await Promise.all(
      databases.map((database) =>
        prepareDatabase(database, { merchantCode: 'DEMO', startJobs: () => startPlatformJobs({ db: database.db, schema: jobsSchema }) }),
      ),
    );
    for (const { jobs } of prepared) runners.push((await jobs)!);
    expect(runners).toHaveLength(3);
    const db = databases[0]!.db;
    // The demo merchant and the demo's second brand (docs/0131), each once.
    expect((await sql<{ code: string }>`select code from merchants order by code`.execute(db)).rows).toEqual([{ code: 'DEMO' }, { code: 'DEMO2' }]);
    expect((await sql<{ name: string }>`select name from ${sql.id(jobsSchema, 'queue')} where name = ${SWEEP_QUEUE}`.execute(db)).rows).toHaveLength(1);
    // Each scheduled sweep once, however many starts raced to schedule it.
    expect((await sql<{ name: string }>`select name from ${sql.id(jobsSchema, 'schedule')} order by name`.execute(db)).rows).toEqual(
      [...PLATFORM_SCHEDULES.map(([queue]) => queue), SALARY_QUEUE].sort().map((name) => ({ name })),
    );
  });
});

// PGlite's own path (memory or a data folder), whatever DATABASE_URL says: the PGlite run proves it,
// the PostgreSQL run would only repeat it (docs/0124).
describe.skipIf(process.env.DATABASE_URL)('prepareDatabase on PGlite', () => {
  it('migrates, seeds and starts the jobs beside the start', async () => {
    const database = await openDatabase({ memory: true });
    try {
      const prepared = await prepareDatabase(database, { merchantCode: 'DEMO', startJobs: () => startPlatformJobs({ db: database.db }) });
      expect((await sql<{ code: string }>`select code from merchants order by code`.execute(database.db)).rows).toEqual([{ code: 'DEMO' }, { code: 'DEMO2' }]);
      const runner = await prepared.jobs!;
      await runner.stop();
    } finally {
      await database.close();
    }
  });
});
