import type { Kysely } from 'kysely';
import { WPS_CODES, WPS_MESSAGES, type TFeatureFlag, type TSecuritySettings } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';

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
