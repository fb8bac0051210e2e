import { ACCOUNT_CALLS } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { toLoginOutcome } from '../session/login-outcome.ts';
import { ZLoginOutcome } from '../session/session.types.ts';
import { ZResetByMobileInput } from './account.types.ts';

/** `account.resetByMobile` (docs/rules/accounts.md#a-15, CHNGPASSVERIF3): SMS code and new password; success logs the member in. */
export const resetByMobile = publicProcedure
  .input(ZResetByMobileInput)
  .output(ZLoginOutcome)
  .mutation(({ ctx, input }) =>
    withRateLimit(ctx, 'resetByMobile', `${input.countryDialingCode}:${input.mobileNum}`, async () => {
      const { confirmPassword, ...rest } = input;
      return toLoginOutcome(
        ctx,
        await ctx.api.call(ACCOUNT_CALLS.resetByMobile, { ...rest, confirmNewPassword: confirmPassword }, { ...callContext(ctx), token: null }),
      );
    }),
  );
