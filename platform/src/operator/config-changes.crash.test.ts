import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { demoOperatorRow } from '../test-support/demo-merchant.ts';
import { killThenRace, runSettler, useSeededPostgresSchema } from '../test-support/settler-process.ts';
import { createDraft, editDraft, scheduleDraft } from './config-changes.service.ts';
import { readConfig } from './config-versions.ts';
import type { TConfigPublishCrashChildArgs } from './config-publish-crash.child.ts';

/**
 * docs/0123 (rule O-25): scheduled configuration changes are published once each across a SIGKILL
 * in the middle of the job's run and two processes racing through the rest on one PostgreSQL
 * database: per draft one version, the configuration version raised once per draft, every change
 * applied. PostgreSQL only (PGlite is one process).
 */
const DRAFTS = 6;
const KILL_AFTER = 2;
const CHILD = fileURLToPath(new URL('./config-publish-crash.child.ts', import.meta.url));

const pg = useSeededPostgresSchema();

describe.skipIf(!pg.url)('scheduled configuration publishes across SIGKILL and two processes (PostgreSQL)', () => {
  it(`${DRAFTS} scheduled drafts: killed after ${KILL_AFTER} publishes, then two runs race; each published once`, async () => {
    const { db } = pg.database;
    const merchant = (await db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow()) as unknown as TMerchant;
    const owner = await demoOperatorRow(db, 'demo_operator').select(['id', 'username', 'role']).executeTakeFirstOrThrow();
    const actor = { operatorId: owner.id, username: owner.username, role: owner.role };
    const start = new Date();
    const deps = { db, clock: () => start } as unknown as TPlatformDeps;
    // Each draft changes one banner's English title (words: no second operator needed).
    const fields = Object.keys(await readConfig(db, merchant.id))
      .filter((f) => /^content\.banner\.\d+\.titleEn$/.test(f))
      .slice(0, DRAFTS);
    expect(fields).toHaveLength(DRAFTS);
    const at = new Date(start.getTime() + 60_000);
    const drafts: number[] = [];
    for (const [i, field] of fields.entries()) {
      const d = await createDraft(deps, merchant, actor, '127.0.0.1');
      await editDraft(deps, merchant, actor, '127.0.0.1', { id: d.id, set: { [field]: `Scheduled title ${i}` }, unset: [] });
      await scheduleDraft(deps, merchant, actor, '127.0.0.1', { id: d.id, comment: `scheduled ${i}`, at: at.toISOString() });
      drafts.push(d.id);
    }
    const versionBefore = (await db.selectFrom('merchants').select('config_version').where('id', '=', merchant.id).executeTakeFirstOrThrow()).config_version;
    const run = (killAfter = Infinity) =>
      runSettler(
        CHILD,
        { databaseUrl: pg.url!, schema: pg.schema, now: new Date(at.getTime() + 1_000).toISOString() } satisfies TConfigPublishCrashChildArgs,
        killAfter,
      );

    await killThenRace(run, KILL_AFTER);

    const sets = await db.selectFrom('config_change_sets').select(['id', 'status']).where('id', 'in', drafts).execute();
    expect(sets.map((s) => s.status)).toEqual(drafts.map(() => 'published'));
    const versions = await db.selectFrom('config_versions').select('change_set_id').where('change_set_id', 'in', drafts).execute();
    expect(versions.map((v) => v.change_set_id).sort((a, b) => a! - b!)).toEqual(drafts);
    const versionAfter = (await db.selectFrom('merchants').select('config_version').where('id', '=', merchant.id).executeTakeFirstOrThrow()).config_version;
    expect(versionAfter).toBe(versionBefore + DRAFTS);
    const config = await readConfig(db, merchant.id);
    for (const [i, field] of fields.entries()) expect(config[field], field).toBe(`Scheduled title ${i}`);
  });
});
