import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TMerchantRef } from '../bonus/award.ts';
import { marketableMembers } from '../kernel/closure.ts';
import { payFromBonusExpense } from '../wallet/member-wallets.ts';

/*
 * Paying cashback rows as cash (docs/0096): the promotion's budget charged by one guarded update,
 * then per row the merchant's bonus expense to the member's main wallet under the key
 * `cashback:<row id>`, scoped to the member, and the rows marked paid with their transactions. The
 * caller's transaction holds the members' locks (docs/0080) and the rows.
 */

export type TCashbackRow = { id: number; memberId: number; amountMinor: number };

/** Charges the promotion's budget with `amountMinor`; false (and nothing charged) when it would pass it. */
async function chargeBudget(trx: Transaction<DB>, promotionId: number, amountMinor: number): Promise<boolean> {
  const charged = await sql<{ id: number }>`
    update promotions set spent_minor = spent_minor + ${amountMinor}
    where id = ${promotionId} and (budget_minor is null or spent_minor + ${amountMinor} <= budget_minor)
    returning id`.execute(trx);
  return charged.rows.length > 0;
}

/**
 * Pays every row or none: false, and nothing moved, when their total would pass the promotion's
 * budget (they then wait for a finance operator).
 */
export async function payCashbackRows(
  trx: Transaction<DB>,
  merchant: TMerchantRef,
  promotionId: number,
  given: readonly TCashbackRow[],
  now: Date,
  decidedBy: number | null,
): Promise<boolean> {
  let rows = given;
  // A closed account's rows are not paid while it is closed (docs/rules/protection.md#p-25): they wait.
  const open = await marketableMembers(
    trx,
    rows.map((r) => r.memberId),
    now,
  );
  rows = rows.filter((r) => open.has(r.memberId));
  if (rows.length === 0) return true;
  if (
    !(await chargeBudget(
      trx,
      promotionId,
      rows.reduce((n, r) => n + r.amountMinor, 0),
    ))
  )
    return false;
  const ids = rows.map((r) => r.id);
  const transactions = (
    await payFromBonusExpense(
      trx,
      merchant,
      rows.map((r) => ({
        memberId: r.memberId,
        amountMinor: r.amountMinor,
        key: `cashback:${r.id}`,
        kind: 'cashback',
        meta: { cashbackId: r.id, promotionId },
      })),
    )
  ).map((m) => m.transactionId);
  await sql`
    update cashback_payouts c set state = 'paid', ledger_transaction_id = v.tx, decided_at = ${now}, decided_by = ${decidedBy}
    from (select unnest(${`{${ids.join(',')}}`}::int[]) as id, unnest(${`{${transactions.join(',')}}`}::bigint[]) as tx) v
    where c.id = v.id`.execute(trx);
  return true;
}
