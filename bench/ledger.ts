/**
 * Ledger throughput (docs/0026): transfers per second with 50 concurrent clients, beside the same
 * number of empty transactions on the same database with the same clients, as a ratio — what a
 * transfer costs beyond opening and committing a transaction — and the statements one transfer
 * sends inside its transaction (docs/0080). On PGlite in memory, and on PostgreSQL (a schema of its
 * own, dropped after) when DATABASE_URL is set. `tsx bench/ledger.ts` runs this figure alone.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type TDatabase, type TOpenDatabaseOptions } from '@wl/platform/db/database';
import { migrate } from '@wl/platform/db/migrate';
import { seed } from '@wl/platform/seed/seed';
import { insertBareMembers } from '@wl/platform/test-support/bare-members';
import { createTestSchema } from '@wl/platform/test-support/pg-schema';
import { countStatements } from '@wl/platform/test-support/statement-count';
import { accountFor, transfer } from '@wl/platform/wallet/ledger.service';

const CLIENTS = 50;
const MEMBERS = 200;

export type TLedgerRun = {
  engine: 'pglite' | 'postgres';
  operations: number;
  transfersPerSecond: number;
  emptyPerSecond: number;
  ratio: number;
  /** Statements a transfer sends between its begin and its commit (both not counted). */
  statementsPerTransfer: number;
};

/** Rounds each measure is cut into, run alternately (docs/0089). */
const ROUNDS = 6;

/** Runs jobs `from`..`to`-1 with `CLIENTS` at a time; answers the milliseconds it took. */
async function timed(from: number, to: number, job: (n: number) => Promise<unknown>): Promise<number> {
  let next = from;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < to) await job(next++);
    }),
  );
  return performance.now() - started;
}

/**
 * `count` jobs of each measure, in `ROUNDS` rounds that alternate between them, so that a machine
 * whose load moves between rounds weighs on both alike (docs/0089); answers each one's operations
 * per second over all its rounds.
 */
async function perSecondAlternately(count: number, jobs: [(n: number) => Promise<unknown>, (n: number) => Promise<unknown>]): Promise<[number, number]> {
  const ms: [number, number] = [0, 0];
  for (let round = 0; round < ROUNDS; round++) {
    const from = Math.floor((count * round) / ROUNDS);
    const to = Math.floor((count * (round + 1)) / ROUNDS);
    ms[0] += await timed(from, to, jobs[0]);
    ms[1] += await timed(from, to, jobs[1]);
  }
  return [Math.round(count / (ms[0] / 1000)), Math.round(count / (ms[1] / 1000))];
}

async function measureOn(database: TDatabase, engine: TLedgerRun['engine'], operations: number): Promise<TLedgerRun> {
  const { db } = database;
  await migrate(db);
  await seed(db, { merchantCode: 'DEMO' });
  const { merchant, ids } = await insertBareMembers(db, MEMBERS, 'bench');
  const wallets: number[] = [];
  for (const memberId of ids) wallets.push(await accountFor(db, merchant, 'member_wallet', { memberId }));
  const clearing = await accountFor(db, merchant, 'deposit_clearing');
  const owner = (n: number) => ({ kind: 'member' as const, id: ids[n % MEMBERS]! });
  // begin; select 1; commit — a round trip inside a transaction, nothing written.
  const emptyTransaction = () => db.transaction().execute((trx) => trx.selectNoFrom((eb) => eb.val(1).as('one')).execute());
  // Every wallet holds enough for the wallet-to-wallet moves below.
  for (const [n, wallet] of wallets.entries()) {
    await transfer(db, { from: clearing, to: wallet, amountMinor: 1_000_000, owner: owner(n), idempotencyKey: `fund:${n}`, kind: 'deposit' });
  }
  // Warm both paths (connections, plans) before timing.
  for (let n = 0; n < CLIENTS; n += 1) {
    await transfer(db, { from: clearing, to: wallets[n % MEMBERS]!, amountMinor: 100, owner: owner(n), idempotencyKey: `warm:${n}`, kind: 'deposit' });
    await emptyTransaction();
  }
  // The statements of one deposit and one wallet-to-wallet move, counted on a view of the database.
  const counted = countStatements(db);
  await transfer(counted.db, { from: clearing, to: wallets[0]!, amountMinor: 100, owner: owner(0), idempotencyKey: 'count:deposit', kind: 'deposit' });
  await transfer(counted.db, { from: wallets[0]!, to: wallets[1]!, amountMinor: 1, owner: owner(0), idempotencyKey: 'count:move', kind: 'transfer_upline' });
  const statementsPerTransfer = counted.count() / 2;
  // Deposits into random wallets, and wallet-to-wallet moves that touch the same rows under load.
  const [empty, transfers] = await perSecondAlternately(operations, [
    emptyTransaction,
    (n) =>
      n % 2 === 0
        ? transfer(db, { from: clearing, to: wallets[n % MEMBERS]!, amountMinor: 1_000, owner: owner(n), idempotencyKey: `bench:${n}`, kind: 'deposit' })
        : transfer(db, {
            from: wallets[n % MEMBERS]!,
            to: wallets[(n * 7) % MEMBERS]!,
            amountMinor: 1,
            owner: owner(n),
            idempotencyKey: `bench:${n}`,
            kind: 'transfer_upline',
          }),
  ]);
  return { engine, operations, transfersPerSecond: transfers, emptyPerSecond: empty, ratio: Number((transfers / empty).toFixed(3)), statementsPerTransfer };
}

/**
 * Runs a measure on PGlite in memory, then (with DATABASE_URL) on PostgreSQL in a schema of its own,
 * dropped after: one figure per engine, the same measure on both.
 */
export async function onEachEngine<T>(
  databaseUrl: string | undefined,
  measure: (database: TDatabase, engine: 'pglite' | 'postgres') => Promise<T>,
  options: Pick<TOpenDatabaseOptions, 'log'> = {},
): Promise<T[]> {
  const runs: T[] = [];
  const pglite = await openDatabase({ memory: true, ...options });
  try {
    runs.push(await measure(pglite, 'pglite'));
  } finally {
    await pglite.close();
  }
  if (databaseUrl) {
    const { schema, drop } = await createTestSchema(databaseUrl);
    const postgres = await openDatabase({ databaseUrl, schema, ...options });
    try {
      runs.push(await measure(postgres, 'postgres'));
    } finally {
      await postgres.close();
      await drop();
    }
  }
  return runs;
}

export function measureLedger(databaseUrl: string | undefined, operations = Number(process.env.BENCH_LEDGER_OPS ?? 3000)): Promise<TLedgerRun[]> {
  return onEachEngine(databaseUrl, (database, engine) => measureOn(database, engine, operations));
}

export function printLedger(runs: TLedgerRun[]): void {
  console.log(`  ledger, ${CLIENTS} concurrent clients:`);
  for (const r of runs) {
    console.log(
      `    ${r.engine.padEnd(9)} ${String(r.transfersPerSecond).padStart(6)} transfers/s  ${String(r.emptyPerSecond).padStart(6)} empty transactions/s  ratio ${r.ratio.toFixed(3)}  ${r.statementsPerTransfer} statement${r.statementsPerTransfer === 1 ? '' : 's'} a transfer (+ begin, commit)  (${r.operations} each)`,
    );
  }
}

// `tsx bench/ledger.ts`: this figure alone (BENCH_LEDGER_OPS; DATABASE_URL adds PostgreSQL).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printLedger(await measureLedger(process.env.DATABASE_URL));
}
