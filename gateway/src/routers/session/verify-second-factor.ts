import { SESSION_CALLS } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { toLoginOutcome } from './login-outcome.ts';
import { ZLoginOutcome, ZVerifySecondFactorInput } from './session.types.ts';

/**
 * `session.verifySecondFactor` (docs/rules/accounts.md#a-7 new IP): answers the challenge with one method; the upstream
 * voids it after 3 wrong answers. A remembered login gets its cookie here, once the factor passed.
 */
export const verifySecondFactor = publicProcedure
  .input(ZVerifySecondFactorInput)
  .output(ZLoginOutcome)
  .mutation(({ ctx, input }) =>
    withRateLimit(ctx, 'verifySecondFactor', input.challengeId, async () =>
      toLoginOutcome(ctx, await ctx.api.call(SESSION_CALLS.verifySecondFactor, input, { ...callContext(ctx), token: null })),
    ),
  );
