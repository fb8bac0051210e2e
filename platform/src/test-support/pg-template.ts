import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { templateCopyPrefix } from './pg-schema.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../seed/seed.ts';
import { demoPasswordHashes } from './shared-secrets.ts';

/**
 * The PostgreSQL counterpart of the seeded PGlite snapshot (docs/0107): one database migrated and
 * seeded once per suite run, marked as a template that nobody connects to, so each test file's
 * database is a `CREATE DATABASE … TEMPLATE` copy of it (~0.1 s) instead of a schema migrated
 * (~0.5 s) and seeded (~1.3 s) again. Answers its name and how to drop it (with the copies a file
 * left behind).
 */
export async function createSeededTemplate(url: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `t_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<{ name: string }>(statement)).rows;
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const where = new URL(url);
  where.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: where.href });
  try {
    await migrate(database.db);
    await seed(database.db, { merchantCode: 'DEMO', passwords: await demoPasswordHashes() });
  } finally {
    await database.close();
  }
  // No connections allowed (autovacuum's included): a copy fails while anyone is connected to it.
  await run(`alter database ${name} with is_template true allow_connections false`);
  return {
    name,
    drop: async () => {
      // The copies a file could not drop (a connection still open then): its workers are gone now.
      const copies = await run(`select datname as name from pg_database where starts_with(datname, '${templateCopyPrefix(name)}')`);
      for (const copy of copies) await run(`drop database if exists ${copy.name} with (force)`);
      await run(`alter database ${name} with is_template false`);
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}
