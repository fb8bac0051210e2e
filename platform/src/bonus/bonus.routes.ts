import { BONUS_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { clientIp } from '../http/request-context.ts';
import { cancelBonus, listBonuses } from './bonus.service.ts';

/** The bonus area (docs/0095): the member's awards and the cancel of the active one; always the session's own member. */
export const bonusRoutes = routesOf(BONUS_CALLS, {
  list: (c) => listBonuses(c.deps.db, c.merchant, c.actor.memberId, c.input),
  cancel: (c) => cancelBonus(c.deps.db, c.merchant, c.actor.memberId, c.input.awardId, c.input.key, c.deps.clock(), clientIp(c.request)),
});
