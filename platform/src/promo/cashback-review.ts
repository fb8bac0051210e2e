import { BONUS_MESSAGES, PROMO_MESSAGES, type TCashbackDecision, type TCashbackPayout } from '@wl/schemas';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { payCashbackRows } from './cashback-pay.ts';

/*
 * The finance operator's cashback review (docs/0096): payments above a promotion's automatic limit
 * (or past its budget) wait here; paying or refusing one is audited, and happens once.
 */

function payoutRows(db: Kysely<DB> | Transaction<DB>, merchantId: number) {
  return db
    .selectFrom('cashback_payouts as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .select(['c.id', 'c.promotion_id', 'c.member_id', 'm.username', 'c.period_start', 'c.period_end', 'c.net_loss_minor', 'c.amount_minor', 'c.state'])
    .where('c.merchant_id', '=', merchantId);
}

const payoutOf = (r: Awaited<ReturnType<ReturnType<typeof payoutRows>['executeTakeFirstOrThrow']>>): TCashbackPayout => ({
  id: r.id,
  promotionId: r.promotion_id,
  memberId: r.member_id,
  username: r.username,
  periodStart: new Date(r.period_start).toISOString(),
  periodEnd: new Date(r.period_end).toISOString(),
  netLossMinor: Number(r.net_loss_minor),
  amountMinor: Number(r.amount_minor),
  state: r.state,
});

/** The oldest 200 payments waiting for a decision. */
export async function cashbackReview(deps: TPlatformDeps, merchant: TMerchant): Promise<{ list: TCashbackPayout[] }> {
  const rows = await payoutRows(deps.db, merchant.id).where('c.state', '=', 'pending').orderBy('c.id').limit(200).execute();
  return { list: rows.map(payoutOf) };
}

/**
 * Pays (as cash, from the bonus expense) or refuses one waiting payment: the member locked first,
 * then the row; a payment no longer waiting is refused and changes nothing. Audited.
 */
export async function decideCashback(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  d: TCashbackDecision,
): Promise<TCashbackPayout> {
  const found = await payoutRows(deps.db, merchant.id).where('c.id', '=', d.payoutId).executeTakeFirst();
  if (!found) throw wpsErrors.notFound();
  await inTransaction(deps.db, async (trx) => {
    await lockMembers(trx, [found.member_id], merchant.id);
    const row = await trx
      .selectFrom('cashback_payouts')
      .select(['state', 'amount_minor'])
      .where('id', '=', d.payoutId)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    if (row.state !== 'pending') throw new WpsError(409, PROMO_MESSAGES.cashbackNotPending);
    const now = deps.clock();
    if (d.decision === 'pay') {
      const pay = [{ id: d.payoutId, memberId: found.member_id, amountMinor: Number(row.amount_minor) }];
      if (!(await payCashbackRows(trx, merchant, found.promotion_id, pay, now, op.operatorId))) throw new WpsError(409, BONUS_MESSAGES.promotionClosed);
    } else {
      await trx.updateTable('cashback_payouts').set({ state: 'rejected', decided_at: now, decided_by: op.operatorId }).where('id', '=', d.payoutId).execute();
    }
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: `promo.cashback.${d.decision}`,
      before: { payoutId: d.payoutId, state: 'pending' },
      after: { payoutId: d.payoutId, state: d.decision === 'pay' ? 'paid' : 'rejected', memberId: found.member_id, amountMinor: Number(row.amount_minor) },
      configVersion: null,
    });
  });
  return payoutOf((await payoutRows(deps.db, merchant.id).where('c.id', '=', d.payoutId).executeTakeFirst())!);
}
