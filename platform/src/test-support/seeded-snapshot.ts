import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrate } from '../db/migrate.ts';
import { PGliteDialect } from '../db/pglite-dialect.ts';
import type { DB } from '../db/schema.ts';
import { seed } from '../seed/seed.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated, seeded PGlite data dir (tarball) that each test file loads as its own fresh copy; '' on PostgreSQL. */
    pgliteSnapshot: string;
    /** With DATABASE_URL: the migrated, seeded template database each file copies (pg-template.ts); '' on PGlite. */
    pgTemplate: string;
  }
}

/**
 * PGlite's start-up (initdb in WASM), the migrations and the seed's argon2 hashes cost a test about
 * 3 s of CPU each time a database is made, so a suite pays them once (docs/0044): one database is
 * migrated and seeded here and written as a `dumpDataDir` tarball, and every test file or harness
 * platform starts from a copy of it. Answers the file and how to remove it.
 */
export async function writeSeededSnapshot(merchantCode = 'DEMO'): Promise<{ file: string; remove(): void }> {
  const pglite = new PGlite();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  await migrate(db);
  await seed(db, { merchantCode });
  // Flushed first, so a copy starts without replaying the seed's WAL: about 0.1 s of CPU less per
  // copy (0.85 → 0.73 s measured), some 175 copies a CI run (docs/0132).
  await pglite.query('CHECKPOINT');
  const blob = await pglite.dumpDataDir('none');
  await db.destroy();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wl-platform-snapshot-'));
  const file = path.join(dir, 'seeded.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A snapshot file as PGlite's `loadDataDir` wants it; read once per worker, shared by every copy. */
const loaded = new Map<string, Blob>();
export function snapshotBlob(file: string): Blob {
  let blob = loaded.get(file);
  if (!blob) {
    blob = new Blob([fs.readFileSync(file)]);
    loaded.set(file, blob);
  }
  return blob;
}
