import { OPERATOR_COMPLIANCE_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { complianceGaming, complianceMember, setAccountState, setOperatorLimit, switchGaming } from './compliance.service.ts';

/**
 * The console's compliance controls (docs/0106): a member's account state, limits and protection
 * history (compliance.read), and changing them or switching gaming off, each with a reason
 * (compliance.write; the platform checks the permission before the handler runs).
 */
export const complianceRoutes = routesOf(OPERATOR_COMPLIANCE_CALLS, {
  complianceMember: (c) => complianceMember(c.deps.db, c.merchant.id, c.input.username),
  setAccountState: (c) => setAccountState(c.deps, c.merchant, c.actor, c.ip, c.input),
  setOperatorLimit: (c) => setOperatorLimit(c.deps, c.merchant, c.actor, c.ip, c.input),
  complianceGaming: (c) => complianceGaming(c.deps.db, c.merchant.id),
  switchGaming: (c) => switchGaming(c.deps, c.merchant, c.actor, c.ip, c.input),
});
