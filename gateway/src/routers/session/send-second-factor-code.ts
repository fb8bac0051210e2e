import { ZSmsSendResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { ZSendSecondFactorCodeInput } from './session.types.ts';

/**
 * `session.sendSecondFactorCode` (docs/0067): sends the code of a second-factor challenge to the
 * member's bound mobile or e-mail; the client names only the method, never an address. Counted
 * with the SMS sends per challenge; the platform throttles each address (one a second, five per
 * 15 minutes). The code never comes back; the answer drives the countdown.
 */
export const sendSecondFactorCode = publicProcedure
  .input(ZSendSecondFactorCodeInput)
  .output(ZSmsSendResponse)
  .mutation(({ ctx, input }) =>
    withRateLimit(ctx, 'sendSms', `challenge:${input.challengeId}`, () => ctx.api.sendSecondFactorCode(input, callContext(ctx))),
  );
