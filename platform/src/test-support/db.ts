import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildPlatform, type TBuildPlatformOptions } from '../app.ts';
import { openDatabase, type TDatabase, type TOpenDatabaseOptions } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import type { DB } from '../db/schema.ts';
import { platformEnv } from '../env.ts';
import { seed } from '../seed/seed.ts';
import { createTestDatabase, createTestSchema } from './pg-schema.ts';
import { snapshotBlob } from './seeded-snapshot.ts';
import { demoPasswordHashes, testRsaKeyPair } from './shared-secrets.ts';
import { TEST_GATEWAY_SECRET } from './http.ts';
import { newCaptureFile } from './outbox.ts';

/**
 * A fresh database for one test file: PGlite in memory by default; with DATABASE_URL, a new
 * uniquely named schema on that PostgreSQL (first on search_path), dropped on close.
 */
export async function freshDatabase(options: Pick<TOpenDatabaseOptions, 'log'> = {}): Promise<TDatabase & { schema: string | null }> {
  const url = platformEnv.databaseUrl;
  if (!url) return { ...(await openDatabase({ memory: true, ...options })), schema: null };
  const { schema, drop } = await createTestSchema(url);
  const database = await openDatabase({ databaseUrl: url, schema, ...options });
  return {
    ...database,
    schema,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** Row counts of some tables, to show that refused calls changed nothing. */
export async function rowCounts(db: Kysely<DB>, tables: (keyof DB)[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(db);
    out[t] = r.rows[0]!.n;
  }
  return out;
}

/** The PostgreSQL URL of each seeded database that is a copy of the template (databaseUrlOf). */
const copyUrls = new WeakMap<Kysely<DB>, string>();

/**
 * Where to open another handle on a test database (a second pool, as another process would have):
 * the URL of its own database when it is a copy of the template, else DATABASE_URL's.
 */
export function databaseUrlOf(db: Kysely<DB>): string | undefined {
  return copyUrls.get(db) ?? platformEnv.databaseUrl;
}

/**
 * A migrated, seeded database of its own: a copy of the global snapshot on PGlite; on PostgreSQL a
 * copy of the suite's template database (its URL from databaseUrlOf), or without one a new schema
 * migrated and seeded here. `log`: Kysely's log of its queries and errors.
 */
export async function seededDatabase(options: Pick<TOpenDatabaseOptions, 'log'> = {}): Promise<TDatabase> {
  const snapshot = inject('pgliteSnapshot');
  if (snapshot && !platformEnv.databaseUrl) return openDatabase({ memory: true, memorySnapshot: snapshotBlob(snapshot), ...options });
  const template = inject('pgTemplate');
  if (template && platformEnv.databaseUrl) {
    const copy = await createTestDatabase(platformEnv.databaseUrl, { template });
    const database = await openDatabase({ databaseUrl: copy.url, ...options });
    copyUrls.set(database.db, copy.url);
    return {
      ...database,
      close: async () => {
        await database.close();
        await copy.drop();
      },
    };
  }
  const database = await freshDatabase(options);
  await migrate(database.db);
  await seed(database.db, { merchantCode: 'DEMO', passwords: await demoPasswordHashes() });
  return database;
}

/** Per test file: a migrated, seeded database and a built app, closed after the file. */
/** `build`: options of buildPlatform a test sets itself (load limits, the commit seam of docs/0078). */
export function usePlatform(opts: { clock?: () => Date; build?: Pick<TBuildPlatformOptions, 'loadLimits' | 'beforeCommit'> } = {}) {
  /** `messages`: the embedded provider's capture file, where tests read codes and links (docs/0067). */
  const ctx = { messages: newCaptureFile() } as { db: Kysely<DB>; app: FastifyInstance; database: TDatabase; messages: string };
  beforeAll(async () => {
    ctx.database = await seededDatabase();
    ctx.db = ctx.database.db;
    ctx.app = await buildPlatform({
      db: ctx.db,
      listen: ctx.database.listen,
      merchantCode: 'DEMO',
      gatewaySecret: TEST_GATEWAY_SECRET,
      messageCaptureFile: ctx.messages,
      rsa: testRsaKeyPair(),
      // A wallet call its client gave up on (a deadline test) leaves the client's end closed and
      // the answer unwritten: Node keeps that socket until the 72 s keep-alive timeout, and a
      // graceful close() waited for it (70 s of a file's 80 in slot-overrun). The file is over, so
      // its platform ends its connections as the embedded platform does (docs/0101).
      forceCloseConnections: true,
      ...(opts.clock ? { clock: opts.clock } : {}),
      ...opts.build,
    });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    fs.rmSync(ctx.messages, { force: true });
  });
  return ctx;
}
