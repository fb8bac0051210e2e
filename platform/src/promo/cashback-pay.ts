import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TMerchantRef } from '../bonus/award.ts';
import { accountFor, transfer } from '../wallet/ledger.service.ts';

/**
 * Pays one cashback row as cash (docs/0096): the promotion's budget charged by a guarded update
 * (false, and nothing moved, when it would pass it), then the merchant's bonus expense to the
 * member's main wallet under the key `cashback:<row id>`, scoped to the member. The caller's
 * transaction holds the member's lock (docs/0080) and the row.
 */
export async function payCashbackRow(
  trx: Transaction<DB>,
  merchant: TMerchantRef,
  row: { id: number; promotionId: number; memberId: number; amountMinor: number },
  now: Date,
  decidedBy: number | null,
): Promise<boolean> {
  const charged = await sql<{ id: number }>`
    update promotions set spent_minor = spent_minor + ${row.amountMinor}
    where id = ${row.promotionId} and (budget_minor is null or spent_minor + ${row.amountMinor} <= budget_minor)
    returning id`.execute(trx);
  if (charged.rows.length === 0) return false;
  const paid = await transfer(trx, {
    from: await accountFor(trx, merchant, 'bonus_expense'),
    to: await accountFor(trx, merchant, 'member_wallet', { memberId: row.memberId }),
    amountMinor: row.amountMinor,
    owner: { kind: 'member', id: row.memberId },
    idempotencyKey: `cashback:${row.id}`,
    kind: 'cashback',
    meta: { cashbackId: row.id, promotionId: row.promotionId },
  });
  await trx
    .updateTable('cashback_payouts')
    .set({ state: 'paid', ledger_transaction_id: paid.transactionId, decided_at: now, decided_by: decidedBy })
    .where('id', '=', row.id)
    .execute();
  return true;
}
