import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';

/** Queue of the sweep of abandoned application image drafts (docs/0100). */
export const DRAFT_IMAGES_QUEUE = 'promotions.draft-images-sweep';

/** Every hour at :35; pg-boss sends it once per slot however many platform processes share the database. */
export const DRAFT_IMAGES_CRON = '35 * * * *';

/** How long a draft image (uploaded, never named by an application) is kept: a day, far longer than filling in the form. */
export const DRAFT_IMAGE_KEEP_MS = 86_400_000;

/** Drafts deleted per statement: each holds up to 5 MB. */
const BATCH = 200;

/**
 * Deletes the image drafts older than a day that no application names (docs/0098: a draft is an
 * image with no application yet). An image of an application is never touched; a draft younger than
 * a day is left for the member still filling in the form. Idempotent: a run again deletes nothing more.
 */
export async function sweepDraftImages(db: Kysely<DB>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DRAFT_IMAGE_KEEP_MS);
  let deleted = 0;
  for (;;) {
    const r = await sql`
      delete from promotion_application_images where id in (
        select id from promotion_application_images where application_id is null and created_at < ${before} limit ${BATCH})`.execute(db);
    const n = Number(r.numAffectedRows ?? 0);
    deleted += n;
    if (n < BATCH) return deleted;
  }
}

/** Registers the sweep on a runner; `clock` is the platform's clock. */
export async function defineDraftImagesSweep(runner: JobRunner, deps: { clock: () => Date }): Promise<void> {
  await runner.define(
    DRAFT_IMAGES_QUEUE,
    async (job) => {
      await sweepDraftImages(job.db, deps.clock());
    },
    { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 600, policy: 'short' },
  );
}
