import { ACCOUNT_CALLS, WPS_CODES, WPS_MESSAGES, buildRegistrationSchema, firstFieldErrors } from '@wl/schemas';
import type { TViewer } from '../../composer/compose-screen-config.ts';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { GatewayRefusal } from '../../trpc/refusal.ts';
import { toLoginOutcome } from '../session/login-outcome.ts';
import { ZLoginOutcome } from '../session/session.types.ts';
import { ZRegisterInput } from './account.types.ts';

const VISITOR: TViewer = { audience: 'visitor', referralEnabled: false, hasVip: false };

/**
 * `account.register` (docs/rules/accounts.md#a-18 Registration, docs/rules/accounts.md#a-11): the tab must be on, then every value is checked with
 * buildRegistrationSchema against the server's fields and rules (the web's own validator), and only
 * then does the upstream register the member and log them in. Refused fields come back in
 * `data.upstream.fieldErrors` as `{ key, params }`.
 */
export const registerMember = publicProcedure
  .input(ZRegisterInput)
  .output(ZLoginOutcome)
  .mutation(async ({ ctx, input }) => {
    const subject = typeof input.values.username === 'string' && input.mode === 'username' ? input.values.username : input.values.mobileNum;
    return withRateLimit(ctx, 'register', typeof subject === 'string' ? subject : null, async () => {
      const { forms } = await ctx.screenConfig.screenConfig(VISITOR, ctx.language);
      const form = forms.register;
      if (!form.tabs.includes(input.mode)) {
        throw new GatewayRefusal(WPS_CODES.featureOff, WPS_MESSAGES.featureOff);
      }
      const schema = buildRegistrationSchema(form.fields, input.mode, { smsVerification: form.smsVerification, minAge: form.minAge });
      const parsed = schema.safeParse({ ...input.values, termsAccepted: input.termsAccepted, ageConfirmed: input.ageConfirmed });
      if (!parsed.success) {
        throw new GatewayRefusal(WPS_CODES.badRequest, WPS_MESSAGES.badRequest, { fieldErrors: firstFieldErrors(parsed.error) });
      }
      const { termsAccepted, ageConfirmed, ...checked } = parsed.data;
      // A referral link's code goes along whether or not the form shows the field; the platform checks it (docs/0097).
      const referralCode = input.values.referralCode;
      const values = typeof referralCode === 'string' && !('referralCode' in checked) ? { ...checked, referralCode } : checked;
      const session = await ctx.api.call(
        input.mode === 'mobile' ? ACCOUNT_CALLS.registerMobile : ACCOUNT_CALLS.register,
        {
          values,
          ...(input.countryDialingCode ? { countryDialingCode: input.countryDialingCode } : {}),
          termsAccepted,
          ageConfirmed,
          ...(input.captchaId && input.captcha ? { captchaId: input.captchaId, captcha: input.captcha } : {}),
          registerMethod: 'WEB',
          domain: ctx.host,
        },
        { ...callContext(ctx), token: null },
      );
      return toLoginOutcome(ctx, session);
    });
  });
