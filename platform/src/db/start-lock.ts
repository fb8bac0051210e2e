import { sql, type Kysely } from 'kysely';
import type { TDatabase } from './database.ts';
import type { DB } from './schema.ts';

// Any constant works; it only has to be the same for every process starting on this database, and
// differ from migrate's transaction lock (7_070_001), which the holder of this one takes inside it.
const START_LOCK_KEY = 7_070_000;

/**
 * Runs `work` (migrate, seed, install the job tables) while holding the database's start lock, so
 * processes started together on one PostgreSQL take turns: the first sets the database up, the
 * others find it done. A session-level advisory lock on one connection, held across the several
 * transactions of `work`, which runs on that same connection; PostgreSQL releases it if the process
 * dies. PGlite needs none: its data folder admits one process (lock-file.ts).
 */
export async function withStartLock<T>(database: TDatabase, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (database.engine !== 'postgres') return work(database.db);
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${START_LOCK_KEY})`.execute(conn);
    let result: T;
    try {
      result = await work(conn);
    } catch (err) {
      // The connection may be broken; the lock then ends with the session anyway.
      await sql`select pg_advisory_unlock(${START_LOCK_KEY})`.execute(conn).catch(() => undefined);
      throw err;
    }
    await sql`select pg_advisory_unlock(${START_LOCK_KEY})`.execute(conn);
    return result;
  });
}
