import type { JobRunner } from '../jobs/job-runner.ts';
import { publishDue } from './config-changes.service.ts';

/** Queue of the scheduled configuration publishes (docs/0123, O-25). */
export const CONFIG_PUBLISH_QUEUE = 'config.scheduled-publish';

/** Every minute: a scheduled change set is published within a minute of its time, once. */
export const CONFIG_PUBLISH_CRON = '* * * * *';

/** Registers the scheduled publish on a runner; `clock` is the platform's clock. */
export async function defineConfigPublish(runner: JobRunner, deps: { clock: () => Date }): Promise<void> {
  await runner.define(
    CONFIG_PUBLISH_QUEUE,
    async (job) => {
      await publishDue({ db: job.db }, deps.clock());
    },
    { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300, policy: 'short' },
  );
}
