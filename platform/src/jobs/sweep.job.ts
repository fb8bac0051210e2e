import { SMS_WINDOW_MS } from '../verification/verification.service.ts';
import type { JobRunner } from './job-runner.ts';
import { deleteExpired } from './sweep.queries.ts';

/** Queue of the expired-rows sweep. */
export const SWEEP_QUEUE = 'platform.sweep-expired';

/** Every minute; pg-boss sends it once per slot however many platform processes share the database. */
export const SWEEP_CRON = '* * * * *';

/**
 * How long an ended row is kept before the sweep deletes it: a day, so a late request with an old
 * token still meets its own row (and answers "expired", not "unknown"), and well above the SMS
 * throttle window that counts recent codes.
 */
export const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;

/** Registers the sweep on a runner; `clock` is the platform's clock. */
export async function defineSweep(runner: JobRunner, deps: { clock: () => Date; graceMs?: number }): Promise<void> {
  const graceMs = deps.graceMs ?? SWEEP_GRACE_MS;
  if (graceMs < SMS_WINDOW_MS) throw new Error('sweep grace must cover the SMS throttle window');
  // Deleting what has ended is idempotent by nature: a re-run deletes nothing more, so no `once`.
  // Policy 'short': while one sweep waits in the queue, another is not added behind it.
  await runner.define(
    SWEEP_QUEUE,
    async (job) => {
      await deleteExpired(job.db, new Date(deps.clock().getTime() - graceMs));
    },
    { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300, policy: 'short' },
  );
}
