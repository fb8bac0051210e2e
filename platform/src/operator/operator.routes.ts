import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACCOUNT_PATHS,
  OPERATOR_PATHS,
  WPS_PATHS,
  ZOperatorAuditQuery,
  ZOperatorLoginRequest,
  ZOperatorSecurityRequest,
  ZOperatorSetFlagRequest,
  ZOperatorSetSystemRequest,
  ZOperatorTotpEnableRequest,
  ZOperatorTotpRemoveRequest,
  ZOperatorTotpResetRequest,
  ZOutboxQuery,
  flagPermission,
  type TOperatorPermission,
} from '@wl/schemas';
import { requireOperatorPermission } from '../access/actor.ts';
import { DEPOSIT_OPERATOR_ROUTES } from '../deposit/deposit.routes.ts';
import { requireOperator, resolveMerchant, type TMerchant, type TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { clientIp, parseInput } from '../http/request-context.ts';
import { securitySettings } from '../session/security.service.ts';
import { WITHDRAW_OPERATOR_ROUTES } from '../withdraw/withdraw.operator-routes.ts';
import { OPERATOR_GAMES_ROUTES } from './operator-games.routes.ts';
import { OPERATOR_LOTTERY_ROUTES } from './operator-lottery.routes.ts';
import {
  operatorAudit,
  operatorConfig,
  operatorLogin,
  operatorLogout,
  operatorTotpEnable,
  operatorTotpRemove,
  operatorTotpReset,
  operatorTotpSetup,
  outboxMessages,
  setFlag,
  setSecurity,
  setSystem,
} from './operator.service.ts';

/** What an operator route's handler receives. */
export type TCall = { deps: TPlatformDeps; request: FastifyRequest; merchant: TMerchant; op: TSessionOperator; ip: string };

/**
 * Every operator call behind a session, with the permission it needs (docs/0010). `null` means any
 * logged-in operator (their own session and authenticator). registerOperatorRoutes checks it
 * through requireOperatorPermission before the handler runs; the access test walks this table.
 */
export type TOperatorRoute = {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: string;
  permission: TOperatorPermission | null;
  /** When what the call changes decides the permission (a flag's modId): it replaces `permission`. */
  permissionOf?: (request: FastifyRequest) => TOperatorPermission;
  handle: (c: TCall) => Promise<unknown>;
};

/** The permission a flag's PUT needs, from its modId (docs/0066); an unreadable body keeps whitelabel.write. */
function flagPermissionOf(request: FastifyRequest): TOperatorPermission {
  const modId = (request.body as { modId?: unknown } | null | undefined)?.modId;
  return typeof modId === 'string' ? flagPermission(modId) : 'whitelabel.write';
}

export const OPERATOR_ROUTES: readonly TOperatorRoute[] = [
  { method: 'DELETE', url: WPS_PATHS.operatorLogout, permission: null, handle: async (c) => operatorLogout(c.deps, c.op, c.merchant, c.ip).then(() => null) },
  // GET on either config path answers the whole console config.
  { method: 'GET', url: WPS_PATHS.operatorSystem, permission: 'config.read', handle: (c) => operatorConfig(c.deps, c.merchant.id, c.op) },
  { method: 'GET', url: WPS_PATHS.operatorWhitelabel, permission: 'config.read', handle: (c) => operatorConfig(c.deps, c.merchant.id, c.op) },
  {
    method: 'PUT',
    url: WPS_PATHS.operatorWhitelabel,
    // Contract-kind flags need money.write, login and recovery flags security.write (docs/0066).
    permission: 'whitelabel.write',
    permissionOf: flagPermissionOf,
    handle: (c) => setFlag(c.deps, c.merchant, c.op, c.ip, parseInput(ZOperatorSetFlagRequest, c.request.body)),
  },
  {
    method: 'PUT',
    url: WPS_PATHS.operatorSystem,
    permission: 'system.write',
    handle: (c) => setSystem(c.deps, c.merchant, c.op, c.ip, parseInput(ZOperatorSetSystemRequest, c.request.body)),
  },
  {
    method: 'GET',
    url: ACCOUNT_PATHS.operatorOutbox,
    permission: 'outbox.read',
    handle: (c) => outboxMessages(c.deps, c.merchant.id, c.op, c.ip, parseInput(ZOutboxQuery, c.request.query)),
  },
  { method: 'GET', url: ACCOUNT_PATHS.operatorSecurity, permission: 'security.read', handle: (c) => securitySettings(c.deps.db, c.merchant.id) },
  {
    method: 'PUT',
    url: ACCOUNT_PATHS.operatorSecurity,
    permission: 'security.write',
    handle: (c) => setSecurity(c.deps, c.merchant, c.op, c.ip, parseInput(ZOperatorSecurityRequest, c.request.body)),
  },
  {
    method: 'GET',
    url: OPERATOR_PATHS.operatorAudit,
    permission: 'audit.read',
    handle: (c) => operatorAudit(c.deps, c.merchant.id, parseInput(ZOperatorAuditQuery, c.request.query)),
  },
  { method: 'POST', url: OPERATOR_PATHS.operatorTotpSetup, permission: null, handle: (c) => operatorTotpSetup(c.deps, c.merchant, c.op, c.ip) },
  {
    method: 'POST',
    url: OPERATOR_PATHS.operatorTotpEnable,
    permission: null,
    handle: (c) => {
      const body = parseInput(ZOperatorTotpEnableRequest, c.request.body);
      return operatorTotpEnable(c.deps, c.merchant, c.op, c.ip, body.code, body.currentCode);
    },
  },
  // docs/0068: removing needs the current code; an owner resets another operator's, audited.
  {
    method: 'POST',
    url: OPERATOR_PATHS.operatorTotpRemove,
    permission: null,
    handle: (c) => operatorTotpRemove(c.deps, c.merchant, c.op, c.ip, parseInput(ZOperatorTotpRemoveRequest, c.request.body).code),
  },
  {
    method: 'POST',
    url: OPERATOR_PATHS.operatorTotpReset,
    permission: 'operators.manage',
    handle: (c) => operatorTotpReset(c.deps, c.merchant, c.op, c.ip, parseInput(ZOperatorTotpResetRequest, c.request.body).operatorId),
  },
  // Issue 8: deposits, balance adjustments, money settings.
  ...DEPOSIT_OPERATOR_ROUTES,
  // Issue 8: each money area declares its routes in its own folder.
  ...WITHDRAW_OPERATOR_ROUTES,
  // Issue 9 item 8: category and game switches (docs/0037).
  ...OPERATOR_GAMES_ROUTES,
  ...OPERATOR_LOTTERY_ROUTES,
];

/** Operator console calls (ours): login, then every call of OPERATOR_ROUTES behind its permission. */
export function registerOperatorRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.post(WPS_PATHS.operatorLogin, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    return ok(await operatorLogin(deps, merchant, parseInput(ZOperatorLoginRequest, request.body), clientIp(request)));
  });
  for (const route of OPERATOR_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request) => {
        const merchant = await resolveMerchant(deps, request);
        const permission = route.permissionOf ? route.permissionOf(request) : route.permission;
        const op = permission ? await requireOperatorPermission(deps, request, merchant, permission) : await requireOperator(deps, request, merchant);
        return ok(await route.handle({ deps, request, merchant, op, ip: clientIp(request) }));
      },
    });
  }
}
