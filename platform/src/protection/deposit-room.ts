import { sql, type Kysely, type Transaction } from 'kysely';
import { DEPOSIT_LIMIT_PERIODS, PROTECTION_MESSAGES, type TDepositRoom } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';
import { fieldFailure } from '../http/errors.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { effectiveLimits } from './effective-limits.ts';

type TDb = Kysely<DB> | Transaction<DB>;

const HOUR_MS = 60 * 60 * 1000;
const LONGEST_HOURS = DEPOSIT_LIMIT_PERIODS[DEPOSIT_LIMIT_PERIODS.length - 1]!.hours;

/**
 * Ledger kinds that are a deposit into the member's main wallet: an approved deposit order (by an
 * operator or the demo's settle job) and an agent's transfer to its downline. Gross: what came in,
 * whatever went out since (a withdrawal never frees room).
 */
export const DEPOSIT_CREDIT_KINDS = ['deposit', 'transfer_downline'] as const;

/** The member's gross deposits of the longest window, oldest first (amount and time). */
async function creditsInWindow(db: TDb, memberId: number, now: Date): Promise<{ amount: number; at: Date }[]> {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select(['e.amount_minor', 'e.created_at'])
    .where('a.member_id', '=', memberId)
    .where('a.kind', '=', 'member_wallet')
    .where('e.created_at', '>', new Date(now.getTime() - LONGEST_HOURS * HOUR_MS))
    .where('e.amount_minor', '>', 0)
    .where('t.kind', 'in', [...DEPOSIT_CREDIT_KINDS])
    .orderBy('e.created_at')
    .execute();
  return rows.map((r) => ({ amount: Number(r.amount_minor), at: new Date(r.created_at) }));
}

/**
 * What the member may still deposit now (docs/0102): for each deposit limit in force, the limit less
 * the gross deposits of its rolling window; the least of them wins, so a 24-hour limit above the
 * 7-day one's room is in effect that room. `backAt` is when the binding window's oldest deposit
 * leaves it (room grows again then).
 */
export async function depositRoom(db: TDb, memberId: number, now: Date): Promise<TDepositRoom> {
  // The lower of the member's own limits and the operator's (docs/rules/protection.md#p-32).
  const member = await db.selectFrom('members').select('merchant_id').where('id', '=', memberId).executeTakeFirstOrThrow();
  const effective = (await effectiveLimits(db, member.merchant_id, memberId)).limits;
  const limits = DEPOSIT_LIMIT_PERIODS.flatMap((p) => {
    const value = effective[p.kind];
    return value === undefined ? [] : [{ kind: p.kind, value }];
  });
  if (limits.length === 0) return { roomMinor: null, binding: null, limitMinor: null, backAt: null };
  const credits = await creditsInWindow(db, memberId, now);
  let best: TDepositRoom = { roomMinor: null, binding: null, limitMinor: null, backAt: null };
  for (const period of DEPOSIT_LIMIT_PERIODS) {
    const limit = limits.find((l) => l.kind === period.kind);
    if (!limit) continue;
    const since = now.getTime() - period.hours * HOUR_MS;
    const inWindow = credits.filter((c) => c.at.getTime() > since);
    const used = inWindow.reduce((sum, c) => sum + c.amount, 0);
    const room = Math.max(0, Number(limit.value) - used);
    if (best.roomMinor === null || room < best.roomMinor) {
      const oldest = inWindow[0];
      best = {
        roomMinor: room,
        binding: period.kind,
        limitMinor: Number(limit.value),
        backAt: oldest ? new Date(oldest.at.getTime() + period.hours * HOUR_MS).toISOString() : null,
      };
    }
  }
  return best;
}

/**
 * Refuses a deposit of `amountMinor` the member's deposit limits leave no room for, naming the
 * binding limit (docs/rules/protection.md#p-4). Called on every path that credits a deposit, in the
 * crediting transaction and before the ledger: the member's row is locked first (docs/0080), so
 * parallel credits of one member are counted one after the other and never overshoot. Without a
 * transaction (the deposit request) it refuses early and locks nothing.
 */
export async function assertDepositRoom(db: TDb, at: { memberId: number; amountMinor: number; now: Date }): Promise<void> {
  if (db.isTransaction) await lockMembers(db as Transaction<DB>, [at.memberId]);
  const room = await depositRoom(db, at.memberId, at.now);
  if (room.roomMinor === null || at.amountMinor <= room.roomMinor) return;
  throw fieldFailure('amountMinor', PROTECTION_MESSAGES.depositLimit[room.binding as keyof typeof PROTECTION_MESSAGES.depositLimit]);
}

const DEPOSIT_LIMIT_KEYS: readonly string[] = Object.values(PROTECTION_MESSAGES.depositLimit);

/** Whether an error is a deposit limit's refusal (assertDepositRoom): a rule that holds, not a fault to retry. */
export function isDepositLimitRefusal(error: unknown): boolean {
  return error instanceof WpsError && DEPOSIT_LIMIT_KEYS.includes(error.messageKey);
}

/** Whether the member ever placed a deposit order (the first-deposit prompt asks before the first one). */
export async function hasDeposited(db: TDb, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('deposits')
    .select(sql<number>`1`.as('one'))
    .where('member_id', '=', memberId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
