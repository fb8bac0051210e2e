import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_PATHS,
  WPS_PATHS,
  ZOperatorLoginRequest,
  ZOperatorSecurityRequest,
  ZOperatorSetFlagRequest,
  ZOperatorSetSystemRequest,
  ZOutboxQuery,
} from '@wl/schemas';
import { requireOperator, resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { clientIp, parseInput } from '../http/request-context.ts';
import { operatorConfig, operatorLogin, operatorLogout, outboxMessages, setFlag, setSecurity, setSystem } from './operator.service.ts';
import { securitySettings } from '../session/security.service.ts';

/** Operator console calls (ours): login/logout, read config, flip a flag, set system switches. */
export function registerOperatorRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.post(WPS_PATHS.operatorLogin, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    return ok(await operatorLogin(deps, merchant, parseInput(ZOperatorLoginRequest, request.body), clientIp(request)));
  });
  app.delete(WPS_PATHS.operatorLogout, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const op = await requireOperator(deps, request, merchant);
    await operatorLogout(deps, op.sessionId);
    return ok(null);
  });
  // GET on either operator path answers the whole console config.
  for (const path of [WPS_PATHS.operatorSystem, WPS_PATHS.operatorWhitelabel]) {
    app.get(path, async (request) => {
      const merchant = await resolveMerchant(deps, request);
      await requireOperator(deps, request, merchant);
      return ok(await operatorConfig(deps, merchant.id));
    });
  }
  app.put(WPS_PATHS.operatorWhitelabel, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const op = await requireOperator(deps, request, merchant);
    return ok(await setFlag(deps, merchant, op.operatorId, parseInput(ZOperatorSetFlagRequest, request.body)));
  });
  app.put(WPS_PATHS.operatorSystem, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const op = await requireOperator(deps, request, merchant);
    return ok(await setSystem(deps, merchant, op.operatorId, parseInput(ZOperatorSetSystemRequest, request.body)));
  });
  app.get(ACCOUNT_PATHS.operatorOutbox, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    await requireOperator(deps, request, merchant);
    return ok(await outboxMessages(deps, merchant.id, parseInput(ZOutboxQuery, request.query)));
  });
  app.get(ACCOUNT_PATHS.operatorSecurity, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    await requireOperator(deps, request, merchant);
    return ok(await securitySettings(deps.db, merchant.id));
  });
  app.put(ACCOUNT_PATHS.operatorSecurity, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const op = await requireOperator(deps, request, merchant);
    return ok(await setSecurity(deps, merchant, op.operatorId, parseInput(ZOperatorSecurityRequest, request.body)));
  });
}
