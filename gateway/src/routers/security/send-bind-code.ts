import { SECURITY_CALLS, type TBindCodeRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';

/** The address a code goes to, as the daily per-address cap counts it (shared with session.sendSms). */
const address = (input: TBindCodeRequest) => (input.channel === 'mobile' ? `${input.countryDialingCode}:${input.mobileNum}` : `email:${input.email}`);

/**
 * `security.sendBindCode`: a code to a new mobile number (SMS) or email address. Limited per session
 * and per IP, and counted in the daily cap per address that every SMS send shares.
 */
export const sendBindCode = memberProcedure
  .input(SECURITY_CALLS.sendBindCode.input)
  .output(SECURITY_CALLS.sendBindCode.output)
  .mutation(({ ctx, input }) =>
    withRateLimit(ctx, 'smsDaily', address(input), () =>
      withRateLimit(ctx, 'bindCode', `session:${ctx.token}`, () => ctx.api.call(SECURITY_CALLS.sendBindCode, input, callContext(ctx))),
    ),
  );
