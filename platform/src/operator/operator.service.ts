import * as OTPAuth from 'otpauth';
import type { Kysely, Updateable } from 'kysely';
import {
  OPERATOR_MESSAGES,
  WPS_CODES,
  WPS_MESSAGES,
  type TOperatorAuditQuery,
  type TOperatorIdentity,
  type TAgentLimits,
  type TOperatorAuditAction,
  type TOutboxMessage,
  type TSecuritySettings,
} from '@wl/schemas';
import { permissionsOf } from '../access/permissions.ts';
import type { DB } from '../db/schema.ts';
import { reserveCountedAttempt, securitySettings } from '../session/security.service.ts';
import { newToken, sessionIdleMs, sha256Hex, type TMerchant, type TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import { consumeCaptcha } from '../verification/captcha.service.ts';
import { verifyPassword } from '../session/password.service.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { memberTotp, totpCounter } from '../session/session.service.ts';
import { whitelabelTree } from '../system/system.queries.ts';
import { addOperatorFailure, auditPage, operatorByUsername, releaseOperatorAttempt } from './operator.queries.ts';
import { auditedConfigChange, recordOperatorAudit } from '../audit/operator-audit.ts';

/** Login refusals answer HTTP 200 with success:false, like members' (the value says whether a captcha is needed). */
function loginFailure(code: number, message: string, value: unknown): WpsError {
  return new WpsError(code, message, value, 200);
}

const retryAfter = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** The console's view of an operator: role, permissions, whether an authenticator guards the login. */
export async function operatorIdentity(deps: TPlatformDeps, operatorId: number): Promise<TOperatorIdentity> {
  const op = await deps.db
    .selectFrom('operators')
    .select(['id', 'username', 'name', 'role', 'totp_secret'])
    .where('id', '=', operatorId)
    .executeTakeFirstOrThrow();
  return { id: op.id, username: op.username, name: op.name, role: op.role, permissions: permissionsOf(op.role), totpEnabled: op.totp_secret !== null };
}

/**
 * Operator login (docs/0010), shaped like members': the same answer for unknown and known usernames;
 * a captcha after `captchaAfterFailures` failures; locked for `lockMinutes` once `lockAfterFailures`
 * failures fall within `lockWindowMinutes` (the merchant's security settings). The failure count is
 * raised atomically (addOperatorFailure). With an authenticator on, the code is needed too, and a
 * wrong code counts like a wrong password. Every attempt lands in auth_events.
 */
export async function operatorLogin(
  deps: TPlatformDeps,
  merchant: TMerchant,
  req: { username: string; password: string; captchaId?: string | undefined; captcha?: string | undefined; totpCode?: string | undefined },
  ip: string,
) {
  const db = deps.db;
  const now = deps.clock();
  const username = req.username.trim();
  const key = username.toLowerCase();
  const settings = await securitySettings(db, merchant.id);
  const since = new Date(now.getTime() - settings.lockWindowMinutes * 60_000);
  const event = (kind: string, operatorId: number | null = null) => recordAuthEvent(db, { merchantId: merchant.id, operatorId, username, kind, ip });

  const throttle = await db
    .selectFrom('operator_login_throttle')
    .select(['failures', 'window_started_at', 'locked_until'])
    .where('merchant_id', '=', merchant.id)
    .where('username_key', '=', key)
    .executeTakeFirst();
  const lockedUntil = throttle?.locked_until ? new Date(throttle.locked_until) : null;
  if (lockedUntil && lockedUntil > now) {
    await event('operator_login_locked');
    throw loginFailure(WPS_CODES.locked, WPS_MESSAGES.locked, { retryAfterSeconds: retryAfter(lockedUntil, now) });
  }
  const failures = throttle && !lockedUntil && new Date(throttle.window_started_at) > since ? throttle.failures : 0;
  if (failures >= settings.captchaAfterFailures) {
    if (!req.captcha || !req.captchaId) {
      await event('operator_login_captcha_missing');
      throw loginFailure(WPS_CODES.captchaRequired, WPS_MESSAGES.captchaRequired, { captcha: true });
    }
    if (!(await consumeCaptcha(deps, merchant, req.captchaId, req.captcha))) {
      await event('operator_login_captcha_wrong');
      throw loginFailure(WPS_CODES.captchaRequired, WPS_MESSAGES.captchaWrong, { captcha: true });
    }
  }

  // The attempt is counted BEFORE anything is judged (like members' reserveLoginAttempt), so of a
  // parallel burst at most lockAfterFailures passwords or codes are checked; the rest see the lock.
  const lockUntil = new Date(now.getTime() + settings.lockMinutes * 60_000);
  const counted = await addOperatorFailure(db, { merchantId: merchant.id, key, now, since, lockAfter: settings.lockAfterFailures, lockedUntil: lockUntil });
  const op = await operatorByUsername(db, merchant.id, username);
  const locked = async (until: Date): Promise<never> => {
    await event('operator_login_locked', op?.id ?? null);
    throw loginFailure(WPS_CODES.locked, WPS_MESSAGES.locked, { retryAfterSeconds: retryAfter(until, now) });
  };
  // Counted past the threshold: another attempt already set the lock, so this one is not judged.
  if (counted.failures > settings.lockAfterFailures && counted.lockedUntil) return locked(counted.lockedUntil);
  const fail = async (kind: string, message: string): Promise<never> => {
    await event(kind, op?.id ?? null);
    if (counted.lockedUntil && counted.lockedUntil > now) return locked(counted.lockedUntil);
    throw loginFailure(WPS_CODES.badRequest, message, { captcha: counted.failures >= settings.captchaAfterFailures });
  };
  if (!op || !(await verifyPassword(op?.password_hash ?? null, req.password))) return fail('operator_login_failed', WPS_MESSAGES.invalidCredentials);

  if (op.totp_secret) {
    if (!req.totpCode) {
      // The password was right: asking for the code is no failure (the reserved attempt is given
      // back), and the answer only goes to whoever knew it.
      await releaseOperatorAttempt(db, merchant.id, key, settings.lockAfterFailures);
      await event('operator_login_totp_required', op.id);
      throw loginFailure(WPS_CODES.badRequest, OPERATOR_MESSAGES.totpRequired, { captcha: false });
    }
    const step = totpCounter(op.totp_secret, req.totpCode, now);
    // The step moves forward in the same statement that checks it: a code works once.
    const used =
      step === null
        ? undefined
        : await db
            .updateTable('operators')
            .set({ totp_last_counter: step })
            .where('id', '=', op.id)
            .where((eb) => eb.or([eb('totp_last_counter', 'is', null), eb('totp_last_counter', '<', step)]))
            .returning('id')
            .executeTakeFirst();
    if (!used) return fail('operator_login_totp_wrong', OPERATOR_MESSAGES.totpWrong);
  }

  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('operator_login_throttle').where('merchant_id', '=', merchant.id).where('username_key', '=', key).execute();
    await trx
      .insertInto('operator_sessions')
      .values({ operator_id: op.id, token_hash: sha256Hex(token), expires_at: new Date(now.getTime() + sessionIdleMs(merchant)), started_at: now })
      .execute();
  });
  await event('operator_login_ok', op.id);
  return { token, name: op.name, operator: await operatorIdentity(deps, op.id) };
}

/** Revokes an operator session. */
export async function operatorLogout(deps: TPlatformDeps, op: TSessionOperator, merchant: TMerchant, ip: string): Promise<void> {
  await deps.db.updateTable('operator_sessions').set({ revoked_at: deps.clock() }).where('id', '=', op.sessionId).execute();
  await recordAuthEvent(deps.db, { merchantId: merchant.id, operatorId: op.operatorId, username: op.username, kind: 'operator_logout', ip });
}

/** What the operator console shows (ZOperatorConfigResponse), with the caller's role and permissions. */
export async function operatorConfig(deps: TPlatformDeps, merchantId: number, op: TSessionOperator) {
  const [m, whitelabel, operator] = await Promise.all([
    deps.db.selectFrom('merchants').select(['config_version', 'maintenance', 'region_restriction']).where('id', '=', merchantId).executeTakeFirstOrThrow(),
    whitelabelTree(deps.db, merchantId),
    operatorIdentity(deps, op.operatorId),
  ]);
  return { version: m.config_version, whitelabel, maintenance: m.maintenance, regionRestriction: m.region_restriction, operator };
}

/** Flips one whitelabel node; a real change bumps config_version and is audited (unknown modId → 404). */
export async function setFlag(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, req: { modId: string; enabled: boolean }) {
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
    await auditedConfigChange(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'whitelabel.set',
      before: { modId: req.modId, enabled: node.enabled },
      after: { modId: req.modId, enabled: req.enabled },
    });
  });
  return operatorConfig(deps, merchant.id, op);
}

/** Sets maintenance and/or region restriction; a real change bumps config_version and is audited. */
export async function setSystem(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: { maintenance?: boolean | undefined; regionRestriction?: boolean | undefined },
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
    await auditedConfigChange(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'system.set',
      before: { maintenance: m.maintenance, regionRestriction: m.region_restriction },
      after: { maintenance: next.maintenance, regionRestriction: next.region_restriction },
    });
  });
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

/** A group of the merchant's settings an operator changes as one: how it is read, the columns that hold it, its audit. */
type TMerchantSettings<T> = {
  action: TOperatorAuditAction;
  /** Open pages and gateways must hear of a change (config_version, docs/0021). */
  bumpsConfig: boolean;
  read: (db: Kysely<DB>, merchantId: number) => Promise<T>;
  columns: (next: T) => Updateable<DB['merchants']>;
};

/**
 * One audited change of a group of the merchant's settings (docs/0010): the merchant row is locked
 * first, so two concurrent changes audit the right "before"; a change that changes nothing writes
 * and audits nothing.
 */
function changeMerchantSettings<T extends object>(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  settings: TMerchantSettings<T>,
  req: Partial<T>,
): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('merchants').select('id').where('id', '=', merchant.id).forUpdate().executeTakeFirstOrThrow();
    const current = await settings.read(trx, merchant.id);
    const next = { ...current, ...Object.fromEntries(Object.entries(req).filter(([, v]) => v !== undefined)) } as T;
    if (JSON.stringify(next) === JSON.stringify(current)) return current;
    await trx.updateTable('merchants').set(settings.columns(next)).where('id', '=', merchant.id).execute();
    const record = { merchantId: merchant.id, actor: op, ip, action: settings.action, before: current, after: next };
    if (settings.bumpsConfig) await auditedConfigChange(trx, record);
    else await recordOperatorAudit(trx, { ...record, configVersion: null });
    return next;
  });
}

/** The agent downline limits the registrations obey (docs/0064, kernel/agent-downline-limits.ts). */
export async function agentLimits(db: Kysely<DB>, merchantId: number): Promise<TAgentLimits> {
  const m = await db.selectFrom('merchants').select(['agent_max_depth', 'agent_max_direct_agents']).where('id', '=', merchantId).executeTakeFirstOrThrow();
  return { maxDepth: m.agent_max_depth, maxDirectAgents: m.agent_max_direct_agents };
}

const LOGIN_SECURITY: TMerchantSettings<TSecuritySettings> = {
  action: 'security.set',
  bumpsConfig: true,
  read: securitySettings,
  columns: (next) => ({
    captcha_after_failures: next.captchaAfterFailures,
    lock_after_failures: next.lockAfterFailures,
    lock_window_minutes: next.lockWindowMinutes,
    lock_minutes: next.lockMinutes,
    idle_timeout_minutes: next.idleTimeoutMinutes,
    session_lifetime_hours: next.sessionLifetimeHours,
  }),
};

/** Nothing cached reads the agent limits (the next agent-type registration does), so the config version stays. */
const AGENT_LIMITS: TMerchantSettings<TAgentLimits> = {
  action: 'agent.limits.set',
  bumpsConfig: false,
  read: agentLimits,
  columns: (next) => ({ agent_max_depth: next.maxDepth, agent_max_direct_agents: next.maxDirectAgents }),
};

/** Sets login security thresholds; a real change bumps config_version and is audited with before and after. */
export const setSecurity = (deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, req: Partial<TSecuritySettings>) =>
  changeMerchantSettings(deps, merchant, op, ip, LOGIN_SECURITY, req);

/** Sets the agent downline limits (the owner's, security.write, docs/0066), audited `agent.limits.set` with before and after. */
export const setAgentLimits = (deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, req: TAgentLimits) =>
  changeMerchantSettings(deps, merchant, op, ip, AGENT_LIMITS, req);

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

/** A new pending authenticator secret for the calling operator (shown once; confirmed by a code). */
export async function operatorTotpSetup(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string) {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('operators')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('id', '=', op.operatorId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx.updateTable('operators').set({ totp_pending_secret: secret }).where('id', '=', op.operatorId).execute();
    // Secrets never enter the log: only whether one is pending or on.
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'operator.totp.setup',
      before: { totpEnabled: row.totp_secret !== null, pending: row.totp_pending_secret !== null },
      after: { totpEnabled: row.totp_secret !== null, pending: true },
      configVersion: null,
    });
  });
  return { secret, otpauthUrl: memberTotp(secret, op.username, `${merchant.name} console`).toString() };
}

/**
 * Judges a code of the operator's current authenticator (docs/0068): counted before it is judged under
 * its own key in the login throttle (parallel guesses stay within the merchant's lock threshold, then
 * locked for lockMinutes), a code used once does not work again. Throws the refusal.
 */
async function checkCurrentOperatorCode(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, code: string | undefined): Promise<void> {
  const now = deps.clock();
  const row = await deps.db.selectFrom('operators').select(['totp_secret']).where('id', '=', op.operatorId).executeTakeFirstOrThrow();
  if (!row.totp_secret) return;
  if (!code) throw new WpsError(WPS_CODES.badRequest, OPERATOR_MESSAGES.totpRequired);
  const key = `operator-totp:${op.operatorId}`;
  const reservation = await reserveCountedAttempt(deps.db, merchant.id, key, now);
  if (reservation.kind === 'locked') throw new WpsError(WPS_CODES.locked, WPS_MESSAGES.locked, { retryAfterSeconds: reservation.retryAfterSeconds });
  const { settings } = reservation;
  const step = totpCounter(row.totp_secret, code, now);
  const fresh =
    step !== null &&
    (await deps.db
      .updateTable('operators')
      .set({ totp_last_counter: step })
      .where('id', '=', op.operatorId)
      .where('totp_secret', '=', row.totp_secret)
      .where((eb) => eb.or([eb('totp_last_counter', 'is', null), eb('totp_last_counter', '<', step)]))
      .returning('id')
      .executeTakeFirst()) !== undefined;
  if (!fresh) {
    await recordAuthEvent(deps.db, { merchantId: merchant.id, operatorId: op.operatorId, username: op.username, kind: 'operator_totp_current_wrong', ip });
    if (reservation.failures >= settings.lockAfterFailures)
      throw new WpsError(WPS_CODES.locked, WPS_MESSAGES.locked, { retryAfterSeconds: settings.lockMinutes * 60 });
    throw new WpsError(WPS_CODES.badRequest, OPERATOR_MESSAGES.totpWrong);
  }
  await deps.db.deleteFrom('login_throttle').where('merchant_id', '=', merchant.id).where('username_key', '=', key).execute();
}

/**
 * Turns the authenticator on when the code matches the pending secret; a wrong code changes nothing.
 * Replacing one that is on needs a code of the current one (docs/0068): a stolen console session
 * cannot move the second factor to the thief's phone.
 */
export async function operatorTotpEnable(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  code: string,
  currentCode?: string,
): Promise<{ ok: true }> {
  await checkCurrentOperatorCode(deps, merchant, op, ip, currentCode);
  const done = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('operators')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('id', '=', op.operatorId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const step = row.totp_pending_secret ? totpCounter(row.totp_pending_secret, code, deps.clock()) : null;
    if (step === null) return false;
    await trx
      .updateTable('operators')
      .set({ totp_secret: row.totp_pending_secret, totp_pending_secret: null, totp_last_counter: step })
      .where('id', '=', op.operatorId)
      .execute();
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'operator.totp.enable',
      before: { totpEnabled: row.totp_secret !== null, pending: true },
      after: { totpEnabled: true, pending: false },
      configVersion: null,
    });
    return true;
  });
  await recordAuthEvent(deps.db, {
    merchantId: merchant.id,
    operatorId: op.operatorId,
    username: op.username,
    kind: done ? 'operator_totp_enabled' : 'operator_totp_enable_failed',
    ip,
  });
  if (!done) throw new WpsError(WPS_CODES.badRequest, OPERATOR_MESSAGES.totpWrong);
  return { ok: true };
}

/** Turns the calling operator's authenticator off with a code of it (docs/0068); audited. */
export async function operatorTotpRemove(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, code: string): Promise<{ ok: true }> {
  const on = await deps.db.selectFrom('operators').select('totp_secret').where('id', '=', op.operatorId).executeTakeFirstOrThrow();
  if (!on.totp_secret) throw new WpsError(WPS_CODES.badRequest, OPERATOR_MESSAGES.totpWrong);
  await checkCurrentOperatorCode(deps, merchant, op, ip, code);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('operators').set({ totp_secret: null, totp_pending_secret: null, totp_last_counter: null }).where('id', '=', op.operatorId).execute();
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'operator.totp.remove',
      before: { totpEnabled: true },
      after: { totpEnabled: false, pending: false },
      configVersion: null,
    });
  });
  await recordAuthEvent(deps.db, { merchantId: merchant.id, operatorId: op.operatorId, username: op.username, kind: 'operator_totp_removed', ip });
  return { ok: true };
}

/**
 * An owner turns another operator's authenticator off (a lost phone; operators.manage), audited with
 * whose it was (docs/0068). Never the owner's own: that is remove, with its code. The operator's
 * console sessions end, so the next sign-in is a fresh one.
 */
export async function operatorTotpReset(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, operatorId: number): Promise<{ ok: true }> {
  if (operatorId === op.operatorId) throw wpsErrors.forbidden();
  await deps.db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('operators')
      .select(['id', 'username', 'totp_secret', 'totp_pending_secret'])
      .where('id', '=', operatorId)
      .where('merchant_id', '=', merchant.id)
      .forUpdate()
      .executeTakeFirst();
    if (!target) throw wpsErrors.notFound();
    await trx.updateTable('operators').set({ totp_secret: null, totp_pending_secret: null, totp_last_counter: null }).where('id', '=', target.id).execute();
    await trx.updateTable('operator_sessions').set({ revoked_at: deps.clock() }).where('operator_id', '=', target.id).where('revoked_at', 'is', null).execute();
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'operator.totp.reset',
      before: { operatorId: target.id, username: target.username, totpEnabled: target.totp_secret !== null, pending: target.totp_pending_secret !== null },
      after: { operatorId: target.id, username: target.username, totpEnabled: false, pending: false },
      configVersion: null,
    });
  });
  return { ok: true };
}
