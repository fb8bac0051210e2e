import type { FastifyRequest } from 'fastify';
import { OPERATOR_CALLS, flagPermission, type TOperatorPermission } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { securitySettings } from '../session/security.service.ts';
import { operatorLogin, operatorLogout } from './operator-login.service.ts';
import { agentLimits, operatorAudit, operatorConfig, outboxMessages, setAgentLimits, setFlag, setSecurity, setSystem } from './operator.service.ts';
import { operatorTotpEnable, operatorTotpRemove, operatorTotpReset, operatorTotpSetup } from './operator-totp.service.ts';

/** The permission a flag's PUT needs, from its modId (docs/0066); an unreadable body keeps whitelabel.write. */
function flagPermissionOf(request: FastifyRequest): TOperatorPermission {
  const modId = (request.body as { modId?: unknown } | null | undefined)?.modId;
  return typeof modId === 'string' ? flagPermission(modId) : 'whitelabel.write';
}

/**
 * The operator console (docs/0010): login, then every call behind the permission its descriptor
 * declares, checked before the handler runs (docs/0076). The money, game and lottery calls are
 * served by their own folders' plugins (deposit, withdraw, operator-games.routes.ts).
 */
export const operatorRoutes = routesOf(OPERATOR_CALLS, {
  login: (c) => operatorLogin(c.deps, c.merchant, c.input, c.ip),
  logout: async (c) => operatorLogout(c.deps, c.actor, c.merchant, c.ip).then(() => null),
  // GET on either config path answers the whole console config.
  systemConfig: (c) => operatorConfig(c.deps, c.merchant.id, c.actor),
  config: (c) => operatorConfig(c.deps, c.merchant.id, c.actor),
  // Contract-kind flags need money.write, login and recovery flags security.write (docs/0066).
  setFlag: { permissionOf: flagPermissionOf, handle: (c) => setFlag(c.deps, c.merchant, c.actor, c.ip, c.input) },
  setSystem: (c) => setSystem(c.deps, c.merchant, c.actor, c.ip, c.input),
  outbox: (c) => outboxMessages(c.deps, c.merchant.id, c.actor, c.ip, c.input),
  security: (c) => securitySettings(c.deps.db, c.merchant.id),
  setSecurity: (c) => setSecurity(c.deps, c.merchant, c.actor, c.ip, c.input),
  agentLimits: (c) => agentLimits(c.deps.db, c.merchant.id),
  setAgentLimits: (c) => setAgentLimits(c.deps, c.merchant, c.actor, c.ip, c.input),
  audit: (c) => operatorAudit(c.deps, c.merchant.id, c.input),
  totpSetup: (c) => operatorTotpSetup(c.deps, c.merchant, c.actor, c.ip),
  totpEnable: (c) => operatorTotpEnable(c.deps, c.merchant, c.actor, c.ip, c.input.code, c.input.currentCode),
  // docs/0068: removing needs the current code; an owner resets another operator's, audited.
  totpRemove: (c) => operatorTotpRemove(c.deps, c.merchant, c.actor, c.ip, c.input.code),
  totpReset: (c) => operatorTotpReset(c.deps, c.merchant, c.actor, c.ip, c.input.operatorId),
});
