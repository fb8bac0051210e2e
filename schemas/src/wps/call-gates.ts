import { ALL_CALLS } from './all-calls.ts';
import { gateOf, type TCallGate, type TCallKind, type TCallMethod, type TGateModule, type TRegionRule } from './call.ts';
import { WPS_CODES, WPS_MESSAGES } from './messages.ts';
import { WPS_PATHS } from './paths.ts';

export { SECTION_MODULES, type TCallGate, type TCallKind, type TCallMethod, type TGateModule, type TRegionRule } from './call.ts';

/**
 * Switches the server obeys (docs/0069): for every wps call the platform serves, the whitelabel
 * modules that must be on, whether maintenance stops it, and whether the region rule refuses it.
 * The platform enforces this table in one request hook (platform/src/http/call-gate.ts); its test
 * fails when a route is missing here. Each entry is the seed of that call's descriptor: fold the
 * fields in when calls are declared one by one.
 */

/** Each refusal: the upstream's 543 "function not available" (UPSTREAM-NOTES), with a message the web translates. */
export const GATE_REFUSALS = {
  module: { code: WPS_CODES.featureOff, message: WPS_MESSAGES.featureOff },
  maintenance: { code: WPS_CODES.featureOff, message: 'error_maintenance' },
  region: { code: WPS_CODES.featureOff, message: 'error_region_restricted' },
} as const;

type TGateOptions = { modules?: readonly TGateModule[]; kind?: TCallKind; region?: TRegionRule };
const call = (method: TCallMethod, path: string, options: TGateOptions = {}): TCallGate => ({
  method,
  path,
  modules: options.modules ?? [],
  kind: options.kind ?? null,
  region: options.region ?? 'refuse',
});
const get = (path: string, options?: TGateOptions) => call('GET', path, options);
const post = (path: string, options?: TGateOptions) => call('POST', path, options);

/**
 * Input-dependent switches stay in their services (the call alone does not say which applies):
 * launchGame by game type (GAME_<type>), SMS codes by purpose (MOBILEVERCODELOGIN3, CHNGPASSVERIF3,
 * REGMOBVERF3), SMS login (MOBILEVERCODELOGIN3), contracts by kind (DIVIDEND, DAYSAL, HOURSAL3,
 * RTSALARY3). No call exists yet for REWARD3, REFERRAL3, MISSION3, REBATE3 (their pages are not
 * built), AGENTANNOUNCE3 and AGENTRANSMULTDOWN3: their calls get their module here when they come.
 */
const UNDECLARED_GATES: readonly TCallGate[] = [
  // Launch: the audience depends on the query (a visitor's free trial, else a real member) and the
  // category switch (GAME_<type>) is the launch service's, by the game's type.
  get(WPS_PATHS.launchGame, { kind: 'game' }),
  post(WPS_PATHS.launchGame, { kind: 'game' }),
  get('/wps/game/demo/:nodeId', { kind: 'game' }),
];

/** Every call the platform serves: the declared calls' own gates, then the calls not yet declared one by one. */
export const CALL_GATES: readonly TCallGate[] = [...ALL_CALLS.map(gateOf), ...UNDECLARED_GATES];

/** The key of a call in lookups: `METHOD path`. */
export function callKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** Every module some call is gated by, each once. */
export function gatingModules(gates: readonly TCallGate[] = CALL_GATES): TGateModule[] {
  return [...new Set(gates.flatMap((g) => g.modules))];
}
