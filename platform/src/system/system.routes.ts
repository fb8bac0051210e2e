import type { FastifyInstance } from 'fastify';
import { WPS_PATHS } from '@wl/schemas';
import { resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { clientIp } from '../http/request-context.ts';
import { getPermissionInfo, getRegisterRules, getRegisterSettings, getWhitelabel, systemStatus } from './system.service.ts';

/** System calls of SPEC §7: status, whitelabel, domain route, registration settings and rules, config version. */
export function registerSystemRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.get(WPS_PATHS.systemStatus, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    return ok(systemStatus(merchant, clientIp(request)));
  });
  app.get(WPS_PATHS.whitelabel, async (request) => ok(await getWhitelabel(deps, await resolveMerchant(deps, request))));
  app.get(WPS_PATHS.domainRoute, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    return ok(await getPermissionInfo(deps, merchant, clientIp(request)));
  });
  app.get(WPS_PATHS.registerSettings, async (request) => ok(await getRegisterSettings(deps, await resolveMerchant(deps, request))));
  app.get(WPS_PATHS.registerRules, async (request) => ok(await getRegisterRules(deps, await resolveMerchant(deps, request))));
  app.get(WPS_PATHS.configVersion, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    return ok({ version: merchant.config_version });
  });
}
