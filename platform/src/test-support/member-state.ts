import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { demoMerchantId } from './demo-merchant.ts';

/** Makes a member's password expired as of `at` (docs/rules/accounts.md#a-12: forced change while PWDEXPFORCECHANGE3 is on). */
export async function expirePassword(db: Kysely<DB>, username: string, at: Date): Promise<void> {
  await db.updateTable('members').set({ password_expires_at: at }).where('merchant_id', '=', demoMerchantId(db)).where('username', '=', username).execute();
}
