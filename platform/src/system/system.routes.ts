import { SYSTEM_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { getPermissionInfo, getRegisterRules, getRegisterSettings, getWhitelabel, systemStatus } from './system.service.ts';

/** System calls of docs/rules/README.md#calls (docs/0076): status, whitelabel, domain route, registration settings and rules, config version. */
export const systemRoutes = routesOf(SYSTEM_CALLS, {
  status: (c) => systemStatus(c.merchant, c.ip),
  whitelabel: (c) => getWhitelabel(c.deps, c.merchant),
  permissionInfo: (c) => getPermissionInfo(c.deps, c.merchant, c.ip),
  registerSettings: (c) => getRegisterSettings(c.deps, c.merchant),
  registerRules: (c) => getRegisterRules(c.deps, c.merchant),
  configVersion: (c) => ({ version: c.merchant.config_version }),
});
