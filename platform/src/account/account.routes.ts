import { ACCOUNT_CALLS } from '@wl/schemas';
import { bearerToken } from '../http/auth.ts';
import { routesOf } from '../http/routes-of.ts';
import { requestLanguage } from '../http/request-context.ts';
import { stepUp } from '../session/step-up.service.ts';
import { checkAffiliate, firstLoginDone, register, totpEnable, totpSetup } from './account.service.ts';
import { changePassword, forgotByEmail, resetByLink, resetByMobile } from './passwords.service.ts';

/**
 * Account calls (docs/0076): affiliate check, registration, first login, passwords, authenticator,
 * step-up. Registration and the reset by SMS code are VISITOR calls that still read a token sent
 * with them (the pre-login session they replace): a token read, not a session required.
 */
export const accountRoutes = routesOf(ACCOUNT_CALLS, {
  checkAffiliate: (c) => checkAffiliate(c.deps, c.merchant, c.input.code),
  register: (c) => register(c.deps, c.merchant, 'username', c.input, c.ip, bearerToken(c.request), requestLanguage(c.request)),
  registerMobile: (c) => register(c.deps, c.merchant, 'mobile', c.input, c.ip, bearerToken(c.request), requestLanguage(c.request)),
  firstLoginDone: (c) => firstLoginDone(c.deps, c.merchant, c.actor, c.ip),
  changePassword: (c) => changePassword(c.deps, c.merchant, c.actor, c.input, c.ip),
  forgotByEmail: (c) => forgotByEmail(c.deps, c.merchant, c.input, c.ip),
  resetByLink: (c) => resetByLink(c.deps, c.merchant, c.input, c.ip),
  resetByMobile: (c) => resetByMobile(c.deps, c.merchant, c.input, c.ip, bearerToken(c.request)),
  totpSetup: (c) => totpSetup(c.deps, c.merchant, c.actor),
  totpEnable: (c) => totpEnable(c.deps, c.merchant, c.actor, c.input.code, c.ip),
  // docs/0068: the password travels encrypted like the login's.
  stepUp: (c) => stepUp(c.deps, c.merchant, c.actor, c.input, c.ip),
});
