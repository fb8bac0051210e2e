import { REFERRAL_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { requestLanguage } from '../http/request-context.ts';
import { referralSummary, settleQualifiedFriends } from './referral.service.ts';

/** The referral area (docs/0097): always the session's own member. */
export const referralRoutes = routesOf(REFERRAL_CALLS, {
  summary: (c) => referralSummary(c.deps.db, c.merchant, c.actor.memberId, requestLanguage(c.request), c.deps.clock()),
  settle: (c) => settleQualifiedFriends(c.deps.db, c.merchant, c.actor.memberId, c.deps.clock()),
});
