import { AGENT_CALLS, AGENT_TEAM_CALLS, CONTRACT_CALLS } from '@wl/schemas';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';
import { registerCenterLimits } from './register-center.ts';

/**
 * The agent centre (docs/0046) with the member's token: the platform refuses non-agents
 * (error_not_agent) and answers only about the caller's own subtree; no input here
 * chooses whose team is read. Every call is relayed as declared (docs/0076).
 */
export const agentRouter = router({
  // Team overview, downlines and the transfer to one.
  ...passThrough(AGENT_CALLS),
  // registerCenter and the team reports (docs/0051).
  ...passThrough(AGENT_TEAM_CALLS, registerCenterLimits),
  // Contracts and income (docs/0049).
  ...passThrough(CONTRACT_CALLS),
});
