import { DEPOSIT_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { createDeposit, listChannels, listOwnDeposits } from './deposit.service.ts';

/** Member deposit calls; every one refuses trial accounts (REAL_MEMBER). Operator calls: deposit.operator-routes.ts. */
export const depositRoutes = routesOf(DEPOSIT_CALLS, {
  channels: (c) => listChannels(c.deps, c.merchant),
  create: (c) => createDeposit(c.deps, c.merchant, c.actor, c.input),
  list: (c) => listOwnDeposits(c.deps, c.actor, c.input),
});
