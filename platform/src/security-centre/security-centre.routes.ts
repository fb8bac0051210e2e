import { SECURITY_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { bindContact, sendBindCode } from './contact-binding.service.ts';
import { addBankAccount, securityCentre, setWithdrawPassword } from './security-centre.service.ts';

/** Security centre calls; trial accounts are refused (REAL_MEMBER). */
export const securityCentreRoutes = routesOf(SECURITY_CALLS, {
  centre: (c) => securityCentre(c.deps, c.merchant, c.actor),
  setWithdrawPassword: (c) => setWithdrawPassword(c.deps, c.merchant, c.actor, c.input, c.ip),
  addBankAccount: (c) => addBankAccount(c.deps, c.merchant, c.actor, c.input, c.ip),
  // The code's message is written in the member's saved language (docs/0115).
  sendBindCode: (c) => sendBindCode(c.deps, c.merchant, c.actor, c.input),
  bindContact: (c) => bindContact(c.deps, c.merchant, c.actor, c.input, c.ip),
});
