import { PROMO_MESSAGES, type TPromoActionResult, type TPromoList } from '@wl/schemas';
import { activateBonus } from '../bonus/award.ts';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { memberPromotions } from './promo-states.ts';

/*
 * The member's promotions (docs/0096): the list with each one's activity state, joining a deposit
 * match, claiming the bonus on offer. Always the session's own member.
 */

const refused = (key: (typeof PROMO_MESSAGES)[keyof typeof PROMO_MESSAGES]) => new WpsError(409, key);

export async function promoList(deps: TPlatformDeps, merchant: TMerchant, memberId: number): Promise<TPromoList> {
  return { list: await memberPromotions(deps.db, merchant.id, memberId, deps.clock()) };
}

async function stateOf(deps: TPlatformDeps, merchant: TMerchant, memberId: number, promotionId: number) {
  const found = (await memberPromotions(deps.db, merchant.id, memberId, deps.clock())).find((p) => p.id === promotionId);
  if (!found) throw wpsErrors.notFound();
  return found;
}

/**
 * Opts the member in to a deposit match whose state is `join`; once per member and promotion (a
 * second join answers signed up and changes nothing). Anything else is refused.
 */
export async function joinPromotion(deps: TPlatformDeps, merchant: TMerchant, memberId: number, promotionId: number): Promise<TPromoActionResult> {
  const p = await stateOf(deps, merchant, memberId, promotionId);
  if (p.kind === 'deposit_match' && p.state === 'signed_up') return { promotionId, state: p.state };
  if (p.kind !== 'deposit_match' || p.state !== 'join') throw refused(PROMO_MESSAGES.notJoinable);
  await deps.db
    .insertInto('promotion_joins')
    .values({ member_id: memberId, promotion_id: promotionId, joined_at: deps.clock() })
    .onConflict((oc) => oc.columns(['member_id', 'promotion_id']).doNothing())
    .execute();
  return { promotionId, state: (await stateOf(deps, merchant, memberId, promotionId)).state };
}

/**
 * Activates the member's bonus on offer of this promotion (activateBonus: the member locked, one
 * active bonus, the promotion's budget charged, the money moved once by the award's key). A resend
 * after it is active answers in process; nothing on offer is refused.
 */
export async function claimPromotion(deps: TPlatformDeps, merchant: TMerchant, memberId: number, promotionId: number, ip: string): Promise<TPromoActionResult> {
  const p = await stateOf(deps, merchant, memberId, promotionId);
  if (p.state === 'in_process') return { promotionId, state: p.state };
  const offer = await deps.db
    .selectFrom('bonus_awards')
    .select('id')
    .where('member_id', '=', memberId)
    .where('merchant_id', '=', merchant.id)
    .where('promotion_id', '=', promotionId)
    .where('state', 'in', ['offered', 'active'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!offer || p.state !== 'claim') throw refused(PROMO_MESSAGES.nothingToClaim);
  await inTransaction(deps.db, (trx) => activateBonus(trx, merchant, memberId, offer.id, deps.clock(), ip));
  return { promotionId, state: (await stateOf(deps, merchant, memberId, promotionId)).state };
}
