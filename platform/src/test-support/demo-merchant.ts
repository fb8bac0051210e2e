import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The default demo merchant's id as a subquery, for a test's lookup of a seeded account by username:
 * the demo's second brand DEMO2 has a `demo_member` and a `demo_operator` of its own (docs/0131), so
 * a username alone names two rows. `.where('merchant_id', '=', demoMerchantId(db))`.
 */
export const demoMerchantId = (db: Kysely<DB>) => db.selectFrom('merchants').select('id').where('code', '=', 'DEMO');
