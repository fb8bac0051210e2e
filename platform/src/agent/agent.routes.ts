import { AGENT_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { downlineDetail, listDownlines, teamOverview, transferToDownline } from './agent.service.ts';

/** The agent centre (docs/0046): agents only, each call scoped to the caller's own subtree. */
export const agentRoutes = routesOf(AGENT_CALLS, {
  teamOverview: (c) => teamOverview(c.deps, c.merchant, c.actor, c.input),
  downlines: (c) => listDownlines(c.deps, c.merchant, c.actor, c.input),
  downline: (c) => downlineDetail(c.deps, c.merchant, c.actor, c.input.memberId),
  transfer: (c) => transferToDownline(c.deps, c.merchant, c.actor, c.input, c.ip),
});
