import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { seededRandom } from '../test-support/seeded-random.ts';
import { LedgerError, transfer, type TTransferArgs } from './ledger.service.ts';

/**
 * The transfer load of the crash test (ledger.crash.test.ts): the accounts it moves money between,
 * and the operations of one round, planned from a seed so that the killed process, the restarted
 * one and the test that checks them all agree on each key and its request.
 */
export type TCrashAccounts = {
  clearing: number;
  payout: number;
  members: { id: number; wallet: number; hold: number; upline: number | null }[];
};

export const CRASH_OPS_PER_ROUND = 120;
export const CRASH_CONCURRENCY = 8;

/** The operations of one round: deposits, withdrawal holds, payouts and rejects, upline transfers. */
export function planRound(accounts: TCrashAccounts, seed: number, round: number): TTransferArgs[] {
  const rand = seededRandom(seed * 1000 + round);
  const byId = new Map(accounts.members.map((m) => [m.id, m]));
  const ops: TTransferArgs[] = [];
  for (let n = 0; n < CRASH_OPS_PER_ROUND; n += 1) {
    const member = accounts.members[rand.int(0, accounts.members.length - 1)]!;
    const owner = { kind: 'member' as const, id: member.id };
    const common = { owner, idempotencyKey: `crash:${round}:${n}`, amountMinor: rand.int(1, 20_000) };
    const kind = rand.int(0, 9);
    const upline = member.upline === null ? undefined : byId.get(member.upline);
    if (kind <= 3 || (kind >= 8 && !upline)) ops.push({ ...common, from: accounts.clearing, to: member.wallet, kind: 'deposit' });
    else if (kind <= 5) ops.push({ ...common, from: member.wallet, to: member.hold, kind: 'withdraw_hold' });
    else if (kind === 6) ops.push({ ...common, from: member.hold, to: accounts.payout, kind: 'withdraw_payout' });
    else if (kind === 7) ops.push({ ...common, from: member.hold, to: member.wallet, kind: 'withdraw_reject' });
    else ops.push({ ...common, from: member.wallet, to: upline!.wallet, kind: 'transfer_upline', meta: { counterpartyMemberId: upline!.id } });
  }
  return ops;
}

/** What one send answered: the transaction (new or replayed), or a refusal for lack of funds. */
export type TCrashOutcome = { key: string; transactionId: number; created: boolean } | { key: string; refused: 'insufficient_funds' };

/** Sends the operations, `CRASH_CONCURRENCY` at a time; reports each answer once it has committed. */
export async function sendAll(db: Kysely<DB>, ops: TTransferArgs[], onAnswer: (outcome: TCrashOutcome) => void): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < ops.length) {
      const op = ops[next++]!;
      try {
        const result = await transfer(db, op);
        onAnswer({ key: op.idempotencyKey, ...result });
      } catch (error) {
        if (!(error instanceof LedgerError && error.reason === 'insufficient_funds')) throw error;
        onAnswer({ key: op.idempotencyKey, refused: 'insufficient_funds' });
      }
    }
  };
  await Promise.all(Array.from({ length: CRASH_CONCURRENCY }, worker));
}
