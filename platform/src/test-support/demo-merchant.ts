import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The default demo merchant's id as a subquery, for a test's lookup of a seeded account by username:
 * the demo's second brand DEMO2 has a `demo_member` and a `demo_operator` of its own (docs/0131), so
 * a username alone names two rows. `.where('merchant_id', '=', demoMerchantId(db))`.
 */
export const demoMerchantId = (db: Kysely<DB>) => db.selectFrom('merchants').select('id').where('code', '=', 'DEMO');

/** A seeded member of the default demo by username, to select from: `demoMemberRow(db, 'demo_member').select('id')`. */
export const demoMemberRow = (db: Kysely<DB>, username: string) =>
  db.selectFrom('members').where('merchant_id', '=', demoMerchantId(db)).where('username', '=', username);

/** A seeded operator of the default demo by username, to select from. */
export const demoOperatorRow = (db: Kysely<DB>, username: string) =>
  db.selectFrom('operators').where('merchant_id', '=', demoMerchantId(db)).where('username', '=', username);

/** The secret of the default demo's seamless-wallet provider `code` (each brand has its own built-in one). */
export async function demoProviderSecret(db: Kysely<DB>, code: string): Promise<string> {
  const row = await db
    .selectFrom('seamless_providers')
    .select('secret')
    .where('merchant_id', '=', demoMerchantId(db))
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** Sets the default demo's deposit channel `code` to take amounts from `minMinor` up; answers its id. */
export async function demoChannelFrom(db: Kysely<DB>, code: string, minMinor: number): Promise<number> {
  const row = await db
    .updateTable('deposit_channels')
    .set({ min_minor: minMinor })
    .where('merchant_id', '=', demoMerchantId(db))
    .where('code', '=', code)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
