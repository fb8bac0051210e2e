/**
 * Codes and message keys of the wps envelope (docs/rules/content.md#c-10), without zod: the web imports this module
 * alone (`@wl/schemas/wps/messages`) so that no wire schema reaches the browser's first load.
 */

/** Codes the platform and gateway agree on. 543 comes from the real upstream (UPSTREAM-NOTES). */
export const WPS_CODES = {
  ok: 0,
  badRequest: 400,
  notLoggedIn: 401,
  forbidden: 403,
  notFound: 404,
  /** The request body is over the platform's limit. */
  payloadTooLarge: 413,
  tooManyRequests: 429,
  captchaRequired: 460,
  locked: 461,
  notMember: 462,
  notAgent: 463,
  /** The session must change its password first (docs/rules/accounts.md#a-12 forced change); only the change, member info and logout answer. */
  passwordChangeRequired: 464,
  /** The change needs a fresh step-up first (docs/0068): the client asks for the password and retries. */
  stepUpRequired: 465,
  featureOff: 543,
  gameAlreadyOpen: 734,
  systemBusy: 727,
  /** Too busy to take the call now, or its deadline passed before it committed (docs/0078): nothing was done, try again. */
  busy: 503,
  postNotAllowed: 459,
  internal: 500,
} as const;

/** Message keys the platform puts in `message`; clients translate them (EN and BN). */
export const WPS_MESSAGES = {
  badRequest: 'error_bad_request',
  notLoggedIn: 'error_not_logged_in',
  forbidden: 'error_forbidden',
  notFound: 'error_not_found',
  tooManyRequests: 'error_too_many_requests',
  payloadTooLarge: 'error_payload_too_large',
  invalidCredentials: 'error_invalid_credentials',
  captchaRequired: 'error_captcha_required',
  captchaWrong: 'error_captcha_wrong',
  locked: 'error_account_locked',
  notMember: 'error_not_member',
  notAgent: 'error_not_agent',
  passwordChangeRequired: 'error_password_change_required',
  featureOff: 'error_feature_off',
  trialNeedsRealAccount: 'in_need_true_account',
  /** With WPS_CODES.busy: nothing was done, the same call (same key) may be sent again. */
  busy: 'error_system_busy',
  internal: 'error_unknown',
} as const;
