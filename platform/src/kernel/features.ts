import type { Kysely } from 'kysely';
import { WPS_CODES, WPS_MESSAGES, type TFeatureFlag } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';

/**
 * The merchant's whitelabel feature switches as services read them where the call alone does not
 * say which applies (call-gates.ts: SMS codes by purpose, registration tabs, transfers).
 */

/** Whether a whitelabel flag (docs/rules/content.md#c-1) is on for the merchant. */
export async function featureEnabled(db: Kysely<DB>, merchantId: number, flag: TFeatureFlag): Promise<boolean> {
  const row = await db.selectFrom('whitelabel_nodes').select('enabled').where('merchant_id', '=', merchantId).where('mod_id', '=', flag).executeTakeFirst();
  return row?.enabled === true;
}

/** Refuses with 543 error_feature_off unless the flag is on. */
export async function requireFeature(db: Kysely<DB>, merchantId: number, flag: TFeatureFlag): Promise<void> {
  if (!(await featureEnabled(db, merchantId, flag))) throw new WpsError(WPS_CODES.featureOff, WPS_MESSAGES.featureOff);
}
