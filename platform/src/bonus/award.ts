import { sql, type Transaction } from 'kysely';
import { BONUS_MESSAGES, type TBonusSource, type TBonusState, type TBonusTerms } from '@wl/schemas';
import { recordMemberAudit } from '../audit/member-audit.ts';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';
import { mayMarket } from '../kernel/closure.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { accountFor, transfer } from '../wallet/ledger.service.ts';
import { holdIfLinked, refuseSecondOfPerson } from './abuse.ts';

/*
 * Awarding a bonus (docs/0094): an offer records the bonus with the terms it keeps; activating it
 * moves its amount from the merchant's bonus expense into the member's bonus wallet, once, counted
 * against the promotion's budget and recipients in the same transaction. Every award is audited.
 */

const DAY_MS = 86_400_000;

export type TMerchantRef = { id: number; currency: string };

export type TBonusGrant = {
  memberId: number;
  /** Null for a bonus an operator gives outside any promotion. */
  promotionId: number | null;
  source: TBonusSource;
  /** What it is for, unique per member and source ('deposit:42', 'application:7', 'cashback:2026-11-23'). */
  sourceKey: string;
  amountMinor: number;
  /** Turnover counted on top of the bonus (a deposit match's deposit): required = multiple × (amount + base). */
  turnoverBaseMinor?: number;
  terms: TBonusTerms;
  now: Date;
  /** For the audit trail: the member's address, or 'system' for a job. */
  ip: string;
};

/** `held`: the activation waits for an operator's review (linked accounts, docs/0097); no money moved. */
export type TBonusAwarded = { awardId: number; created: boolean; state: TBonusState; held?: boolean };

/** The refusal of an award, with a key the web translates; nothing was written. */
/** A closed account (time-out, self-exclusion) receives nothing promotional: 403 with the protection message (docs/0105). */
export const excludedFromMarketing = () => new WpsError(403, 'protection_excluded');

export const bonusRefused = (key: (typeof BONUS_MESSAGES)[keyof typeof BONUS_MESSAGES]) => new WpsError(409, key);

/**
 * Records a bonus on offer (no money moves): the same member, source and key again answers the
 * first row, whatever its state. The member must be locked by the caller's transaction when the
 * offer races an activation (activateBonus locks it).
 */
export async function offerBonus(trx: Transaction<DB>, merchant: TMerchantRef, g: TBonusGrant): Promise<TBonusAwarded> {
  if (!Number.isSafeInteger(g.amountMinor) || g.amountMinor <= 0) throw new Error(`bonus amount ${g.amountMinor}: a positive integer`);
  // A closed account is offered nothing (docs/rules/protection.md#p-25).
  if (!(await mayMarket(trx, g.memberId, g.now))) throw excludedFromMarketing();
  const base = g.turnoverBaseMinor ?? 0;
  const inserted = await trx
    .insertInto('bonus_awards')
    .values({
      merchant_id: merchant.id,
      member_id: g.memberId,
      promotion_id: g.promotionId,
      source: g.source,
      source_key: g.sourceKey,
      amount_minor: g.amountMinor,
      turnover_multiple: g.terms.turnoverMultiple,
      turnover_required_minor: g.terms.turnoverMultiple * (g.amountMinor + base),
      weights: JSON.stringify(g.terms.weights),
      max_stake_minor: g.terms.maxStakeMinor,
      valid_days: g.terms.validDays,
      claim_by: new Date(g.now.getTime() + g.terms.claimDays * DAY_MS),
      state: 'offered',
    })
    .onConflict((oc) => oc.columns(['member_id', 'source', 'source_key']).doNothing())
    .returning(['id', 'state'])
    .executeTakeFirst();
  if (inserted) {
    await recordMemberAudit(trx, {
      merchantId: merchant.id,
      memberId: g.memberId,
      action: 'bonus_offered',
      detail: `${inserted.id} ${g.source} ${g.amountMinor}`,
      ip: g.ip,
    });
    return { awardId: Number(inserted.id), created: true, state: inserted.state };
  }
  const first = await trx
    .selectFrom('bonus_awards')
    .select(['id', 'state'])
    .where('member_id', '=', g.memberId)
    .where('source', '=', g.source)
    .where('source_key', '=', g.sourceKey)
    .executeTakeFirstOrThrow();
  return { awardId: Number(first.id), created: false, state: first.state };
}

/**
 * Counts an activation against its promotion: refused when the promotion is not running, its budget
 * would be passed or all its recipients have one (a member already paid by it is not counted again).
 */
async function chargePromotion(trx: Transaction<DB>, promotionId: number, memberId: number, awardId: number, amountMinor: number): Promise<void> {
  const charged = await sql<{ id: number }>`
    update promotions p set spent_minor = p.spent_minor + ${amountMinor},
      recipients = p.recipients + (case when exists (
        select 1 from bonus_awards b where b.promotion_id = p.id and b.member_id = ${memberId} and b.activated_at is not null and b.id <> ${awardId}
      ) then 0 else 1 end)
    where p.id = ${promotionId} and p.status = 'active'
      and (p.budget_minor is null or p.spent_minor + ${amountMinor} <= p.budget_minor)
      and (p.max_recipients is null or p.recipients < p.max_recipients or exists (
        select 1 from bonus_awards b where b.promotion_id = p.id and b.member_id = ${memberId} and b.activated_at is not null and b.id <> ${awardId}
      ))
    returning p.id`.execute(trx);
  if (charged.rows.length === 0) throw bonusRefused(BONUS_MESSAGES.promotionClosed);
}

/**
 * Activates an offered bonus: the member locked first (docs/0080), refused when another bonus is
 * active or the claim window has passed, or when the same person already had one of its kind
 * (docs/0097); held for review instead when the member's account is linked to another (docs/0097).
 * The amount moves from the merchant's bonus expense to the member's bonus wallet under the key
 * `bonus:<award id>`, so it moves once. An active bonus answers as it is (a resend).
 */
export async function activateBonus(
  trx: Transaction<DB>,
  merchant: TMerchantRef,
  memberId: number,
  awardId: number,
  now: Date,
  ip: string,
  /** A held award a finance operator approved (docs/0097): no second hold, and the member's claim was in time. */
  { reviewed = false }: { reviewed?: boolean } = {},
): Promise<TBonusAwarded> {
  await lockMembers(trx, [memberId], merchant.id);
  const award = await trx
    .selectFrom('bonus_awards')
    .select(['id', 'state', 'claim_by', 'amount_minor', 'promotion_id', 'valid_days', 'source', 'source_key', 'held'])
    .where('id', '=', awardId)
    .where('member_id', '=', memberId)
    .where('merchant_id', '=', merchant.id)
    .executeTakeFirst();
  if (!award || (award.state !== 'offered' && award.state !== 'active')) throw bonusRefused(BONUS_MESSAGES.notClaimable);
  if (award.state === 'active') return { awardId, created: false, state: 'active' };
  // Nor is an offer made before the closure paid while it lasts (docs/rules/protection.md#p-25).
  if (!(await mayMarket(trx, memberId, now))) throw excludedFromMarketing();
  if (award.held && !reviewed) return { awardId, created: false, state: 'offered', held: true };
  if (!reviewed && new Date(award.claim_by).getTime() < now.getTime()) throw bonusRefused(BONUS_MESSAGES.notClaimable);
  const active = await trx.selectFrom('bonus_awards').select('id').where('member_id', '=', memberId).where('state', '=', 'active').executeTakeFirst();
  if (active) throw bonusRefused(BONUS_MESSAGES.oneActive);
  await refuseSecondOfPerson(trx, merchant.id, memberId, award.source, award.source_key);
  if (!reviewed && (await holdIfLinked(trx, merchant.id, memberId, { id: awardId, source: award.source }, now))) {
    await recordMemberAudit(trx, { merchantId: merchant.id, memberId, action: 'bonus_held', detail: `${awardId}`, ip });
    return { awardId, created: false, state: 'offered', held: true };
  }
  const amountMinor = Number(award.amount_minor);
  if (award.promotion_id !== null) await chargePromotion(trx, award.promotion_id, memberId, awardId, amountMinor);
  const paid = await transfer(trx, {
    from: await accountFor(trx, merchant, 'bonus_expense'),
    to: await accountFor(trx, merchant, 'member_bonus', { memberId }),
    amountMinor,
    owner: { kind: 'member', id: memberId },
    idempotencyKey: `bonus:${awardId}`,
    kind: 'bonus_award',
    meta: { awardId },
  });
  await trx
    .updateTable('bonus_awards')
    .set({
      state: 'active',
      held: false,
      activated_at: now,
      expires_at: new Date(now.getTime() + award.valid_days * DAY_MS),
      award_transaction_id: paid.transactionId,
    })
    .where('id', '=', awardId)
    .execute();
  await recordMemberAudit(trx, { merchantId: merchant.id, memberId, action: 'bonus_activated', detail: `${awardId} ${amountMinor}`, ip });
  return { awardId, created: true, state: 'active' };
}

/** Offers and activates at once (a bonus the member asked for: a claim, an approved application). */
export async function awardBonus(trx: Transaction<DB>, merchant: TMerchantRef, g: TBonusGrant): Promise<TBonusAwarded> {
  await lockMembers(trx, [g.memberId], merchant.id);
  const offer = await offerBonus(trx, merchant, g);
  if (offer.state !== 'offered') return offer;
  return activateBonus(trx, merchant, g.memberId, offer.awardId, g.now, g.ip);
}
