import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';

/** Queue of the sweep of abandoned image drafts: applications' (docs/0100) and feedback's (docs/0111). */
export const DRAFT_IMAGES_QUEUE = 'promotions.draft-images-sweep';

/** Every hour at :35; pg-boss sends it once per slot however many platform processes share the database. */
export const DRAFT_IMAGES_CRON = '35 * * * *';

/** How long a draft image (uploaded, never named by an application) is kept: a day, far longer than filling in the form. */
export const DRAFT_IMAGE_KEEP_MS = 86_400_000;

/** Drafts deleted per statement: each holds up to 5 MB. */
const BATCH = 200;

/** Tables of member image drafts and the column naming what each image was sent with (null: a draft): applications (docs/0098), feedback (docs/0111). */
const DRAFT_TABLES = [
  ['promotion_application_images', 'application_id'],
  ['feedback_images', 'feedback_id'],
] as const satisfies readonly (readonly [keyof DB, string])[];

/**
 * Deletes the image drafts older than a day that nothing names (docs/0098: a draft is an image with
 * no application yet; docs/0111: or no feedback yet). An image that was sent is never touched; a
 * draft younger than a day is left for the member still filling in the form. Idempotent: a run
 * again deletes nothing more.
 */
export async function sweepDraftImages(db: Kysely<DB>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DRAFT_IMAGE_KEEP_MS);
  let deleted = 0;
  for (const [table, sentWith] of DRAFT_TABLES) {
    for (;;) {
      const r = await sql`
        delete from ${sql.table(table)} where id in (
          select id from ${sql.table(table)} where ${sql.ref(sentWith)} is null and created_at < ${before} limit ${BATCH})`.execute(db);
      const n = Number(r.numAffectedRows ?? 0);
      deleted += n;
      if (n < BATCH) break;
    }
  }
  return deleted;
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
