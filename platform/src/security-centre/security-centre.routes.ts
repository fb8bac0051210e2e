import { SECURITY_CALLS } from '@wl/schemas';
import { requestLanguage } from '../http/request-context.ts';
import { routesOf } from '../http/routes-of.ts';
import { bindContact, sendBindCode } from './contact-binding.service.ts';
import { addBankAccount, securityCentre, setWithdrawPassword } from './security-centre.service.ts';

/** Security centre calls; trial accounts are refused (REAL_MEMBER). */
export const securityCentreRoutes = routesOf(SECURITY_CALLS, {
  centre: (c) => securityCentre(c.deps, c.merchant, c.actor),
  setWithdrawPassword: (c) => setWithdrawPassword(c.deps, c.merchant, c.actor, c.input, c.ip),
  addBankAccount: (c) => addBankAccount(c.deps, c.merchant, c.actor, c.input, c.ip),
  // The code's message is written in the language the request names.
  sendBindCode: (c) => sendBindCode(c.deps, c.merchant, c.actor, c.input, requestLanguage(c.request)),
  bindContact: (c) => bindContact(c.deps, c.merchant, c.actor, c.input, c.ip),
});
