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
