import type { Transaction } from 'kysely';
import type { TPromotionTermsOf } from '@wl/schemas';
import { offerBonus, type TMerchantRef } from '../bonus/award.ts';
import type { DB } from '../db/schema.ts';

/**
 * The sign-up bonus (docs/0096): a new member is offered the running sign_up promotion's bonus in
 * the registration's transaction, to claim within the promotion's claim days. Offered, not paid:
 * the checks of a claim (one active bonus, the budget, abuse checks) run when the member claims it.
 */
export async function offerSignUpBonus(trx: Transaction<DB>, merchant: TMerchantRef, memberId: number, now: Date, ip: string): Promise<void> {
  const p = await trx
    .selectFrom('promotions')
    .select(['id', 'terms'])
    .where('merchant_id', '=', merchant.id)
    .where('kind', '=', 'sign_up')
    .where('status', '=', 'active')
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('sort')
    .orderBy('id')
    .executeTakeFirst();
  if (!p) return;
  const terms = p.terms as TPromotionTermsOf<'sign_up'>;
  await offerBonus(trx, merchant, {
    memberId,
    promotionId: p.id,
    source: 'sign_up',
    sourceKey: `promotion:${p.id}`,
    amountMinor: terms.amountMinor,
    terms: terms.bonus,
    now,
    ip,
  });
}
