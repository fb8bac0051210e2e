import type { Kysely, Transaction } from 'kysely';
import type { TSecuritySettings } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TMerchant } from '../http/auth.ts';
import { verifyPassword } from './password.service.ts';
import { liveLock, reserveLoginAttempt } from './session.queries.ts';

/** The merchant's login security thresholds. */
export async function securitySettings(db: Kysely<DB>, merchantId: number): Promise<TSecuritySettings> {
  const m = await db
    .selectFrom('merchants')
    .select(['captcha_after_failures', 'lock_after_failures', 'lock_window_minutes', 'lock_minutes', 'idle_timeout_minutes', 'session_lifetime_hours'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return {
    captchaAfterFailures: m.captcha_after_failures,
    lockAfterFailures: m.lock_after_failures,
    lockWindowMinutes: m.lock_window_minutes,
    lockMinutes: m.lock_minutes,
    idleTimeoutMinutes: m.idle_timeout_minutes,
    sessionLifetimeHours: m.session_lifetime_hours,
  };
}

/**
 * Counts one attempt at a secret under `key` BEFORE it is judged (docs/0014): the reservation with
 * the merchant's thresholds, or the seconds left of a live lock (nothing reserved then).
 */
export async function reserveCountedAttempt(
  db: Kysely<DB>,
  merchantId: number,
  key: string,
  now: Date,
): Promise<{ kind: 'reserved'; failures: number; settings: TSecuritySettings } | { kind: 'locked'; retryAfterSeconds: number }> {
  const settings = await securitySettings(db, merchantId);
  const reservation = await reserveLoginAttempt(db, merchantId, key, {
    now,
    since: new Date(now.getTime() - settings.lockWindowMinutes * 60_000),
    lockAfter: settings.lockAfterFailures,
    lockedUntil: new Date(now.getTime() + settings.lockMinutes * 60_000),
  });
  if (reservation) return { kind: 'reserved', failures: reservation.failures, settings };
  const until = await liveLock(db, merchantId, key, now);
  return { kind: 'locked', retryAfterSeconds: until ? Math.ceil((until.getTime() - now.getTime()) / 1000) : settings.lockMinutes * 60 };
}

/** What judging a counted password found (the withdraw password, a step-up, a contact change). */
export type TPasswordJudgement = { kind: 'ok' } | { kind: 'not_set' } | { kind: 'wrong' } | { kind: 'locked'; retryAfterSeconds: number };

/**
 * Judges a password against its hash with the attempt counted first under `key` (see the security
 * centre's judgeWithdrawPassword); a null hash is 'not_set'. Also judges the login password where the
 * security centre asks for it (binding a new mobile or email over an old one).
 */
export async function judgeCountedPassword(
  db: Kysely<DB> | Transaction<DB>,
  merchant: TMerchant,
  key: string,
  hash: string | null,
  password: string,
  now: Date,
): Promise<TPasswordJudgement> {
  if (hash === null) return { kind: 'not_set' };
  const reservation = await reserveCountedAttempt(db, merchant.id, key, now);
  if (reservation.kind === 'locked') return reservation;
  const { settings } = reservation;
  if (!(await verifyPassword(hash, password))) {
    return reservation.failures >= settings.lockAfterFailures ? { kind: 'locked', retryAfterSeconds: settings.lockMinutes * 60 } : { kind: 'wrong' };
  }
  await db.deleteFrom('login_throttle').where('merchant_id', '=', merchant.id).where('username_key', '=', key).execute();
  return { kind: 'ok' };
}
