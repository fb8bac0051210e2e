import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from './job-runner.ts';
import { seededDatabase } from '../test-support/db.ts';

// Test helpers of the job runner (not a test file; imported by *.test.ts only).

/**
 * pg-boss's schema for a test database: 'pgboss' on PGlite (one database per file); on
 * PostgreSQL, where test files share one database with a schema each, one beside the test schema.
 */
export async function jobsSchemaFor(db: Kysely<DB>): Promise<string> {
  const r = await sql<{ s: string }>`select current_schema() as s`.execute(db);
  const current = r.rows[0]!.s;
  return current === 'public' ? 'pgboss' : `${current}_jobs`;
}

/** Drops a per-test pg-boss schema (PostgreSQL); a no-op for the default one. */
export async function dropJobsSchema(db: Kysely<DB>, schema: string): Promise<void> {
  if (schema === 'pgboss') return;
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
}

/** A seeded test database with the pg-boss schema for it; close() drops that schema, then closes the database. */
export type TJobsTestDatabase = { db: Kysely<DB>; schema: string; close(): Promise<void> };

/** Opens a seeded test database and names its pg-boss schema (jobsSchemaFor), for a test file's beforeAll. */
export async function jobsTestDatabase(): Promise<TJobsTestDatabase> {
  const database = await seededDatabase();
  const schema = await jobsSchemaFor(database.db);
  return {
    db: database.db,
    schema,
    async close() {
      await dropJobsSchema(database.db, schema);
      await database.close();
    },
  };
}

/**
 * Per test file: a jobs test database opened before its tests and handed to `setUp`; after them, the
 * file's runner (`runner()`, when it made one) stops, then the database closes.
 */
export function useJobsDatabase(setUp: (jobs: TJobsTestDatabase) => unknown, runner: () => JobRunner | null | undefined = () => null): void {
  let jobs: TJobsTestDatabase | undefined;
  beforeAll(async () => {
    jobs = await jobsTestDatabase();
    await setUp(jobs);
  });
  afterAll(async () => {
    await runner()?.stop();
    await jobs?.close();
  });
}

/** A promise with its resolve, for handlers that tell a test they ran. */
export function deferred<T = void>(): { promise: Promise<T>; resolve(v: T): void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
