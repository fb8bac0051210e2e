import { CompiledQuery, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { DB } from '../db/schema.ts';

/** pg-boss's database seam, with a way to wait for what it has in flight and to refuse more. */
export type TJobSqlExecutor = PgBoss.Db & {
  /** Waits until no statement is running; after `close` new statements are ignored. */
  drain(opts?: { close?: boolean }): Promise<void>;
};

/**
 * pg-boss over a Kysely handle (the pool on PostgreSQL, the single PGlite session, or a
 * transaction). STACK.md: PGlite has no socket, so pg-boss cannot open its own connection there;
 * going through Kysely also queues pg-boss behind the platform's own transactions on PGlite
 * instead of interleaving with them. A statement without parameters goes through the simple
 * protocol on both drivers, which pg-boss needs for its multi-statement scripts (install, maintenance).
 */
export function kyselyJobExecutor(db: Pick<Kysely<DB>, 'executeQuery'>): TJobSqlExecutor {
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  return {
    async executeSql(text: string, values?: unknown[]) {
      // pg-boss fires some calls without awaiting them (complete after a handler, worker loops
      // finishing after stop): once the runner stopped they must not reach a closing database.
      if (closed) return { rows: [] };
      const run = db.executeQuery(CompiledQuery.raw(text, values ?? [])).then((r) => ({ rows: (r.rows ?? []) as unknown[] }));
      inFlight.add(run);
      try {
        return await run;
      } finally {
        inFlight.delete(run);
      }
    },
    async drain(opts = {}) {
      if (opts.close) closed = true;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
