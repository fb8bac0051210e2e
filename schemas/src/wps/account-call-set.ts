import { z } from 'zod';
import { MEMBER, MEMBER_IN_FORCED_CHANGE, REAL_MEMBER, REAL_MEMBER_IN_FORCED_CHANGE, VISITOR, declareCall } from './call.ts';
import {
  ACCOUNT_PATHS,
  ZAccountLoginRequest,
  ZAccountLoginResponse,
  ZAffiliateQuery,
  ZAffiliateResponse,
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZFirstLoginResponse,
  ZForgotByEmailRequest,
  ZForgotByEmailResponse,
  ZForgotByMobileRequest,
  ZForgotByMobileResponse,
  ZFreePlayRequest,
  ZFreePlayResponse,
  ZLoginRememberRequest,
  ZLoginRememberResponse,
  ZLoginVerifyCodeRequest,
  ZLoginVerifyRequest,
  ZLoginVerifyResponse,
  ZOkResponse,
  ZRegisterRequest,
  ZRegisterResponse,
  ZRememberRevokeRequest,
  ZResetByLinkRequest,
  ZResetByLinkResponse,
  ZSmsNoLoginRequest,
  ZSmsRegisterRequest,
  ZSmsSendResponse,
  ZStepUpRequest,
  ZStepUpResponse,
  ZTotpEnableRequest,
  ZTotpEnableResponse,
  ZTotpSetupResponse,
} from './account-calls.ts';
import { ZCaptchaResponse } from './calls.ts';
import { WPS_PATHS } from './paths.ts';

/** The platform's RSA public key, fetched before an encrypted call (UPSTREAM-NOTES). */
export const ZRsaKeyResponse = z.object({ publicKey: z.string().min(1).max(10_000) });

/**
 * Sessions (docs/rules/accounts.md#a-21, docs/0076). Logged-out calls are VISITOR calls; a few still read the token
 * sent with them in their service (a login revokes the pre-login session; the exchange trades the
 * token it carries), which is not an audience: no session is required.
 */
export const SESSION_CALLS = {
  /** Operator login needs it too, so it is served in maintenance. */
  rsaKey: declareCall({ method: 'GET', path: WPS_PATHS.rsaKey, moduleId: 'LOGIN', output: ZRsaKeyResponse, audience: VISITOR, region: 'serve' }),
  captcha: declareCall({ method: 'GET', path: WPS_PATHS.captcha, moduleId: 'CAPTCHA', output: ZCaptchaResponse, audience: VISITOR, region: 'serve' }),
  login: declareCall({
    method: 'POST',
    path: WPS_PATHS.login,
    moduleId: 'LOGIN',
    input: ZAccountLoginRequest,
    output: ZAccountLoginResponse,
    encrypted: true,
    audience: VISITOR,
  }),
  verifySecondFactor: declareCall({
    method: 'POST',
    path: ACCOUNT_PATHS.loginVerify,
    moduleId: 'LOGIN',
    input: ZLoginVerifyRequest,
    output: ZLoginVerifyResponse,
    encrypted: true,
    audience: VISITOR,
  }),
  /** The code goes to the challenge member's bound address; the client names only the method (docs/0067). */
  sendSecondFactorCode: declareCall({
    method: 'POST',
    path: ACCOUNT_PATHS.loginVerifyCode,
    moduleId: 'LOGIN',
    input: ZLoginVerifyCodeRequest,
    output: ZSmsSendResponse,
    audience: VISITOR,
  }),
  /** A remember token for a fresh session and a rotated token. */
  resume: declareCall({
    method: 'POST',
    path: ACCOUNT_PATHS.loginRemember,
    moduleId: 'LOGIN',
    input: ZLoginRememberRequest,
    output: ZLoginRememberResponse,
    audience: VISITOR,
  }),
  /** Revokes a remember token (logout, or a login that is not remembered); served like logout. */
  revokeRemember: declareCall({
    method: 'DELETE',
    path: ACCOUNT_PATHS.loginRemember,
    moduleId: 'LOGIN',
    input: ZRememberRevokeRequest,
    output: ZOkResponse,
    audience: VISITOR,
    region: 'serve',
  }),
  freePlay: declareCall({
    method: 'POST',
    path: ACCOUNT_PATHS.loginFreePlay,
    moduleId: 'FREEPLAY',
    input: ZFreePlayRequest,
    output: ZFreePlayResponse,
    audience: VISITOR,
    modules: ['FREEPLAY3'],
    kind: 'game',
  }),
  /** The token to exchange travels in the Authorization header, never in a body or a query. */
  exchangeToken: declareCall({ method: 'POST', path: ACCOUNT_PATHS.sessionExchange, moduleId: 'LOGIN', output: ZLoginRememberResponse, audience: VISITOR }),
  logout: declareCall({ method: 'DELETE', path: WPS_PATHS.logout, moduleId: 'LOGOUT', output: z.null(), audience: MEMBER_IN_FORCED_CHANGE, region: 'serve' }),
} as const;

/**
 * Accounts (docs/rules/accounts.md#a-7, docs/rules/accounts.md#a-2): registration, first login, passwords, the authenticator and the step-up
 * (docs/0068). The forced password change and the first login work whatever the security centre's switch.
 */
export const ACCOUNT_CALLS = {
  checkAffiliate: declareCall({
    method: 'GET',
    path: ACCOUNT_PATHS.affiliate,
    moduleId: 'REGISTER',
    input: ZAffiliateQuery,
    output: ZAffiliateResponse,
    audience: VISITOR,
  }),
  register: declareCall({
    method: 'PUT',
    path: ACCOUNT_PATHS.register,
    moduleId: 'REGISTER',
    input: ZRegisterRequest,
    output: ZRegisterResponse,
    encrypted: true,
    audience: VISITOR,
    modules: ['USERNAMEREG3'],
  }),
  registerMobile: declareCall({
    method: 'PUT',
    path: ACCOUNT_PATHS.registerMobile,
    moduleId: 'REGISTER',
    input: ZRegisterRequest,
    output: ZRegisterResponse,
    encrypted: true,
    audience: VISITOR,
    modules: ['MOBILENUMREG3'],
  }),
  firstLoginDone: declareCall({ method: 'POST', path: ACCOUNT_PATHS.firstLogin, moduleId: 'MEMBERINFO', output: ZFirstLoginResponse, audience: MEMBER }),
  changePassword: declareCall({
    method: 'POST',
    path: ACCOUNT_PATHS.changePassword,
    moduleId: 'PASSWORD',
    input: ZChangePasswordRequest,
    output: ZChangePasswordResponse,
    encrypted: true,
    audience: REAL_MEMBER_IN_FORCED_CHANGE,
  }),
  /** Form-encoded on the wire (docs/rules/README.md#calls); the same answer whether or not username and email match. */
  forgotByEmail: declareCall({
    method: 'POST',
    path: ACCOUNT_PATHS.forgotByEmail,
    moduleId: 'PASSWORD',
    input: ZForgotByEmailRequest,
    output: ZForgotByEmailResponse,
    audience: VISITOR,
  }),
  resetByLink: declareCall({
    method: 'POST',
    path: ACCOUNT_PATHS.resetByLink,
    moduleId: 'PASSWORD',
    input: ZResetByLinkRequest,
    output: ZResetByLinkResponse,
    encrypted: true,
    audience: VISITOR,
  }),
  /** Reset by SMS code; answers a session (automatic login, docs/rules/accounts.md#a-15). */
  resetByMobile: declareCall({
    method: 'POST',
    path: ACCOUNT_PATHS.forgotByMobile,
    moduleId: 'PASSWORD',
    input: ZForgotByMobileRequest,
    output: ZForgotByMobileResponse,
    encrypted: true,
    audience: VISITOR,
    modules: ['CHNGPASSVERIF3'],
  }),
  totpSetup: declareCall({
    method: 'POST',
    path: ACCOUNT_PATHS.totpSetup,
    moduleId: 'TOTP',
    output: ZTotpSetupResponse,
    audience: REAL_MEMBER,
    modules: ['SECCEN3'],
  }),
  totpEnable: declareCall({
    method: 'POST',
    path: ACCOUNT_PATHS.totpEnable,
    moduleId: 'TOTP',
    input: ZTotpEnableRequest,
    output: ZTotpEnableResponse,
    audience: REAL_MEMBER,
    modules: ['SECCEN3'],
  }),
  /** The step-up every security change and the upline transfer ask for first (docs/0068): no module of its own. */
  stepUp: declareCall({
    method: 'POST',
    path: ACCOUNT_PATHS.stepUp,
    moduleId: 'SECURITY',
    input: ZStepUpRequest,
    output: ZStepUpResponse,
    encrypted: true,
    audience: REAL_MEMBER,
  }),
} as const;

/**
 * SMS codes to a number the client names (docs/rules/accounts.md#a-2): logged out (login, reset; each purpose's switch
 * is the service's, by the input) and for registration, behind the captcha.
 */
export const VERIFICATION_CALLS = {
  sendSms: declareCall({
    method: 'POST',
    path: ACCOUNT_PATHS.smsNoLogin,
    moduleId: 'SMS',
    input: ZSmsNoLoginRequest,
    output: ZSmsSendResponse,
    audience: VISITOR,
  }),
  sendRegisterSms: declareCall({
    method: 'POST',
    path: ACCOUNT_PATHS.smsRegister,
    moduleId: 'SMS',
    input: ZSmsRegisterRequest,
    output: ZSmsSendResponse,
    audience: VISITOR,
  }),
} as const;
