import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate.ts';
import { PGliteDialect } from '../db/pglite-dialect.ts';
import type { DB } from '../db/schema.ts';
import { platformEnv } from '../env.ts';
import { seed } from '../seed/seed.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated, seeded PGlite data dir (tarball) that each test file loads as its own fresh copy. */
    pgliteSnapshot: string;
  }
}

/**
 * PGlite's start-up (initdb in WASM) dominates a test file's set-up, so it is paid once: one
 * database is migrated and seeded here and every file starts from a copy of it. Files that test
 * migrations and the seed themselves still start from an empty database. Not used with DATABASE_URL.
 */
export default async function setup(project: TestProject) {
  if (platformEnv.databaseUrl) {
    project.provide('pgliteSnapshot', '');
    return;
  }
  const pglite = new PGlite();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  await migrate(db);
  await seed(db, { merchantCode: 'DEMO' });
  const blob = await pglite.dumpDataDir('none');
  await db.destroy();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wl-platform-snapshot-'));
  const file = path.join(dir, 'seeded.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
