import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type KyselyConfig } from 'kysely';
import pg from 'pg';
import { acquireDataFolderLock } from './lock-file.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

/** Options of openDatabase: PostgreSQL when databaseUrl is set, else PGlite in memory or on disk. */
export type TOpenDatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /** In memory only: start from this PGlite data dir (a `dumpDataDir` tarball) instead of an empty database. */
  memorySnapshot?: Blob;
  /** PostgreSQL only: the schema to put first on search_path (tests use one per file). */
  schema?: string;
  /** Kysely's log of every query and error (tests count the deadlocks a retry would hide, docs/0080). */
  log?: KyselyConfig['log'];
};

/**
 * LISTEN on a channel: `onPayload` gets every NOTIFY payload committed on the database. On
 * PostgreSQL the listening connection is re-opened when lost; `onReconnect` then runs, since
 * notifications sent meanwhile are gone. Answers how to stop listening.
 */
export type TListen = (channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) => Promise<() => Promise<void>>;

/** An open database: the Kysely handle, which engine it is, how to LISTEN, and how to close it. */
export type TDatabase = {
  db: Kysely<DB>;
  engine: 'pglite' | 'postgres';
  listen: TListen;
  close(): Promise<void>;
};

/** How long a lost LISTEN connection waits before it is opened again. */
const RELISTEN_MS = 1000;

/**
 * LISTEN over PGlite's one session. Run through the driver's connection, so that it never lands in
 * the middle of another caller's transaction (where a rollback would undo it).
 */
export function pgliteListen(db: Kysely<DB>, pglite: PGlite): TListen {
  return async (channel, onPayload) => {
    const stop = await db.connection().execute(() => pglite.listen(channel, onPayload));
    return () => db.connection().execute(() => stop());
  };
}

/** LISTEN on a dedicated PostgreSQL connection (a pooled one would be handed to other queries). */
function postgresListen(connectionString: string, searchPath: string | undefined): TListen {
  return async (channel, onPayload, onReconnect) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;
    const open = async (): Promise<void> => {
      const c = new pg.Client({ connectionString, ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}) });
      c.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      // An error ends the connection; 'end' below opens a new one.
      c.on('error', () => undefined);
      c.on('end', () => {
        if (stopped || client !== c) return;
        client = null;
        reopen();
      });
      await c.connect();
      await c.query(`listen ${quoteIdent(channel)}`);
      if (stopped) {
        await c.end();
        return;
      }
      client = c;
    };
    const reopen = (): void => {
      timer = setTimeout(() => {
        open().then(
          () => onReconnect?.(),
          () => {
            if (!stopped) reopen();
          },
        );
      }, RELISTEN_MS);
      timer.unref();
    };
    await open();
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end();
    };
  };
}

// pg answers int8 (bigint, count(*)) as strings; PGlite answers numbers. Parse to numbers so one
// query code base sees the same types on both. Amounts stay far below 2^53.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * PGlite's own start parameters plus a smaller buffer pool. PostgreSQL's default shared_buffers
 * (128 MB) is allocated and touched inside PGlite's WebAssembly memory at open: 120 MB of resident
 * memory for a database of about 11 MB (docs/0023). The pool fills as pages are read: an idle site
 * after its first page touched 32 MB of WebAssembly memory with 16 MB, 24 MB with 8 MB, and reads
 * and writes ran as fast (docs/0061). Pages beyond the pool come from the data folder through the
 * OS page cache.
 */
const PGLITE_DISK_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB'];

/** Opens the platform database (DESIGN.md: PGlite on disk by default, PostgreSQL with DATABASE_URL). */
export async function openDatabase(opts: TOpenDatabaseOptions): Promise<TDatabase> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      types: pgTypes,
      ...(opts.schema ? { options: `-c search_path=${quoteIdent(opts.schema)}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...(opts.log ? { log: opts.log } : {}) });
    const listen = postgresListen(opts.databaseUrl, opts.schema ? quoteIdent(opts.schema) : undefined);
    return { db, engine: 'postgres', listen, close: () => db.destroy() };
  }
  if (opts.memory || !opts.dataDir) {
    // A copy of a snapshot (each test file's database, each harness platform) starts with the small
    // pool as well: 0.73 s of CPU per open instead of 0.86 s, for ~160 copies a suite run
    // (docs/0101). An empty in-memory database (bench) keeps the default.
    const pglite = new PGlite(opts.memorySnapshot ? { loadDataDir: opts.memorySnapshot, startParams: PGLITE_DISK_START_PARAMS } : {});
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), ...(opts.log ? { log: opts.log } : {}) });
    return { db, engine: 'pglite', listen: pgliteListen(db, pglite), close: () => db.destroy() };
  }
  const dataDir = path.resolve(opts.dataDir);
  // STACK.md: two processes on one PGlite folder corrupt it silently, so hold an exclusive lock.
  const release = acquireDataFolderLock(dataDir);
  try {
    const pglite = new PGlite(path.join(dataDir, 'pgdata'), { startParams: PGLITE_DISK_START_PARAMS });
    await pglite.waitReady;
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), ...(opts.log ? { log: opts.log } : {}) });
    return {
      db,
      engine: 'pglite',
      listen: pgliteListen(db, pglite),
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
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid identifier ${name}`);
  return name;
}
