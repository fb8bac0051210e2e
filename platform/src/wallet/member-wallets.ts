import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { accountFor, memberBalance, transfer, type TLedgerMeta } from './ledger.service.ts';
import { marketableMembers } from '../kernel/closure.ts';

/**
 * The main wallet accounts of many members of a merchant in one read (the daily money jobs pay a
 * chunk of members, docs/0099); a member without one gets it created, as accountFor would.
 */
export async function memberWallets(
  trx: Transaction<DB>,
  merchant: { id: number; currency: string },
  memberIds: readonly number[],
): Promise<Map<number, number>> {
  const found = await sql<{ member_id: number; id: number }>`
    select member_id, id from ledger_accounts
    where merchant_id = ${merchant.id} and kind = 'member_wallet' and code = '' and member_id = any(${`{${memberIds.join(',')}}`}::int[])`.execute(trx);
  const wallets = new Map(found.rows.map((r) => [Number(r.member_id), Number(r.id)]));
  for (const id of memberIds) if (!wallets.has(id)) wallets.set(id, await accountFor(trx, merchant, 'member_wallet', { memberId: id }));
  return wallets;
}

/** One payment of payFromBonusExpense: a member, an amount, the key (scoped to the member) and what it is. */
export type TBonusPayment = { memberId: number; amountMinor: number; key: string; kind: string; meta: TLedgerMeta };

/**
 * Pays members from the merchant's bonus expense (rebates, upgrade bonuses, cashback), one ledger
 * transfer each in the order given, the wallets read in one query. The caller's transaction holds
 * the members' locks (docs/0080). Answers each payment's transaction and the wallet's balance after.
 */
export async function payFromBonusExpense(
  trx: Transaction<DB>,
  merchant: { id: number; currency: string },
  payments: readonly TBonusPayment[],
): Promise<{ transactionId: number; walletMinor: number }[]> {
  if (payments.length === 0) return [];
  // The last line of docs/rules/protection.md#p-25: the paths filter closed accounts out first, so this never fires.
  const open = await marketableMembers(
    trx,
    payments.map((p) => p.memberId),
    new Date(),
  );
  const closed = payments.filter((p) => !open.has(p.memberId));
  if (closed.length > 0) throw new Error(`bonus expense: member ${closed[0]!.memberId} is closed (time-out or self-exclusion)`);
  const expense = await accountFor(trx, merchant, 'bonus_expense');
  const wallets = await memberWallets(
    trx,
    merchant,
    payments.map((p) => p.memberId),
  );
  const done = [];
  for (const p of payments) {
    const moved = await transfer(trx, {
      from: expense,
      to: wallets.get(p.memberId)!,
      amountMinor: p.amountMinor,
      owner: { kind: 'member', id: p.memberId },
      idempotencyKey: p.key,
      kind: p.kind,
      meta: p.meta,
    });
    done.push({ transactionId: moved.transactionId, walletMinor: memberBalance(moved.toBalanceMinor) });
  }
  return done;
}
