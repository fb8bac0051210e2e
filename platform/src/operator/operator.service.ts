import {
  type TAgentLimits,
  type TAwaitingApproval,
  type TOperatorAuditAction,
  type TOperatorAuditQuery,
  type TOperatorIdentity,
  type TOutboxMessage,
  type TSecuritySettings,
} from '@wl/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { permissionsOf } from '../access/permissions.ts';
import { securitySettings } from '../session/security.service.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { whitelabelTree } from '../system/system.queries.ts';
import { auditPage } from './operator.queries.ts';
import { auditedConfigChange, recordOperatorAudit } from '../audit/operator-audit.ts';
import { FLAG_PREFIX, isSensitiveField, withDirectVersion } from './config-versions.ts';
import { draftSensitiveChange } from './config-changes.service.ts';

/** The console's view of an operator at a brand: its role there, permissions, whether an authenticator guards the login. */
export async function operatorIdentity(deps: TPlatformDeps, operatorId: number, merchantId: number): Promise<TOperatorIdentity> {
  const op = await deps.db
    .selectFrom('operators as o')
    .innerJoin('operator_brands as b', 'b.operator_id', 'o.id')
    .select(['o.id', 'o.username', 'o.name', 'b.role', 'o.totp_secret'])
    .where('o.id', '=', operatorId)
    .where('b.merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return { id: op.id, username: op.username, name: op.name, role: op.role, permissions: permissionsOf(op.role), totpEnabled: op.totp_secret !== null };
}

/** What the operator console shows (ZOperatorConfigResponse), with the caller's role and permissions. */
export async function operatorConfig(deps: TPlatformDeps, merchantId: number, op: TSessionOperator) {
  const [m, whitelabel, operator] = await Promise.all([
    deps.db.selectFrom('merchants').select(['config_version', 'maintenance', 'region_restriction']).where('id', '=', merchantId).executeTakeFirstOrThrow(),
    whitelabelTree(deps.db, merchantId),
    operatorIdentity(deps, op.operatorId, merchantId),
  ]);
  return { version: m.config_version, whitelabel, maintenance: m.maintenance, regionRestriction: m.region_restriction, operator };
}

/**
 * Switches one whitelabel node of the merchant by modId in its own transaction: a real change bumps
 * config_version, is audited with `subject` and the switch before and after, and is a version
 * (docs/0123); a no-op writes nothing; an unknown modId is 404. A flag and a game category are both such a node.
 */
export async function switchWhitelabelNode(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  change: { modId: string; enabled: boolean; action: TOperatorAuditAction; subject: Record<string, unknown> },
): Promise<void> {
  await deps.db.transaction().execute((trx) =>
    withDirectVersion(trx, merchant.id, op.operatorId, change.action, async () => {
      const node = await trx
        .selectFrom('whitelabel_nodes')
        .select(['id', 'enabled'])
        .where('merchant_id', '=', merchant.id)
        .where('mod_id', '=', change.modId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!node) throw wpsErrors.notFound();
      if (node.enabled === change.enabled) return;
      await trx.updateTable('whitelabel_nodes').set({ enabled: change.enabled }).where('id', '=', node.id).execute();
      await auditedConfigChange(trx, {
        merchantId: merchant.id,
        actor: op,
        ip,
        action: change.action,
        before: { ...change.subject, enabled: node.enabled },
        after: { ...change.subject, enabled: change.enabled },
      });
    }),
  );
}

/**
 * Flips one whitelabel node; a real change bumps config_version and is audited (unknown modId → 404).
 * A flag that pays or weakens logins is sensitive: its change waits in a draft of the caller's for a
 * second operator's approval and is not live (rule O-27, docs/0127); the answer names the draft.
 */
export async function setFlag(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, req: { modId: string; enabled: boolean }) {
  const field = FLAG_PREFIX + req.modId;
  if (isSensitiveField(field)) {
    const awaitingApproval = await draftSensitiveChange(deps, merchant, op, ip, 'whitelabel.set', { [field]: req.enabled });
    return { ...(await operatorConfig(deps, merchant.id, op)), awaitingApproval };
  }
  await switchWhitelabelNode(deps, merchant, op, ip, { modId: req.modId, enabled: req.enabled, action: 'whitelabel.set', subject: { modId: req.modId } });
  return { ...(await operatorConfig(deps, merchant.id, op)), awaitingApproval: null };
}

/** Sets maintenance and/or region restriction; a real change bumps config_version and is audited. */
export async function setSystem(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: { maintenance?: boolean | undefined; regionRestriction?: boolean | undefined },
) {
  await deps.db.transaction().execute((trx) =>
    withDirectVersion(trx, merchant.id, op.operatorId, 'system.set', async () => {
      const m = await trx
        .selectFrom('merchants')
        .select(['maintenance', 'region_restriction'])
        .where('id', '=', merchant.id)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
      const next = {
        maintenance: req.maintenance ?? m.maintenance,
        region_restriction: req.regionRestriction ?? m.region_restriction,
      };
      if (next.maintenance === m.maintenance && next.region_restriction === m.region_restriction) return;
      await trx.updateTable('merchants').set(next).where('id', '=', merchant.id).execute();
      await auditedConfigChange(trx, {
        merchantId: merchant.id,
        actor: op,
        ip,
        action: 'system.set',
        before: { maintenance: m.maintenance, regionRestriction: m.region_restriction },
        after: { maintenance: next.maintenance, regionRestriction: next.region_restriction },
      });
    }),
  );
  return operatorConfig(deps, merchant.id, op);
}

/**
 * The newest outbox messages, newest first: recipient, purpose, time, provider and delivery status;
 * never a code or a link (the outbox keeps no text, docs/0067). Every read is audited (who, when,
 * from where, what was asked and how many rows it saw), in the read's own transaction.
 */
export async function outboxMessages(
  deps: TPlatformDeps,
  merchantId: number,
  op: TSessionOperator,
  ip: string,
  q: { channel?: 'sms' | 'email' | undefined; to?: string | undefined; limit: number },
): Promise<{ messages: TOutboxMessage[] }> {
  return deps.db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('outbox')
      .select(['id', 'channel', 'recipient', 'subject', 'purpose', 'provider', 'status', 'created_at'])
      .where('merchant_id', '=', merchantId);
    if (q.channel) query = query.where('channel', '=', q.channel);
    if (q.to) query = query.where('recipient', '=', q.to);
    const rows = await query.orderBy('id', 'desc').limit(q.limit).execute();
    await recordOperatorAudit(trx, {
      merchantId,
      actor: op,
      ip,
      action: 'outbox.read',
      before: null,
      after: { channel: q.channel ?? null, to: q.to ?? null, limit: q.limit, rows: rows.length },
      configVersion: null,
    });
    return {
      messages: rows.map((r) => ({
        id: Number(r.id),
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        purpose: r.purpose,
        provider: r.provider,
        status: r.status,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  });
}

/** The agent downline limits the registrations obey (docs/0064, kernel/agent-downline-limits.ts). */
export async function agentLimits(db: Kysely<DB>, merchantId: number): Promise<TAgentLimits> {
  const m = await db.selectFrom('merchants').select(['agent_max_depth', 'agent_max_direct_agents']).where('id', '=', merchantId).executeTakeFirstOrThrow();
  return { maxDepth: m.agent_max_depth, maxDirectAgents: m.agent_max_direct_agents };
}

/**
 * A change of a group of sensitive settings (the login thresholds `security.*`, the agent limits
 * `agent.*`): every one is sensitive, so nothing is written; the values that differ wait in a draft
 * of the caller's for a second operator's approval (rule O-27, docs/0127). The answer is the values
 * in force and the draft (null: nothing differed).
 */
async function draftSettings<T extends object>(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  group: { prefix: 'security' | 'agent'; action: TOperatorAuditAction; read: (db: Kysely<DB>, merchantId: number) => Promise<T> },
  req: Partial<T>,
): Promise<T & { awaitingApproval: TAwaitingApproval }> {
  const changes = Object.fromEntries(Object.entries(req).flatMap(([key, v]) => (v === undefined ? [] : [[`${group.prefix}.${key}`, v as number]])));
  const awaitingApproval = await draftSensitiveChange(deps, merchant, op, ip, group.action, changes);
  return { ...(await group.read(deps.db, merchant.id)), awaitingApproval };
}

/** The login security thresholds: a change waits for a second operator (docs/0127); published, it bumps config_version and is audited. */
export const setSecurity = (deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, req: Partial<TSecuritySettings>) =>
  draftSettings(deps, merchant, op, ip, { prefix: 'security', action: 'security.set', read: securitySettings }, req);

/** The agent downline limits (the owner's, security.write, docs/0066): a change waits for a second operator (docs/0127). */
export const setAgentLimits = (deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, req: TAgentLimits) =>
  draftSettings(deps, merchant, op, ip, { prefix: 'agent', action: 'agent.limits.set', read: agentLimits }, req);

/** The audit log page the console shows (audit.read). */
export async function operatorAudit(deps: TPlatformDeps, merchantId: number, q: TOperatorAuditQuery) {
  const { rows, total } = await auditPage(deps.db, merchantId, q);
  return {
    entries: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.created_at).toISOString(),
      operatorId: r.operator_id,
      operatorUsername: r.operator_username,
      ip: r.ip,
      action: r.action,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
