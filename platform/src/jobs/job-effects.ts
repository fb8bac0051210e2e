import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** What `once` did: ran the effect (and its value), or found it already applied. */
export type TOnceResult<R> = { applied: true; value: R } | { applied: false };

/**
 * Runs `effect` and records `(queue, key)` in job_effects in one transaction, unless the key is
 * already there. A retry after a crash, a duplicate job or a second runner therefore changes
 * nothing twice: on PostgreSQL a concurrent second insert of the same key waits for the first
 * transaction and then finds the row; if the first rolled back, the second applies the effect.
 */
export async function applyOnce<R>(
  db: Kysely<DB>,
  at: { queue: string; key: string; jobId: string },
  effect: (trx: Transaction<DB>) => Promise<R>,
): Promise<TOnceResult<R>> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('job_effects')
      .values({ queue: at.queue, key: at.key, job_id: at.jobId })
      .onConflict((oc) => oc.columns(['queue', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return { applied: false } as const;
    return { applied: true, value: await effect(trx) } as const;
  });
}
