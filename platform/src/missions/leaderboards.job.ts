import type { JobRunner } from '../jobs/job-runner.ts';
import { runLeaderboardPrizes } from './leaderboards.ts';

/** Queue of the leaderboard prizes run (docs/0119). */
export const LEADERBOARD_PRIZES_QUEUE = 'leaderboards.prizes';

/**
 * Every hour at :25, so each merchant's local day (and week) is paid within the hour after it closed
 * whatever its offset (docs/0125); a run with nothing closed pays nothing. pg-boss sends it once per
 * slot however many platform processes share the database.
 */
export const LEADERBOARD_PRIZES_CRON = '25 * * * *';

/** Registers the prizes run on a runner; `clock` is the platform's clock. */
export async function defineLeaderboardPrizes(runner: JobRunner, deps: { clock: () => Date }): Promise<void> {
  await runner.define(
    LEADERBOARD_PRIZES_QUEUE,
    async (job) => {
      await runLeaderboardPrizes(job.db, deps.clock());
    },
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 900, policy: 'short' },
  );
}
