import { ALL_CALLS } from './all-calls.ts';
import { gateOf, type TCallGate, type TGateModule } from './call.ts';
import { WPS_CODES, WPS_MESSAGES } from './messages.ts';

export { SECTION_MODULES, type TCallGate, type TCallKind, type TCallMethod, type TGateModule, type TRegionRule } from './call.ts';

/**
 * Switches the server obeys (docs/0069): for every wps call the platform serves, the whitelabel
 * modules that must be on, whether maintenance stops it, and whether the region rule refuses it.
 * The platform enforces this table in one request hook (platform/src/http/call-gate.ts); its test
 * fails when a route is missing here. Each entry comes from the call's descriptor (docs/0076).
 */

/** Each refusal: the upstream's 543 "function not available" (UPSTREAM-NOTES), with a message the web translates. */
export const GATE_REFUSALS = {
  module: { code: WPS_CODES.featureOff, message: WPS_MESSAGES.featureOff },
  maintenance: { code: WPS_CODES.featureOff, message: 'error_maintenance' },
  region: { code: WPS_CODES.featureOff, message: 'error_region_restricted' },
} as const;

/**
 * Every call the platform serves: each declared call's own gate. Input-dependent switches stay in
 * their services (the call alone does not say which applies): launchGame by game type
 * (GAME_<type>), SMS codes by purpose (MOBILEVERCODELOGIN3, CHNGPASSVERIF3, REGMOBVERF3), SMS login
 * (MOBILEVERCODELOGIN3), contracts by kind (DIVIDEND, DAYSAL, HOURSAL3, RTSALARY3). No call exists
 * yet for REFERRAL3 (its page is not built) and AGENTRANSMULTDOWN3: their calls get
 * their module when they come. AGENTANNOUNCE3 gates the agent centre's announcements (docs/0112).
 */
export const CALL_GATES: readonly TCallGate[] = ALL_CALLS.map(gateOf);

/** The key of a call in lookups: `METHOD path`. */
export function callKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** Every module some call is gated by, each once. */
export function gatingModules(gates: readonly TCallGate[] = CALL_GATES): TGateModule[] {
  return [...new Set(gates.flatMap((g) => g.modules))];
}
