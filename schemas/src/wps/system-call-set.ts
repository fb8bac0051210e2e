import { SERVER, VISITOR, declareCall } from './call.ts';
import {
  ZConfigVersionResponse,
  ZConfigWatchQuery,
  ZConfigWatchResponse,
  ZBrandsResponse,
  ZDomainRouteResponse,
  ZRegisterRulesResponse,
  ZRegisterSettingsResponse,
  ZSystemStatusResponse,
  ZWhitelabelResponse,
} from './calls.ts';
import { WPS_PATHS } from './paths.ts';

/** Served in maintenance and in a restricted region: the screen config (and its status pages) is composed of these. */
const SERVE = 'serve' as const;

/**
 * The system calls of docs/rules/README.md#calls (docs/0076): what the gateway composes the screen config from, and
 * the status the maintenance and region pages show. Anyone may read them; no session is read.
 */
export const SYSTEM_CALLS = {
  /** `system.status`: 0 normal, 1 maintenance, 2 region-restricted, with the address the platform saw. */
  status: declareCall({ method: 'GET', path: WPS_PATHS.systemStatus, moduleId: 'STATUS', output: ZSystemStatusResponse, audience: VISITOR, region: SERVE }),
  whitelabel: declareCall({ method: 'GET', path: WPS_PATHS.whitelabel, moduleId: 'WHITELABEL', output: ZWhitelabelResponse, audience: VISITOR, region: SERVE }),
  permissionInfo: declareCall({
    method: 'GET',
    path: WPS_PATHS.domainRoute,
    moduleId: 'DOMAINROUTE',
    output: ZDomainRouteResponse,
    audience: VISITOR,
    region: SERVE,
  }),
  registerSettings: declareCall({
    method: 'GET',
    path: WPS_PATHS.registerSettings,
    moduleId: 'REGISTER',
    output: ZRegisterSettingsResponse,
    audience: VISITOR,
    region: SERVE,
  }),
  registerRules: declareCall({
    method: 'GET',
    path: WPS_PATHS.registerRules,
    moduleId: 'REGISTER',
    output: ZRegisterRulesResponse,
    audience: VISITOR,
    region: SERVE,
  }),
  configVersion: declareCall({
    method: 'GET',
    path: WPS_PATHS.configVersion,
    moduleId: 'CONFIG',
    output: ZConfigVersionResponse,
    audience: VISITOR,
    region: SERVE,
  }),
} as const;

/**
 * The gateway's config watch (docs/0021): a server call, proven by the gateway secret (checked by
 * the platform before the query is read), never a browser's.
 */
export const CONFIG_WATCH_CALLS = {
  configWatch: declareCall({
    method: 'GET',
    path: WPS_PATHS.configWatch,
    moduleId: 'CONFIG',
    input: ZConfigWatchQuery,
    output: ZConfigWatchResponse,
    audience: SERVER,
    region: SERVE,
  }),
  /** The brands of the deployment and their host names (docs/0131): how a gateway resolves a request's merchant. */
  brands: declareCall({ method: 'GET', path: WPS_PATHS.brands, moduleId: 'CONFIG', output: ZBrandsResponse, audience: SERVER, region: SERVE }),
} as const;
