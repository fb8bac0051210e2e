import { SESSION_CALLS } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { toLoginOutcome } from './login-outcome.ts';
import { ZExchangeTokenInput, ZLoginOutcome } from './session.types.ts';

/**
 * `session.exchangeToken` (docs/rules/accounts.md#a-23 token from the URL, docs/0013): a token that travelled in an
 * address (history, logs, Referer) is never adopted as is. The upstream revokes it and answers a fresh
 * session for the same member, once; a second exchange answers UNAUTHORIZED error_not_logged_in.
 */
export const exchangeToken = publicProcedure
  .input(ZExchangeTokenInput)
  .output(ZLoginOutcome)
  .mutation(({ ctx, input }) =>
    withRateLimit(ctx, 'exchangeToken', input.token, async () =>
      toLoginOutcome(ctx, await ctx.api.call(SESSION_CALLS.exchangeToken, undefined, { ...callContext(ctx), token: input.token })),
    ),
  );
