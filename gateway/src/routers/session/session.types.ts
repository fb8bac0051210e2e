import { z } from 'zod';
import { MAX_TEXT_LENGTH, ZLoginVerifyRequest, ZMemberInfo, ZSecondFactorValue, ZSessionValue } from '@wl/schemas';

/** Shared field shapes of the gateway's account inputs: bounded, trimmed where a person types them. */
export const ZUsernameInput = z.string().trim().min(1).max(MAX_TEXT_LENGTH);
export const ZPasswordInput = z.string().min(1).max(128);
export const ZMobileNumInput = z.string().trim().min(1).max(32);
export const ZDialingCodeInput = z.string().trim().min(1).max(8);
export const ZCodeInput = z.string().trim().min(1).max(16);
export const ZCaptchaIdInput = z.string().max(64);
export const ZCaptchaInput = z.string().trim().max(16);

/** `session.login` input: SPEC §5 login by username (trimmed, required), captcha once asked for. */
export const ZMemberLoginInput = z.object({
  username: ZUsernameInput,
  password: ZPasswordInput,
  captcha: ZCaptchaInput.optional(),
  captchaId: ZCaptchaIdInput.optional(),
  /** Keep the member signed in for 24 h through the httpOnly `wl_remember` cookie. */
  rememberMe: z.boolean().optional(),
  /** Login from /agent: non-agents are refused (error_not_agent) and get no session. */
  agentPage: z.boolean().optional(),
});

/** `session.loginSms` input: SPEC §5 login by SMS (mobile number and code required). */
export const ZSmsLoginInput = z.object({
  mobileNum: ZMobileNumInput,
  countryDialingCode: ZDialingCodeInput,
  verificationCode: ZCodeInput,
  rememberMe: z.boolean().optional(),
  agentPage: z.boolean().optional(),
});

/** `session.verifySecondFactor` input: the challenge and the chosen method's answer. */
export const ZVerifySecondFactorInput = ZLoginVerifyRequest;

/** `session.sendSms` input; `register` needs the human verification (captcha) as well. */
export const ZSendSmsInput = z
  .object({
    purpose: z.enum(['login', 'reset', 'secondFactor', 'register']),
    mobileNum: ZMobileNumInput,
    countryDialingCode: ZDialingCodeInput,
    challengeId: z.string().min(1).max(64).optional(),
    captchaId: ZCaptchaIdInput.optional(),
    captcha: ZCaptchaInput.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.purpose === 'register' && !input.captchaId) ctx.addIssue({ code: 'custom', path: ['captchaId'], message: 'not_empty' });
    if (input.purpose === 'register' && !input.captcha) ctx.addIssue({ code: 'custom', path: ['captcha'], message: 'not_empty' });
    if (input.purpose === 'secondFactor' && !input.challengeId) {
      ctx.addIssue({ code: 'custom', path: ['challengeId'], message: 'not_empty' });
    }
  });

/** `session.exchangeToken` input: the session token that arrived in the page's URL (SPEC §4). */
export const ZExchangeTokenInput = z.object({ token: z.string().trim().min(8).max(256) });

/** A signed-in session with its member. The remember token never appears here: it lives in the cookie. */
export const ZSessionOutcome = ZSessionValue.omit({ rememberToken: true }).extend({ member: ZMemberInfo });
export type TSessionOutcome = z.infer<typeof ZSessionOutcome>;

/** What every login kind answers: a session, or the second-factor challenge of a login from a new IP. */
export const ZLoginOutcome = z.discriminatedUnion('kind', [ZSessionOutcome, ZSecondFactorValue]);
export type TLoginOutcome = z.infer<typeof ZLoginOutcome>;
