import { WPS_CODES, WPS_MESSAGES, type TOutboxMessage, type TSecuritySettings } from '@wl/schemas';
import { securitySettings } from '../session/security.service.ts';
import { newToken, sessionIdleMs, sha256Hex, type TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import { verifyPassword } from '../session/password.service.ts';
import { recordAuthEvent } from '../session/session.queries.ts';
import { whitelabelTree } from '../system/system.queries.ts';
import { bumpConfigVersion, operatorByUsername } from './operator.queries.ts';

/** Operator login: a session separate from member sessions. */
export async function operatorLogin(deps: TPlatformDeps, merchant: TMerchant, req: { username: string; password: string }, ip: string) {
  const op = await operatorByUsername(deps.db, merchant.id, req.username);
  const valid = await verifyPassword(op?.password_hash ?? null, req.password);
  if (!op || !valid) {
    await recordAuthEvent(deps.db, { merchantId: merchant.id, operatorId: op?.id ?? null, username: req.username, kind: 'operator_login_failed', ip });
    throw new WpsError(WPS_CODES.badRequest, WPS_MESSAGES.invalidCredentials, null, 200);
  }
  const token = newToken();
  await deps.db
    .insertInto('operator_sessions')
    .values({ operator_id: op.id, token_hash: sha256Hex(token), expires_at: new Date(deps.clock().getTime() + sessionIdleMs(merchant)) })
    .execute();
  await recordAuthEvent(deps.db, { merchantId: merchant.id, operatorId: op.id, username: req.username, kind: 'operator_login_ok', ip });
  return { token, name: op.name };
}

/** Revokes an operator session. */
export async function operatorLogout(deps: TPlatformDeps, sessionId: number): Promise<void> {
  await deps.db.updateTable('operator_sessions').set({ revoked_at: deps.clock() }).where('id', '=', sessionId).execute();
}

/** What the operator console shows (ZOperatorConfigResponse). */
export async function operatorConfig(deps: TPlatformDeps, merchantId: number) {
  const [m, whitelabel] = await Promise.all([
    deps.db.selectFrom('merchants').select(['config_version', 'maintenance', 'region_restriction']).where('id', '=', merchantId).executeTakeFirstOrThrow(),
    whitelabelTree(deps.db, merchantId),
  ]);
  return { version: m.config_version, whitelabel, maintenance: m.maintenance, regionRestriction: m.region_restriction };
}

/** Flips one whitelabel node; a real change bumps config_version and is audited (unknown modId → 404). */
export async function setFlag(deps: TPlatformDeps, merchant: TMerchant, operatorId: number, req: { modId: string; enabled: boolean }) {
  await deps.db.transaction().execute(async (trx) => {
    const node = await trx
      .selectFrom('whitelabel_nodes')
      .select(['id', 'enabled'])
      .where('merchant_id', '=', merchant.id)
      .where('mod_id', '=', req.modId)
      .forUpdate()
      .executeTakeFirst();
    if (!node) throw wpsErrors.notFound();
    if (node.enabled === req.enabled) return;
    await trx.updateTable('whitelabel_nodes').set({ enabled: req.enabled }).where('id', '=', node.id).execute();
    await bumpConfigVersion(trx, merchant.id, operatorId, 'whitelabel.set', { modId: req.modId, enabled: req.enabled });
  });
  return operatorConfig(deps, merchant.id);
}

/** Sets maintenance and/or region restriction; a real change bumps config_version and is audited. */
export async function setSystem(
  deps: TPlatformDeps,
  merchant: TMerchant,
  operatorId: number,
  req: { maintenance?: boolean; regionRestriction?: boolean },
) {
  await deps.db.transaction().execute(async (trx) => {
    const m = await trx
      .selectFrom('merchants')
      .select(['maintenance', 'region_restriction'])
      .where('id', '=', merchant.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const next = {
      maintenance: req.maintenance ?? m.maintenance,
      region_restriction: req.regionRestriction ?? m.region_restriction,
    };
    if (next.maintenance === m.maintenance && next.region_restriction === m.region_restriction) return;
    await trx.updateTable('merchants').set(next).where('id', '=', merchant.id).execute();
    await bumpConfigVersion(trx, merchant.id, operatorId, 'system.set', { maintenance: next.maintenance, regionRestriction: next.region_restriction });
  });
  return operatorConfig(deps, merchant.id);
}

/** The newest outbox messages (what the embedded SMS and email providers delivered), newest first. */
export async function outboxMessages(
  deps: TPlatformDeps,
  merchantId: number,
  q: { channel?: 'sms' | 'email' | undefined; to?: string | undefined; limit: number },
): Promise<{ messages: TOutboxMessage[] }> {
  let query = deps.db.selectFrom('outbox').selectAll().where('merchant_id', '=', merchantId);
  if (q.channel) query = query.where('channel', '=', q.channel);
  if (q.to) query = query.where('recipient', '=', q.to);
  const rows = await query.orderBy('id', 'desc').limit(q.limit).execute();
  return {
    messages: rows.map((r) => ({
      id: Number(r.id),
      channel: r.channel,
      to: r.recipient,
      subject: r.subject,
      body: r.body,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/** Sets login security thresholds; a real change is audited (config_audit, version bumped). */
export async function setSecurity(deps: TPlatformDeps, merchant: TMerchant, operatorId: number, req: Partial<TSecuritySettings>): Promise<TSecuritySettings> {
  const current = await securitySettings(deps.db, merchant.id);
  const next = { ...current, ...Object.fromEntries(Object.entries(req).filter(([, v]) => v !== undefined)) } as TSecuritySettings;
  if (JSON.stringify(next) === JSON.stringify(current)) return current;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('merchants')
      .set({
        captcha_after_failures: next.captchaAfterFailures,
        lock_after_failures: next.lockAfterFailures,
        lock_window_minutes: next.lockWindowMinutes,
        lock_minutes: next.lockMinutes,
        idle_timeout_minutes: next.idleTimeoutMinutes,
      })
      .where('id', '=', merchant.id)
      .execute();
    await bumpConfigVersion(trx, merchant.id, operatorId, 'security.set', next);
  });
  return next;
}
