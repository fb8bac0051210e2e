import { OPERATOR_MESSAGES, WPS_CODES, WPS_MESSAGES } from '@wl/schemas';
import { securitySettings } from '../session/security.service.ts';
import { newToken, sessionIdleMs, sha256Hex, type TMerchant, type TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { consumeCaptcha } from '../verification/captcha.service.ts';
import { verifyPassword } from '../session/password.service.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { totpCounter } from '../session/session.service.ts';
import { addOperatorFailure, operatorByUsername, releaseOperatorAttempt, takeOperatorTotpStep } from './operator.queries.ts';
import { operatorIdentity } from './operator.service.ts';

/** Login refusals answer HTTP 200 with success:false, like members' (the value says whether a captcha is needed). */
function loginFailure(code: number, message: string, value: unknown): WpsError {
  return new WpsError(code, message, value, 200);
}

const retryAfter = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

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
    // A code works once (the step moves forward in the statement that checks it).
    if (!(await takeOperatorTotpStep(db, op.id, totpCounter(op.totp_secret, req.totpCode, now))))
      return fail('operator_login_totp_wrong', OPERATOR_MESSAGES.totpWrong);
  }

  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('operator_login_throttle').where('merchant_id', '=', merchant.id).where('username_key', '=', key).execute();
    await trx
      .insertInto('operator_sessions')
      .values({
        operator_id: op.id,
        merchant_id: merchant.id,
        token_hash: sha256Hex(token),
        expires_at: new Date(now.getTime() + sessionIdleMs(merchant)),
        started_at: now,
      })
      .execute();
  });
  await event('operator_login_ok', op.id);
  return { token, name: op.name, operator: await operatorIdentity(deps, op.id, merchant.id) };
}

/** Revokes an operator session. */
export async function operatorLogout(deps: TPlatformDeps, op: TSessionOperator, merchant: TMerchant, ip: string): Promise<void> {
  await deps.db.updateTable('operator_sessions').set({ revoked_at: deps.clock() }).where('id', '=', op.sessionId).execute();
  await recordAuthEvent(deps.db, { merchantId: merchant.id, operatorId: op.operatorId, username: op.username, kind: 'operator_logout', ip });
}
