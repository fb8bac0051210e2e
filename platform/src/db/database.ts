import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireDataFolderLock } from './lock-file.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

/** Options of openDatabase: PostgreSQL when databaseUrl is set, else PGlite in memory or on disk. */
export type TOpenDatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /** PostgreSQL only: the schema to put first on search_path (tests use one per file). */
  schema?: string;
};

/** An open database: the Kysely handle, which engine it is, and how to close it. */
export type TDatabase = {
  db: Kysely<DB>;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
};

// pg answers int8 (bigint, count(*)) as strings; PGlite answers numbers. Parse to numbers so one
// query code base sees the same types on both. Amounts stay far below 2^53.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Opens the platform database (DESIGN.md: PGlite on disk by default, PostgreSQL with DATABASE_URL). */
export async function openDatabase(opts: TOpenDatabaseOptions): Promise<TDatabase> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      types: pgTypes,
      ...(opts.schema ? { options: `-c search_path=${quoteIdent(opts.schema)}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  if (opts.memory || !opts.dataDir) {
    const pglite = new PGlite();
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
    return { db, engine: 'pglite', close: () => db.destroy() };
  }
  const dataDir = path.resolve(opts.dataDir);
  // STACK.md: two processes on one PGlite folder corrupt it silently, so hold an exclusive lock.
  const release = acquireDataFolderLock(dataDir);
  try {
    const pglite = new PGlite(path.join(dataDir, 'pgdata'));
    await pglite.waitReady;
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      engine: 'pglite',
      close: async () => {
        try {
          await db.destroy();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid schema name ${name}`);
  return name;
}
