import { PROMO_CALLS, PROMO_FINANCE_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { cashbackReview, decideCashback } from './cashback-review.ts';
import { claimPromotion, joinPromotion, promoList } from './promo.service.ts';

/** The member's promotions (docs/0096): the list with states, join, claim; always the session's own member. */
export const promoRoutes = routesOf(PROMO_CALLS, {
  list: (c) => promoList(c.deps, c.merchant, c.actor.memberId),
  join: (c) => joinPromotion(c.deps, c.merchant, c.actor.memberId, c.input.promotionId),
  claim: (c) => claimPromotion(c.deps, c.merchant, c.actor.memberId, c.input.promotionId, c.ip),
});

/** The finance operator's cashback review (docs/0096). */
export const promoFinanceRoutes = routesOf(PROMO_FINANCE_CALLS, {
  cashbacks: (c) => cashbackReview(c.deps, c.merchant),
  decideCashback: (c) => decideCashback(c.deps, c.merchant, c.actor, c.ip, c.input),
});
