import { OPERATOR_BONUS_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { decideReview, pendingReviews } from './bonus-review.service.ts';

/** The operator's held bonuses (docs/0097): money.read to see them, money.write (owner, finance) to decide. */
export const bonusReviewRoutes = routesOf(OPERATOR_BONUS_CALLS, {
  bonusReviews: (c) => pendingReviews(c.deps, c.merchant),
  decideBonusReview: (c) => decideReview(c.deps, c.merchant, c.actor, c.ip, c.input),
});
