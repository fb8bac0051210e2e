import type { AGENT_TEAM_CALLS } from '@wl/schemas';
import type { TPassOptions } from '../../trpc/pass-through.ts';

/**
 * registerCenter's limits (docs/0051): the platform checks the agent, the merchant's registration
 * rules and that a code is the caller's own; the gateway adds the limits of a registration (per IP
 * and per new account name, like `account.register`) and of code making (a row each: per session).
 */
export const registerCenterLimits: TPassOptions<typeof AGENT_TEAM_CALLS> = {
  rateLimit: {
    registerDownline: (_ctx, input) => ({ action: 'register', subject: input.username }),
    // passThrough refuses a call without a token before the limit is counted.
    createInvitation: (ctx) => ({ action: 'agentInvitation', subject: `session:${ctx.token ?? ''}` }),
  },
};
