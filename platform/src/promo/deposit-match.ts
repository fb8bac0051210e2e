import { sql, type Transaction } from 'kysely';
import { depositMatchApplies, depositMatchBonusMinor, type TPromotionTermsOf } from '@wl/schemas';
import { activateBonus, offerBonus, type TMerchantRef } from '../bonus/award.ts';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';

/*
 * Deposit matches (docs/0096): an approved deposit brings the bonus of the first joined, running
 * deposit match it qualifies for (first / nth / any deposit at least the minimum), percent of the
 * deposit up to the cap, its turnover counted on bonus + deposit. Awarded in the deposit's own
 * transaction under the source key `deposit:<id>` (unique per member): once per deposit whatever
 * restarts or races, and never without the deposit.
 */

export type TDepositMatch = { promotionId: number; bonusMinor: number; terms: TPromotionTermsOf<'deposit_match'> };

/**
 * The match a pending deposit will bring when approved now, or null. Reads only: the caller locks
 * the member (before the ledger, docs/0080) when it answers one.
 */
export async function depositMatchFor(
  trx: Transaction<DB>,
  merchantId: number,
  d: { memberId: number; amountMinor: number; now: Date },
): Promise<TDepositMatch | null> {
  const joined = await trx
    .selectFrom('promotion_joins as j')
    .innerJoin('promotions as p', 'p.id', 'j.promotion_id')
    .select(['p.id', 'p.terms'])
    .where('j.member_id', '=', d.memberId)
    .where('p.merchant_id', '=', merchantId)
    .where('p.kind', '=', 'deposit_match')
    .where('p.status', '=', 'active')
    .where('p.starts_at', '<=', d.now)
    .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', d.now)]))
    .orderBy('p.sort')
    .orderBy('p.id')
    .execute();
  if (joined.length === 0) return null;
  const approved = await trx
    .selectFrom('deposits')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('member_id', '=', d.memberId)
    .where('status', '=', 'approved')
    .executeTakeFirstOrThrow();
  const ordinal = Number(approved.n) + 1;
  for (const p of joined) {
    const terms = p.terms as TPromotionTermsOf<'deposit_match'>;
    const bonusMinor = depositMatchBonusMinor(terms, d.amountMinor);
    if (bonusMinor > 0 && depositMatchApplies(terms, ordinal)) return { promotionId: p.id, bonusMinor, terms };
  }
  return null;
}

/**
 * Awards the match of an approved deposit in its transaction: offered, then activated unless the
 * member has another bonus active or the promotion is spent (then it stays on offer: state claim).
 */
export async function awardDepositMatch(
  trx: Transaction<DB>,
  merchant: TMerchantRef,
  match: TDepositMatch,
  d: { memberId: number; depositId: number; amountMinor: number; now: Date },
): Promise<void> {
  const offer = await offerBonus(trx, merchant, {
    memberId: d.memberId,
    promotionId: match.promotionId,
    source: 'deposit_match',
    sourceKey: `deposit:${d.depositId}`,
    amountMinor: match.bonusMinor,
    turnoverBaseMinor: d.amountMinor,
    terms: match.terms.bonus,
    now: d.now,
    ip: 'system',
  });
  if (!offer.created) return;
  try {
    await activateBonus(trx, merchant, d.memberId, offer.awardId, d.now, 'system');
  } catch (err) {
    // A refusal (one active bonus, the promotion spent) is thrown before anything is written.
    if (!(err instanceof WpsError)) throw err;
  }
}
