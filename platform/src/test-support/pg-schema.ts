import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new, empty, uniquely named schema on a PostgreSQL (one per test file), and how to drop it. */
export async function createTestSchema(url: string): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${schema}`);
  return { schema, drop: () => run(`drop schema ${schema} cascade`) };
}

/**
 * A new database on the PostgreSQL of `url`: empty (tests of a first start, where even pg-boss's
 * schema must be new) or a copy of `template`; a way to query it, and how to drop it. Needs the
 * CREATEDB privilege.
 */
export async function createTestDatabase(
  url: string,
  opts: { template?: string } = {},
): Promise<{
  url: string;
  query<T>(statement: string): Promise<T[]>;
  drop(): Promise<void>;
}> {
  // A copy is named after its template, so the template's drop finds the copies left behind.
  const name = opts.template ? templateCopyName(opts.template) : `t_db_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async <T>(on: string, statement: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: on });
    await client.connect();
    try {
      return (await client.query(statement)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  // From a template (pg-template.ts): a copy of its files, ~0.1 s for the seeded 15 MB.
  await run(url, `create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
  return {
    url: dbUrl.href,
    query: (statement) => run(dbUrl.href, statement),
    drop: opts.template
      ? // Without FORCE, which would end connections a closed pool is still letting go (their pg
        // clients then throw, unhandled); PostgreSQL waits up to 5 s for them to leave. A copy still
        // in use is left to the template's drop at the end of the run (pg-template.ts).
        () =>
          run(url, `drop database if exists ${name}`).then(
            () => undefined,
            () => undefined,
          )
      : // FORCE: a process that did not close cleanly must not keep the database alive.
        () => run(url, `drop database if exists ${name} with (force)`).then(() => undefined),
  };
}

/** How the names of a template's copies begin (createTestDatabase): the template's drop drops them too. */
export const templateCopyPrefix = (template: string): string => `${template}_c_`;
const templateCopyName = (template: string): string => `${templateCopyPrefix(template)}${randomBytes(4).toString('hex')}`;
