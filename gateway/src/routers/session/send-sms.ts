import { ZSmsSendResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { ZSendSmsInput } from './session.types.ts';

/**
 * `session.sendSms` (SPEC §4 SMS code): sends a code for login, reset, a second factor or
 * registration (behind the captcha). The code itself never comes back; the answer drives the countdown.
 */
export const sendSms = publicProcedure
  .input(ZSendSmsInput)
  .output(ZSmsSendResponse)
  .mutation(({ ctx, input }) =>
    withRateLimit(ctx, 'sendSms', `${input.countryDialingCode}:${input.mobileNum}`, () => {
      const { mobileNum, countryDialingCode } = input;
      if (input.purpose === 'register') {
        return ctx.api.sendRegisterSms(
          { mobileNum, countryDialingCode, captchaId: input.captchaId ?? '', captcha: input.captcha ?? '' },
          callContext(ctx),
        );
      }
      return ctx.api.sendSms(
        { mobileNum, countryDialingCode, purpose: input.purpose, ...(input.challengeId ? { challengeId: input.challengeId } : {}) },
        callContext(ctx),
      );
    }),
  );
