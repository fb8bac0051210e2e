import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { bareMemberAccounts } from '../test-support/bare-members.ts';
import { seededDatabase } from '../test-support/db.ts';
import { seededRandom, type TSeededRandom } from '../test-support/seeded-random.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from './ledger-invariants.ts';
import { accountFor, LedgerError, transfer, type TLedgerOwner, type TTransferArgs } from './ledger.service.ts';

/**
 * Property test of the ledger (docs/0026 "Done when"): random concurrent deposits, withdrawals
 * (hold, then payout or reject), upline transfers and wallet transfers across 1,000 members, with duplicate sends of one
 * key at the same moment and retries of it later. After each run the money invariants must hold.
 * Seeded, so a failure replays: LEDGER_PROPERTY_SEED, LEDGER_PROPERTY_OPS (default 2,000 a run) and
 * LEDGER_PROPERTY_RUNS (default 2) make it bigger.
 */
const MEMBERS = 1000;
const OPS = Number(process.env.LEDGER_PROPERTY_OPS ?? 2000);
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 2);
const FIRST_SEED = Number(process.env.LEDGER_PROPERTY_SEED ?? 20261123);
const CONCURRENCY = 50;

type TMember = { id: number; wallet: number; hold: number; upline: number | null; gameWallet: number | null };
type TOp = { owner: TLedgerOwner; args: TTransferArgs };

let database: TDatabase;
let db: Kysely<DB>;
let members: TMember[] = [];
let clearing = 0;
let payout = 0;

beforeAll(async () => {
  database = await seededDatabase();
  db = database.db;
  // Members in chains of ten: each has the previous one of its chain as upline.
  const load = await bareMemberAccounts(db, MEMBERS, 'prop', 10);
  ({ clearing, payout } = load);
  members = [];
  for (const [i, m] of load.members.entries()) {
    // One member in four also keeps a merchant (game) wallet, as in multi-wallet mode.
    members.push({ ...m, gameWallet: i % 4 === 0 ? await accountFor(db, load.merchant, 'member_merchant_wallet', { memberId: m.id, code: 'JILI' }) : null });
  }
});

afterAll(async () => {
  await database?.close();
});

/** A random operation of a member, as the money services send them. */
function randomOp(rand: TSeededRandom, run: number, n: number): TOp {
  const member = members[rand.int(0, members.length - 1)]!;
  const owner: TLedgerOwner = { kind: 'member', id: member.id };
  const amountMinor = rand.int(1, 50_000);
  const idempotencyKey = `prop:${run}:${n}`;
  const kind = rand.int(0, 9);
  if (kind <= 3) return { owner, args: { from: clearing, to: member.wallet, amountMinor, owner, idempotencyKey, kind: 'deposit' } };
  if (kind <= 5) return { owner, args: { from: member.wallet, to: member.hold, amountMinor, owner, idempotencyKey, kind: 'withdraw_hold' } };
  if (kind === 6) return { owner, args: { from: member.hold, to: payout, amountMinor, owner, idempotencyKey, kind: 'withdraw_payout' } };
  if (kind === 7) return { owner, args: { from: member.hold, to: member.wallet, amountMinor, owner, idempotencyKey, kind: 'withdraw_reject' } };
  if (kind === 9 && member.gameWallet !== null) {
    // A wallet transfer (GCS_walletTransfer): main → game wallet or back.
    const [from, to, direction] = rand.next() < 0.6 ? [member.wallet, member.gameWallet, 'in'] : [member.gameWallet, member.wallet, 'out'];
    return { owner, args: { from, to, amountMinor, owner, idempotencyKey, kind: `wallet_${direction}`, meta: { code: 'JILI' } } };
  }
  const upline = members.find((m) => m.id === member.upline);
  if (!upline) return { owner, args: { from: clearing, to: member.wallet, amountMinor, owner, idempotencyKey, kind: 'deposit' } };
  return {
    owner,
    args: { from: member.wallet, to: upline.wallet, amountMinor, owner, idempotencyKey, kind: 'transfer_upline', meta: { counterpartyMemberId: upline.id } },
  };
}

type TOutcome = { transactionId: number } | { refused: string };

/** Sends one transfer; a refusal for lack of funds is an answer, anything else is a failure of the test. */
async function send(op: TOp): Promise<TOutcome> {
  try {
    return { transactionId: (await transfer(db, op.args)).transactionId };
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficient_funds') return { refused: error.reason };
    throw error;
  }
}

describe('the ledger under random concurrent load (property)', () => {
  for (let run = 0; run < RUNS; run += 1) {
    it(`run ${run + 1}: ${OPS} operations, ${CONCURRENCY} at a time, with duplicates and retries`, async () => {
      const rand = seededRandom(FIRST_SEED + run);
      const totalBefore = await ledgerTotal(db);
      const acknowledged = new Map<string, number>();
      const retries: TOp[] = [];
      let refused = 0;
      for (let start = 0; start < OPS; start += CONCURRENCY) {
        const batch: TOp[] = [];
        for (let n = start; n < Math.min(OPS, start + CONCURRENCY); n += 1) {
          const op = randomOp(rand, run, n);
          batch.push(op);
          // A double click: the same request twice at the same moment.
          if (rand.next() < 0.1) batch.push(op);
          // A client that lost the answer and sends again later.
          if (rand.next() < 0.1) retries.push(op);
        }
        // Some retries arrive while new work is under way.
        const late = retries.splice(0, rand.int(0, retries.length));
        const sent = [...batch, ...late];
        const outcomes = await Promise.all(sent.map(send));
        for (const [i, outcome] of outcomes.entries()) {
          if (!('transactionId' in outcome)) {
            refused += 1;
            continue;
          }
          const key = sent[i]!.args.idempotencyKey;
          const first = acknowledged.get(key);
          // No key moved money twice: every answer for one key names one transaction.
          if (first !== undefined) expect(outcome.transactionId, key).toBe(first);
          acknowledged.set(key, outcome.transactionId);
        }
      }
      for (const op of retries) {
        const outcome = await send(op);
        if ('transactionId' in outcome) {
          const first = acknowledged.get(op.args.idempotencyKey);
          if (first !== undefined) expect(outcome.transactionId).toBe(first);
          acknowledged.set(op.args.idempotencyKey, outcome.transactionId);
        }
      }

      // Every acknowledged key is exactly one transaction, and nothing else was written for the run.
      const written = await db.selectFrom('ledger_transactions').select(['id', 'idempotency_key']).where('idempotency_key', 'like', `prop:${run}:%`).execute();
      expect(written.length).toBe(acknowledged.size);
      for (const row of written) expect(acknowledged.get(row.idempotency_key)).toBe(row.id);

      // No member-owned account below zero; every balance the sum of its entries; every transaction
      // two entries summing to zero; no key written twice; the total over all accounts unchanged.
      expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
      expect(await ledgerTotal(db)).toBe(totalBefore);
      // Something moved and something was refused: the run tested both paths.
      expect(acknowledged.size).toBeGreaterThan(OPS / 4);
      expect(refused).toBeGreaterThan(0);
    }, 300_000);
  }
});
