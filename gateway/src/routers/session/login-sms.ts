import { SESSION_CALLS } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { toLoginOutcome } from './login-outcome.ts';
import { ZLoginOutcome, ZSmsLoginInput } from './session.types.ts';

/** `session.loginSms` (docs/rules/accounts.md#a-3, MOBILEVERCODELOGIN3): mobile number and the SMS code sent for `login`. */
export const loginSms = publicProcedure
  .input(ZSmsLoginInput)
  .output(ZLoginOutcome)
  .mutation(({ ctx, input }) =>
    withRateLimit(ctx, 'loginSms', `${input.countryDialingCode}:${input.mobileNum}`, async () =>
      toLoginOutcome(ctx, await ctx.api.call(SESSION_CALLS.login, { ...input, type: 'sms' }, callContext(ctx))),
    ),
  );
