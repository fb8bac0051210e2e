import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'kysely';
import type { TDatabase } from '../db/database.ts';
import { platformEnv } from '../env.ts';
import { childScript } from './child-script.ts';
import { databaseUrlOf, seededDatabase } from './db.ts';

/*
 * The crash tests of settlements (docs/0041 lottery, docs/0049 salaries): a seeded schema of their
 * own on PostgreSQL, and settler processes that are killed with SIGKILL after a number of payments.
 */

/**
 * Per test file, on the PostgreSQL of DATABASE_URL only (nothing without it): a seeded database of
 * its own (a copy of the suite's template, docs/0107), dropped after the file. `url` (the copy's),
 * `schema` and `database` are set before the tests run.
 */
export function useSeededPostgresSchema() {
  const pg = { url: platformEnv.databaseUrl, schema: '', database: undefined as unknown as TDatabase };
  beforeAll(async () => {
    if (!pg.url) return;
    pg.database = await seededDatabase();
    pg.url = databaseUrlOf(pg.database.db);
    pg.schema = (await sql<{ s: string }>`select current_schema() as s`.execute(pg.database.db)).rows[0]!.s;
  });
  afterAll(async () => {
    await pg.database?.close();
  });
  return pg;
}

/**
 * Runs a settler script (`tsx`, its arguments as JSON) that prints `paid <id>` after each payment
 * and `done` at the end; kills it with SIGKILL after `killAfter` payments, or once it is done.
 * Answers the ids it paid and whether it finished. A settler that died by itself (not by this kill)
 * fails the test, with its stderr.
 */
export async function runSettler(script: string, args: unknown, killAfter = Infinity): Promise<{ paid: number[]; finished: boolean }> {
  const child = spawn(process.execPath, [await childScript(script), JSON.stringify(args)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  return (async () => {
    const paid: number[] = [];
    let finished = false;
    for await (const line of readline.createInterface({ input: child.stdout })) {
      const [word, id] = line.split(' ');
      if (word === 'paid') paid.push(Number(id));
      if (word === 'done') finished = true;
      if (finished || paid.length >= killAfter) {
        child.kill('SIGKILL');
        break;
      }
    }
    expect(await exited, stderr).toBe('SIGKILL');
    return { paid, finished };
  })();
}

/**
 * The crash tests' course: one run killed with SIGKILL after `killAfter` payments (it must not have
 * finished), then two runs racing to the end on what it left.
 */
export async function killThenRace(run: (killAfter?: number) => Promise<{ paid: number[]; finished: boolean }>, killAfter: number): Promise<void> {
  const first = await run(killAfter);
  expect(first).toMatchObject({ finished: false });
  expect(first.paid).toHaveLength(killAfter);
  const [a, b] = await Promise.all([run(), run()]);
  expect(a.finished && b.finished).toBe(true);
}
