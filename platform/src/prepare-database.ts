import type { TDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { withStartLock } from './db/start-lock.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import { seedMissingHelpSections } from './content/help.service.ts';
import { seed } from './seed/seed.ts';

/** Options of prepareDatabase. */
export type TPrepareDatabaseOptions = {
  merchantCode: string;
  /** Refuse to seed the demo accounts (NODE_ENV=production). */
  refuseDemoAccounts?: boolean;
  /** Starts this process's job runner (unset: the process runs no jobs). */
  startJobs?: () => Promise<JobRunner>;
  /** Told what the start is doing, so a first start that takes a while can say so (docs/0061). */
  onProgress?: (step: TStartStep) => void;
};

/** A step of a start worth telling a person who waits for it. */
export type TStartStep =
  { step: 'opening'; engine: 'pglite' | 'postgres'; where: string; fresh: boolean } | { step: 'migrated'; versions: string[] } | { step: 'seeding' };

/**
 * Migrates, seeds on first start and starts the job runner under the start lock, so any number of
 * processes started at once on one empty PostgreSQL all come up (docs/0023). pg-boss's own
 * install and queue creation are not safe to race either (seen: a deadlock, 40P01, in create_queue,
 * and a pooled connection left in an aborted transaction), so on PostgreSQL the runner starts inside
 * the lock and `jobs` is settled on return. On PGlite no other process can race: the runner starts
 * after the lock, beside the rest of the start (its install takes a few hundred ms there).
 */
export async function prepareDatabase(database: TDatabase, opts: TPrepareDatabaseOptions): Promise<{ jobs: Promise<JobRunner> | null }> {
  return withStartLock(database, async (db) => {
    const versions = await migrate(db);
    if (versions.length > 0) opts.onProgress?.({ step: 'migrated', versions });
    await seed(db, {
      merchantCode: opts.merchantCode,
      refuseDemoAccounts: opts.refuseDemoAccounts ?? false,
      ...(opts.onProgress ? { onSeeding: () => opts.onProgress?.({ step: 'seeding' }) } : {}),
    });
    // A database seeded before migration 0052 gets the help centre's first texts once (docs/0109).
    await seedMissingHelpSections(db);
    if (!opts.startJobs) return { jobs: null };
    if (database.engine !== 'postgres') return { jobs: opts.startJobs() };
    const jobs = opts.startJobs();
    // Settle before the lock is released; the caller decides what a failed start means.
    await jobs.catch(() => undefined);
    return { jobs };
  });
}
