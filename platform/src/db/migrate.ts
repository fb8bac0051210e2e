import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** Folder of the plain SQL migrations (NNNN_name.sql). */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');

// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_KEY = 7_070_001;

/** The migration files in order. */
export function listMigrations(dir = MIGRATIONS_DIR): { version: string; file: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), file: path.join(dir, f) }));
}

/**
 * Applies pending migrations in one transaction. A transaction-scoped advisory lock makes racing
 * processes on PostgreSQL take turns; the second sees the first's rows and applies nothing.
 * Returns the versions it applied.
 */
export async function migrate(db: Kysely<DB>, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = listMigrations(dir);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql.raw('create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())').execute(trx);
    const done = new Set((await trx.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await sql.raw(fs.readFileSync(m.file, 'utf8')).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: m.version }).execute();
      applied.push(m.version);
    }
    return applied;
  });
}
