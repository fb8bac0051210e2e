import { z } from 'zod';
import { MAX_TEXT_LENGTH, ZRegisterValues, zText } from '@wl/schemas';
import { ZCaptchaIdInput, ZCaptchaInput, ZCodeInput, ZDialingCodeInput, ZMobileNumInput, ZPasswordInput, ZUsernameInput } from '../session/session.types.ts';

/** Most keys a registration form can send (the docs/rules/README.md#fields fields and a margin). */
const MAX_REGISTRATION_KEYS = 40;

/** `account.checkAffiliate` input (docs/rules/accounts.md#a-20: optional code, checked by a call). */
export const ZCheckAffiliateInput = z.object({ code: zText({ max: 64, min: 1 }) });

/**
 * `account.register` input. `values` are only bounded here; every field is then checked by
 * buildRegistrationSchema with the server's rules (docs/rules/accounts.md#a-11), the same validator the web runs.
 */
export const ZRegisterInput = z.object({
  mode: z.enum(['username', 'mobile']),
  values: ZRegisterValues.refine((values) => Object.keys(values).length <= MAX_REGISTRATION_KEYS, { message: 'too_long' }),
  countryDialingCode: ZDialingCodeInput.optional(),
  termsAccepted: z.boolean(),
  ageConfirmed: z.boolean(),
  /** The human check; absent on a tab that takes the SMS code, which was sent behind one (smsCodeRequired). */
  captchaId: ZCaptchaIdInput.min(1).optional(),
  captcha: ZCaptchaInput.min(1).optional(),
});

/** `account.changePassword` input: the old password unless the session must change it (docs/rules/accounts.md#a-13). */
export const ZChangePasswordInput = z.object({
  oldPassword: ZPasswordInput.optional(),
  newPassword: ZPasswordInput,
  confirmPassword: ZPasswordInput,
});

/** `account.forgotByEmail` input (docs/rules/accounts.md#a-14: username and email required). */
export const ZForgotByEmailInput = z.object({
  username: ZUsernameInput,
  email: zText({ max: MAX_TEXT_LENGTH, min: 1 }),
});

/** `account.resetByLink` input: the token of the emailed link and the new password twice. */
export const ZResetByLinkInput = z.object({
  resetToken: zText({ max: 256, min: 1 }),
  newPassword: ZPasswordInput,
  confirmPassword: ZPasswordInput,
});

/** `account.resetByMobile` input (docs/rules/accounts.md#a-15: mobile number, code and new password required). */
export const ZResetByMobileInput = z.object({
  mobileNum: ZMobileNumInput,
  countryDialingCode: ZDialingCodeInput,
  verificationCode: ZCodeInput,
  newPassword: ZPasswordInput,
  confirmPassword: ZPasswordInput,
});

/** `account.totpEnable` input: a code from the authenticator app. */
export const ZTotpEnableInput = z.object({ code: ZCodeInput });

/** `account.stepUp` input (docs/0068): the login password, or a current authenticator code. */
export const ZStepUpInput = z.object({ password: ZPasswordInput.optional(), totpCode: ZCodeInput.optional() });
