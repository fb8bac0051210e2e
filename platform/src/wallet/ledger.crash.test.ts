import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { platformEnv } from '../env.ts';
import { seed } from '../seed/seed.ts';
import { bareMemberAccounts } from '../test-support/bare-members.ts';
import { childScript } from '../test-support/child-script.ts';
import { createTestSchema } from '../test-support/pg-schema.ts';
import { seededRandom } from '../test-support/seeded-random.ts';
import type { TCrashChildArgs } from './ledger-crash.child.ts';
import { planRound, sendAll, CRASH_OPS_PER_ROUND, type TCrashAccounts } from './ledger-crash.load.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from './ledger-invariants.ts';

/**
 * Crash test of the ledger (docs/0026 "Done when"): a process sending concurrent transfers is killed
 * with SIGKILL in the middle of its load, restarted, killed again — LEDGER_CRASH_ROUNDS times (see
 * ROUNDS) — each restart first sending the previous round's operations again, as a client that
 * lost its answers would. Afterwards the money invariants hold and every transfer the process
 * acknowledged is there, once. The kill comes after a seeded number of answers, never after a time,
 * so the test does not depend on the machine's speed. PGlite on disk by default (its write-ahead log
 * is what recovers), PostgreSQL in a schema of its own with DATABASE_URL.
 */
// 20 rounds on PostgreSQL (CI's run of this suite); 10 on PGlite, where each restart also loads the
// WebAssembly engine and replays its write-ahead log (~3 s a round on an idle 2-core machine, against
// ~1.8 s on PostgreSQL), to keep `pnpm test` inside CI's budget. LEDGER_CRASH_ROUNDS sets either.
const ROUNDS = Number(process.env.LEDGER_CRASH_ROUNDS ?? (platformEnv.databaseUrl ? 20 : 10));
const SEED = Number(process.env.LEDGER_CRASH_SEED ?? 20261124);
const MEMBERS = 60;
const CHILD = fileURLToPath(new URL('./ledger-crash.child.ts', import.meta.url));

let dataDir = '';
let schema: string | undefined;
let dropSchema: (() => Promise<void>) | undefined;
let accounts: TCrashAccounts;

const open = (): Promise<TDatabase> => (platformEnv.databaseUrl ? openDatabase({ databaseUrl: platformEnv.databaseUrl, schema }) : openDatabase({ dataDir }));

beforeAll(async () => {
  if (platformEnv.databaseUrl) ({ schema, drop: dropSchema } = await createTestSchema(platformEnv.databaseUrl));
  else dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-crash-'));
  const database = await open();
  try {
    const { db } = database;
    await migrate(db);
    await seed(db, { merchantCode: 'DEMO' });
    const { clearing, payout, members } = await bareMemberAccounts(db, MEMBERS, 'crash', 6);
    accounts = { clearing, payout, members };
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await dropSchema?.();
});

/** Runs one round's process and kills it with SIGKILL after `killAfter` answers; answers what it acknowledged. */
async function killedRound(round: number, killAfter: number): Promise<{ acks: [string, number][]; answers: number }> {
  const args: TCrashChildArgs = { databaseUrl: platformEnv.databaseUrl, schema, dataDir, accounts, seed: SEED, round };
  const child = spawn(process.execPath, [await childScript(CHILD), JSON.stringify(args)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const acks: [string, number][] = [];
  let answers = 0;
  for await (const line of readline.createInterface({ input: child.stdout })) {
    const [word, key, id] = line.split(' ');
    if (word === 'ack' || word === 'retry-ack') acks.push([key!, Number(id)]);
    if (word === 'ack' || word === 'refused' || word === 'retry-ack' || word === 'retry-refused') answers += 1;
    if (answers >= killAfter || word === 'done') {
      child.kill('SIGKILL');
      break;
    }
  }
  const ended = await exited;
  // A process that died by itself (not by our kill) is a failure: its stderr says why.
  expect(ended, stderr).toBe('SIGKILL');
  return { acks, answers };
}

describe('the ledger survives SIGKILL in the middle of a transfer load', () => {
  it(`${ROUNDS} rounds: killed, restarted, retried; every acknowledged transfer present once, the invariants hold`, async () => {
    const before = await (async () => {
      const database = await open();
      try {
        return await ledgerTotal(database.db);
      } finally {
        await database.close();
      }
    })();
    const rand = seededRandom(SEED);
    const acknowledged = new Map<string, number>();
    const record = (key: string, transactionId: number) => {
      // No key moved money twice: every answer for one key names the same transaction.
      const first = acknowledged.get(key);
      if (first !== undefined) expect(transactionId, key).toBe(first);
      acknowledged.set(key, transactionId);
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      // Answers a round can give: the previous round's retries, then its own operations.
      const possible = CRASH_OPS_PER_ROUND * (round === 0 ? 1 : 2);
      const { acks } = await killedRound(round, rand.int(1, possible - 1));
      for (const [key, id] of acks) record(key, id);
    }

    const database = await open();
    try {
      const { db } = database;
      // The client retries what the last killed process may not have answered.
      await sendAll(db, planRound(accounts, SEED, ROUNDS - 1), (outcome) => {
        if ('transactionId' in outcome) record(outcome.key, outcome.transactionId);
      });
      const written = await db.selectFrom('ledger_transactions').select(['id', 'idempotency_key']).where('idempotency_key', 'like', 'crash:%').execute();
      const byKey = new Map(written.map((row) => [row.idempotency_key, row.id]));
      // Every acknowledged transfer is there, as the transaction it was acknowledged as.
      for (const [key, id] of acknowledged) expect(byKey.get(key), key).toBe(id);
      expect(written.length).toBeGreaterThanOrEqual(acknowledged.size);
      expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
      expect(await ledgerTotal(db)).toBe(before);
      // The load did move money in every round (not a test of nothing).
      expect(acknowledged.size).toBeGreaterThan(ROUNDS);
    } finally {
      await database.close();
    }
  }, 600_000);
});
