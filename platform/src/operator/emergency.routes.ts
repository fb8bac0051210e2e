import { OPERATOR_EMERGENCY_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { emergencyState } from '../kernel/emergency-stop.ts';
import { setEmergency } from './emergency.service.ts';
import { memberLookup } from './member-lookup.service.ts';

/**
 * The owner's emergency switch (emergency.write; every role reads the state with config.read) and
 * support's member lookup (member.lookup), docs/0122. The platform checks the permission before the
 * handler runs.
 */
export const emergencyRoutes = routesOf(OPERATOR_EMERGENCY_CALLS, {
  emergencyState: (c) => emergencyState(c.deps.db, c.merchant.id),
  setEmergency: (c) => setEmergency(c.deps, c.merchant, c.actor, c.ip, c.input),
  memberLookup: (c) => memberLookup(c.deps, c.merchant, c.actor, c.ip, c.input.q),
});
