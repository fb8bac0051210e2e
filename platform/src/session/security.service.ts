import type { Kysely } from 'kysely';
import { WPS_CODES, WPS_MESSAGES, type TFeatureFlag, type TSecuritySettings } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';
import { liveLock, reserveLoginAttempt } from './session.queries.ts';

/** Whether a whitelabel flag (SPEC §3) is on for the merchant. */
export async function featureEnabled(db: Kysely<DB>, merchantId: number, flag: TFeatureFlag): Promise<boolean> {
  const row = await db.selectFrom('whitelabel_nodes').select('enabled').where('merchant_id', '=', merchantId).where('mod_id', '=', flag).executeTakeFirst();
  return row?.enabled === true;
}

/** Refuses with 543 error_feature_off unless the flag is on. */
export async function requireFeature(db: Kysely<DB>, merchantId: number, flag: TFeatureFlag): Promise<void> {
  if (!(await featureEnabled(db, merchantId, flag))) throw new WpsError(WPS_CODES.featureOff, WPS_MESSAGES.featureOff);
}

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
