import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** When the caller of one call stops waiting, and the clock to read it by (docs/0078). */
export type TCallDeadline = {
  deadlineMs: number;
  now: () => number;
  /** The error a call past its deadline answers (the platform's busy). */
  late: () => Error;
  /** Test seam: runs right before the deadline check of each commit (holds a transaction open). */
  beforeCommit?: () => Promise<void>;
};

/** The deadline each call's database handle carries (a handle made by `dbUntil`, dropped with its call). */
const deadlines = new WeakMap<Kysely<DB>, TCallDeadline>();
/** The database each such handle is of. */
const bases = new WeakMap<Kysely<DB>, Kysely<DB>>();

/**
 * The same database as `db`, as one call sees it: a transaction begun on it through `inTransaction`
 * is rolled back at its commit once `deadline` has passed. Carried on the handle, not in an
 * AsyncLocalStorage, which on Node 20 slows every promise of the process (docs/0078). The handle
 * shares `db`'s driver and pool; the platform's database has no Kysely plugins to lose.
 */
export function dbUntil(db: Kysely<DB>, deadline: TCallDeadline): Kysely<DB> {
  const handle = db.withoutPlugins();
  deadlines.set(handle, deadline);
  bases.set(handle, databaseOf(db));
  return handle;
}

/** The platform's database a handle is of (itself when it is no call's handle): what memory kept per database is keyed by. */
export function databaseOf(db: Kysely<DB>): Kysely<DB> {
  return bases.get(db) ?? db;
}

/**
 * Memory kept per database for the life of the process (docs/0081): one value per platform
 * database, made on first use, the same for every call's handle of that database.
 */
export function perDatabase<T extends object>(make: () => T): (db: Kysely<DB>) => T {
  const values = new WeakMap<Kysely<DB>, T>();
  return (db) => {
    const key = databaseOf(db);
    let value = values.get(key);
    if (!value) values.set(key, (value = make()));
    return value;
  };
}

/** When the caller of the call that owns `db` stops waiting (epoch ms), or null for a handle without a deadline. */
export function deadlineMsOf(db: Kysely<DB>): number | null {
  return deadlines.get(db)?.deadlineMs ?? null;
}

/**
 * Throws the deadline's `late()` when the call that owns `db` is past its deadline: checked right before a money or
 * game transaction commits, so that it rolls back and leaves nothing (its idempotency key included)
 * that would answer the caller's retry. A handle without a deadline (jobs, tests, direct calls): no-op.
 */
export async function checkCommitDeadline(db: Kysely<DB>): Promise<void> {
  const deadline = deadlines.get(db);
  if (!deadline) return;
  await deadline.beforeCommit?.();
  if (deadline.now() >= deadline.deadlineMs) throw deadline.late();
}
