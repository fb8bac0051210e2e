import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Demo mode, defined once (docs/0065): the merchant was made by the demo seed (`merchants.demo`)
 * AND the process was not started with NODE_ENV=production. Only in demo mode does a deposit
 * channel settle by itself: the deposit order sends no settle job otherwise, the settle job
 * approves nothing otherwise, and the money setting `autoSettleSeconds` is refused otherwise. A
 * merchant made by `pnpm merchant:create` is never a demo merchant, and a production start also
 * refuses to start while any channel has `auto_settle_seconds` set (seed.ts).
 */
export async function isDemoMode(db: Kysely<DB> | Transaction<DB>, merchantId: number, opts: { production: boolean }): Promise<boolean> {
  if (opts.production) return false;
  const row = await db.selectFrom('merchants').select('demo').where('id', '=', merchantId).executeTakeFirst();
  return row?.demo === true;
}

/** The same rule for a merchant row already read with the request (no query). */
export function merchantInDemoMode(merchant: { demo: boolean }, opts: { production: boolean }): boolean {
  return !opts.production && merchant.demo;
}
