import { z } from 'zod';
import {
  INVALID_CHARACTERS,
  MAX_TEXT_LENGTH,
  ZLoginVerifyCodeRequest,
  ZLoginVerifyRequest,
  ZMemberInfo,
  ZSecondFactorValue,
  ZSessionValue,
  zSecret,
  zText,
} from '@wl/schemas';

/** Shared field shapes of the gateway's account inputs: bounded, no control characters, trimmed where a person types them. */
export const ZUsernameInput = zText({ max: MAX_TEXT_LENGTH, min: 1 });
export const ZPasswordInput = zSecret(128, 1);
export const ZMobileNumInput = zText({ max: 32, min: 1 });
export const ZDialingCodeInput = zText({ max: 8, min: 1 });
export const ZCodeInput = zText({ max: 16, min: 1 });
export const ZCaptchaIdInput = zText({ max: 64, trim: false });
export const ZCaptchaInput = zText({ max: 16 });

/** `session.login` input: docs/rules/accounts.md#a-2 login by username (trimmed, required), captcha once asked for. */
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

/** `session.loginSms` input: docs/rules/accounts.md#a-3 login by SMS (mobile number and code required). */
export const ZSmsLoginInput = z.object({
  mobileNum: ZMobileNumInput,
  countryDialingCode: ZDialingCodeInput,
  verificationCode: ZCodeInput,
  rememberMe: z.boolean().optional(),
  agentPage: z.boolean().optional(),
});

/** `session.verifySecondFactor` input: the challenge, the chosen method and its code. */
export const ZVerifySecondFactorInput = ZLoginVerifyRequest;

/** `session.sendSecondFactorCode` input: the challenge and where its code goes (the bound mobile or e-mail; docs/0067). */
export const ZSendSecondFactorCodeInput = ZLoginVerifyCodeRequest;

/** `session.sendSms` input; `register` needs the human verification (captcha) as well. */
export const ZSendSmsInput = z
  .object({
    purpose: z.enum(['login', 'reset', 'register']),
    mobileNum: ZMobileNumInput,
    countryDialingCode: ZDialingCodeInput,
    captchaId: ZCaptchaIdInput.optional(),
    captcha: ZCaptchaInput.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.purpose === 'register' && !input.captchaId) ctx.addIssue({ code: 'custom', path: ['captchaId'], message: 'not_empty' });
    if (input.purpose === 'register' && !input.captcha) ctx.addIssue({ code: 'custom', path: ['captcha'], message: 'not_empty' });
  });

/** `session.exchangeToken` input: the session token that arrived in the page's URL (docs/rules/accounts.md#a-21). */
/**
 * A session token travels to the upstream in a header: printable ASCII only, so a character no header
 * can carry is refused as bad input naming the field, not sent to fail as a network error (docs/0071).
 */
export const ZSessionTokenText = zText({ max: 256, min: 8 }).regex(/^[\x21-\x7E]+$/, { message: INVALID_CHARACTERS });
export const ZExchangeTokenInput = z.object({ token: ZSessionTokenText });

/** A signed-in session with its member. The remember token never appears here: it lives in the cookie. */
export const ZSessionOutcome = ZSessionValue.omit({ rememberToken: true }).extend({ member: ZMemberInfo });
export type TSessionOutcome = z.infer<typeof ZSessionOutcome>;

/** What every login kind answers: a session, or the second-factor challenge of a login from a new IP. */
export const ZLoginOutcome = z.discriminatedUnion('kind', [ZSessionOutcome, ZSecondFactorValue]);
export type TLoginOutcome = z.infer<typeof ZLoginOutcome>;
