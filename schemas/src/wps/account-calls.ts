import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants.ts';
import { hasControlCharacters, INVALID_CHARACTERS, zSecret, zText } from '../text.ts';

/**
 * docs/0006 (accounts and sessions): wps calls of login, second factor, remember me, free play, SMS
 * codes, registration, password change and reset, TOTP and the operator outbox (docs/rules/accounts.md#a-7, docs/rules/accounts.md#a-2, docs/rules/accounts.md#a-25).
 * Requests are what the gateway sends; responses are the envelope's `value`.
 */

/** wps paths of docs/rules/accounts.md. `ours` where the upstream contract shows no path. */
export const ACCOUNT_PATHS = {
  /** ours: answers a second-factor challenge of a login from a new IP. */
  loginVerify: '/wps/session/login/verify',
  /** ours: sends the one-time code of a second-factor challenge to the member's bound mobile or e-mail (docs/0067). */
  loginVerifyCode: '/wps/session/login/verify/code',
  /** ours: POST exchanges a remember token for a session (and rotates it); DELETE revokes it. */
  loginRemember: '/wps/session/login/remember',
  /** ours: creates a trial account (type 4) and logs it in (FREEPLAY3). */
  loginFreePlay: '/wps/session/login/freeplay',
  /** ours: POST with a live session token (docs/rules/accounts.md#a-21 token from the URL) revokes it and answers a fresh session, once. */
  sessionExchange: '/wps/session/exchange',
  firstLogin: '/wps/member/firstLogin',
  smsNoLogin: '/wps/verification/sms/noLogin',
  smsRegister: '/wps/verification/sms/register',
  register: '/wps/member/register',
  registerMobile: '/wps/member/register/mobile',
  affiliate: '/wps/agent/affiliate',
  changePassword: '/wps/member/password',
  forgotByEmail: '/wps/member/password/email',
  resetByLink: '/wps/member/password/reset',
  forgotByMobile: '/wps/member/password/verification',
  totpSetup: '/wps/member/totp/setup',
  totpEnable: '/wps/member/totp/enable',
  /** ours: POST proves the login password or a current authenticator code; the session may then change security settings for a few minutes (docs/0068). */
  stepUp: '/wps/member/stepUp',
  operatorOutbox: '/wps/operator/outbox',
  operatorSecurity: '/wps/operator/security',
} as const;

/** Message keys of docs/rules/accounts.md (with WPS_MESSAGES and RULE_MESSAGES); the web translates them in EN and BN. */
export const ACCOUNT_MESSAGES = {
  verificationCodeInvalid: 'verification_code_invalid',
  verificationCodeExpired: 'verification_code_expired',
  verificationCodeMissing: 'verification_code_missing',
  phoneInvalidFormat: 'phone_invalid_format',
  phoneEnterValid: 'phone_enter_valid',
  smsTooManyRequests: 'sms_too_many_requests',
  smsSendTooFast: 'sms_send_too_fast',
  secondFactorWrong: 'second_factor_wrong',
  secondFactorExpired: 'second_factor_expired',
  usernameTaken: 'username_taken',
  mobileTaken: 'mobile_taken',
  invalidInvitationCode: 'invalid_invitation_code',
  oldPasswordWrong: 'old_password_wrong',
  inconsistentTwice: 'inconsistent_twice',
  resetLinkInvalid: 'reset_link_invalid',
  /** Forgot by email: the same confirmation whether or not username and email match. */
  inBeenOut: 'in_been_out',
  /** A change of contacts, passwords, payout accounts or authenticator, or an upline transfer, needs a fresh step-up (docs/0068). */
  stepUpRequired: 'error_step_up_required',
  /** The step-up's password or authenticator code is wrong (counted like wrong login passwords). */
  stepUpWrong: 'step_up_wrong',
  /** The payment (withdraw) password typed at registration equals the login password (docs/0115). */
  paymentPasswordSame: 'payment_password_same_as_login',
} as const;

const ZText = zText({ max: MAX_TEXT_LENGTH });
const ZSecret = zSecret(128);
const ZMobileNum = zText({ max: 32 });
const ZDialingCode = zText({ max: 8 });
const ZCode = zText({ max: 16 });
const ZToken = zText({ max: 256, min: 1, trim: false });
const ZId = zText({ max: 64, min: 1, trim: false });
const ZCaptchaId = zText({ max: 64, trim: false });
const ZCaptcha = zText({ max: 16 });
const ZDomain = zText({ max: 253 });

/**
 * Second-factor methods (docs/rules/accounts.md#a-21 login from a new IP), each proving possession (docs/0067): the
 * authenticator's code, or a one-time code sent to the bound mobile or e-mail. Offered in this
 * order (the authenticator first). Nothing typed from memory (an address, a holder name) counts.
 */
export const SECOND_FACTOR_METHODS = ['totp', 'mobile', 'email'] as const;
export const ZSecondFactorMethod = z.enum(SECOND_FACTOR_METHODS);
export type TSecondFactorMethod = z.infer<typeof ZSecondFactorMethod>;

/** docs/rules/README.md#messages: per-field messages of a refused form (key and the numbers it fills in). */
export const ZFieldErrors = z.record(
  z.string().max(64),
  z.object({
    key: z.string().max(128),
    params: z.object({ min: z.number().int().optional(), max: z.number().int().optional(), length: z.number().int().optional() }),
  }),
);
export type TFieldErrors = z.infer<typeof ZFieldErrors>;
/** Value of a 400 whose form fields were refused. */
export const ZFieldErrorsValue = z.object({ fieldErrors: ZFieldErrors });

/** Login by username and password or by mobile and SMS code (docs/rules/accounts.md#a-3). Encrypted body. */
export const ZAccountLoginRequest = z.object({
  username: ZText.optional(),
  password: ZSecret.optional(),
  captcha: ZCaptcha.optional(),
  captchaId: ZCaptchaId.optional(),
  type: z.enum(['username', 'sms']).default('username'),
  mobileNum: ZMobileNum.optional(),
  countryDialingCode: ZDialingCode.optional(),
  verificationCode: ZCode.optional(),
  /** Login from /agent: non-agents get 463 error_not_agent and no session. */
  agentPage: z.boolean().optional(),
  /** Ask for a remember token (24 h, single use, rotated on each use). */
  rememberMe: z.boolean().optional(),
});
export type TAccountLoginRequest = z.infer<typeof ZAccountLoginRequest>;

/** A logged-in session. rememberToken is set only when rememberMe was asked (the gateway keeps it in an httpOnly cookie). */
export const ZSessionValue = z.object({
  kind: z.literal('session'),
  token: z.string().max(256),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** Password is the weak 123456 or expired while PWDEXPFORCECHANGE3 is on (never for SMS logins). */
  mustChangePassword: z.boolean(),
  rememberToken: z.string().max(256).nullable(),
});
export type TSessionValue = z.infer<typeof ZSessionValue>;

/** A login from a new IP: the member must answer a second factor first. */
export const ZSecondFactorValue = z.object({
  kind: z.literal('secondFactor'),
  challengeId: z.string().max(64),
  methods: z.array(ZSecondFactorMethod),
  maskedMobile: z.string().max(64).nullable(),
  maskedEmail: z.string().max(MAX_TEXT_LENGTH).nullable(),
});
export type TSecondFactorValue = z.infer<typeof ZSecondFactorValue>;

/** Value of a successful login: a session or a second-factor challenge. */
export const ZLoginOutcomeValue = z.discriminatedUnion('kind', [ZSessionValue, ZSecondFactorValue]);
export type TLoginOutcomeValue = z.infer<typeof ZLoginOutcomeValue>;
export const ZAccountLoginResponse = ZLoginOutcomeValue;

/** Value of a 461 locked answer. */
export const ZLockedValue = z.object({ retryAfterSeconds: z.number().int().nonnegative() });
/** Value of a 429 answer. */
export const ZRetryAfterValue = z.object({ retryAfterSeconds: z.number().int().nonnegative() });

/** Second factor: totp → the authenticator's code; mobile and email → the code sent to the bound address (loginVerifyCode). */
export const ZLoginVerifyRequest = z.object({
  challengeId: ZId,
  method: ZSecondFactorMethod,
  code: ZCode,
});
/** Methods whose code the platform sends (to the member's bound address, never to one the client names). */
export const ZSecondFactorSendMethod = z.enum(['mobile', 'email']);
export const ZLoginVerifyCodeRequest = z.object({ challengeId: ZId, method: ZSecondFactorSendMethod });
export const ZLoginVerifyResponse = ZSessionValue;

export const ZLoginRememberRequest = z.object({ rememberToken: ZToken });
export const ZLoginRememberResponse = ZSessionValue;
/** DELETE of the remember path. */
export const ZRememberRevokeRequest = z.object({ rememberToken: ZToken });
export const ZOkResponse = z.object({ ok: z.literal(true) });

export const ZFreePlayRequest = z.object({
  os: zText({ max: 32 }).default(''),
  platform: z.literal('W').default('W'),
  gatewayVersion: z.literal(3).default(3),
});
export const ZFreePlayResponse = ZSessionValue;

export const ZFirstLoginResponse = ZOkResponse;

/** Logged-out SMS codes to a number the client names; a second-factor code goes through loginVerifyCode instead (docs/0067). */
export const SMS_PURPOSES = ['login', 'reset'] as const;
export const ZSmsNoLoginRequest = z.object({
  mobileNum: ZMobileNum,
  countryDialingCode: ZDialingCode,
  purpose: z.enum(SMS_PURPOSES),
});
export const ZSmsRegisterRequest = z.object({
  mobileNum: ZMobileNum,
  countryDialingCode: ZDialingCode,
  captchaId: ZCaptchaId,
  captcha: ZCaptcha,
});
export const ZSmsSendResponse = z.object({
  expiredMinutes: z.number().int().positive(),
  /** ISO time of the server, for the countdown offset. */
  serverTime: z.string().max(40),
  expiresAt: z.string().max(40),
});
export type TSmsSendResponse = z.infer<typeof ZSmsSendResponse>;

/**
 * Registration form values by field, then checked by buildRegistrationSchema with the server's rules,
 * which give each field its own message (a wrong type or length included). Here: bounded keys, and no
 * string with a control character (NUL) gets past, whatever the rules say.
 */
export const ZRegisterValues = z.record(
  zText({ max: 64, trim: false }),
  z.unknown().refine((value) => typeof value !== 'string' || !hasControlCharacters(value), { message: INVALID_CHARACTERS }),
);

/** PUT register or register/mobile. `values` are checked with buildRegistrationSchema of @wl/schemas/rules. */
export const ZRegisterRequest = z.object({
  values: ZRegisterValues,
  countryDialingCode: ZDialingCode.optional(),
  termsAccepted: z.boolean(),
  ageConfirmed: z.boolean(),
  /** The human check; a tab that takes the SMS code has had its check when the code was sent (smsCodeRequired). */
  captchaId: ZCaptchaId.optional(),
  captcha: ZCaptcha.optional(),
  registerMethod: z.literal('WEB').default('WEB'),
  domain: ZDomain.default(''),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;
export const ZRegisterResponse = ZSessionValue;

export const ZAffiliateQuery = z.object({ code: zText({ max: MAX_TEXT_LENGTH, min: 1 }), domain: ZDomain.optional() });
export const ZAffiliateResponse = z.object({ valid: z.literal(true), agentName: z.string().max(MAX_TEXT_LENGTH) });

export const ZChangePasswordRequest = z.object({
  oldPassword: ZSecret.optional(),
  newPassword: ZSecret,
  confirmNewPassword: ZSecret,
});
export const ZChangePasswordResponse = ZOkResponse;

/** Form-encoded body. */
export const ZForgotByEmailRequest = z.object({ username: zText({ max: MAX_TEXT_LENGTH, min: 1 }), email: zText({ max: MAX_TEXT_LENGTH, min: 1 }) });
export const ZForgotByEmailResponse = z.object({ messageKey: z.literal('in_been_out') });

export const ZResetByLinkRequest = z.object({ resetToken: ZToken, newPassword: ZSecret, confirmNewPassword: ZSecret });
export const ZResetByLinkResponse = ZOkResponse;

export const ZForgotByMobileRequest = z.object({
  mobileNum: ZMobileNum,
  countryDialingCode: ZDialingCode,
  verificationCode: ZCode,
  newPassword: ZSecret,
  confirmNewPassword: ZSecret,
});
export const ZForgotByMobileResponse = ZSessionValue;

export const ZTotpSetupResponse = z.object({ secret: z.string().max(128), otpauthUrl: z.string().max(1000) });
export const ZTotpEnableRequest = z.object({ code: ZCode });
export const ZTotpEnableResponse = ZOkResponse;

/** A step-up (docs/0068): the login password, or a current code of the bound authenticator. */
export const ZStepUpRequest = z.object({ password: ZSecret.optional(), totpCode: ZCode.optional() });
export type TStepUpRequest = z.infer<typeof ZStepUpRequest>;
/** Until when the session may change security settings. */
export const ZStepUpResponse = z.object({ validUntil: z.string().max(40), validSeconds: z.number().int().nonnegative() });
export type TStepUpResponse = z.infer<typeof ZStepUpResponse>;

export const OUTBOX_CHANNELS = ['sms', 'email'] as const;
export const ZOutboxQuery = z.object({
  channel: z.enum(OUTBOX_CHANNELS).optional(),
  to: ZText.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
/** Delivery status of an outbox message (docs/0067): handed to the provider, or refused by it. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
/** One sent message as the console sees it: never its text (codes and links stay out; docs/0067). */
export const ZOutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  to: z.string().max(MAX_TEXT_LENGTH),
  subject: z.string().max(MAX_TEXT_LENGTH),
  /** What it was for: login, reset, secondFactor, register, bind, resetLink, notice… */
  purpose: z.string().max(32),
  /** Who delivered it: the embedded provider or the HTTP adapter. */
  provider: z.string().max(32),
  status: z.enum(OUTBOX_STATUSES),
  createdAt: z.string().max(40),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export const ZOutboxResponse = z.object({ messages: z.array(ZOutboxMessage) });

/** Per-merchant login security thresholds (docs/rules/accounts.md#a-4). */
export const ZSecuritySettings = z.object({
  captchaAfterFailures: z.number().int().min(1).max(100),
  lockAfterFailures: z.number().int().min(1).max(100),
  lockWindowMinutes: z.number().int().min(1).max(1440),
  lockMinutes: z.number().int().min(1).max(1440),
  idleTimeoutMinutes: z.number().int().min(1).max(1440),
  /** Every session ends this many hours after its login, however busy (docs/0070; default 168, 7 days). */
  sessionLifetimeHours: z.number().int().min(1).max(2160),
});
export type TSecuritySettings = z.infer<typeof ZSecuritySettings>;
export const ZOperatorSecurityRequest = ZSecuritySettings.partial();
export const ZOperatorSecurityResponse = ZSecuritySettings;
