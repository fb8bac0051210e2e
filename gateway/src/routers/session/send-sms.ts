import { VERIFICATION_CALLS, ZSmsSendResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { ZSendSmsInput } from './session.types.ts';

/**
 * `session.sendSms` (docs/rules/accounts.md#a-16 SMS code): sends a code for login, reset or registration (behind the
 * captcha); a second factor's code: session.sendSecondFactorCode. The code itself never comes back; the answer drives the countdown.
 * Against SMS pumping (docs/0012) every send counts towards a daily cap per IP and per number, and a
 * registration code (to a number nobody has proven) also towards a tight hourly one.
 */
export const sendSms = publicProcedure
  .input(ZSendSmsInput)
  .output(ZSmsSendResponse)
  .mutation(({ ctx, input }) => {
    const number = `${input.countryDialingCode}:${input.mobileNum}`;
    const send = () =>
      withRateLimit(ctx, 'sendSms', number, () => {
        const { mobileNum, countryDialingCode } = input;
        if (input.purpose === 'register') {
          return ctx.api.call(
            VERIFICATION_CALLS.sendRegisterSms,
            { mobileNum, countryDialingCode, captchaId: input.captchaId ?? '', captcha: input.captcha ?? '' },
            { ...callContext(ctx), token: null },
          );
        }
        return ctx.api.call(VERIFICATION_CALLS.sendSms, { mobileNum, countryDialingCode, purpose: input.purpose }, { ...callContext(ctx), token: null });
      });
    return withRateLimit(ctx, 'smsDaily', number, () => (input.purpose === 'register' ? withRateLimit(ctx, 'registerSms', number, send) : send()));
  });
