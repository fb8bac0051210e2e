import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Banners, notices, popups and the promotions not ended at `now` of a merchant, in display order. */
export async function announcementRows(db: Kysely<DB>, merchantId: number, now: Date) {
  const [banners, notices, popups, promotions] = await Promise.all([
    db.selectFrom('banners').selectAll().where('merchant_id', '=', merchantId).orderBy('sort').execute(),
    db.selectFrom('notices').selectAll().where('merchant_id', '=', merchantId).orderBy('sort').execute(),
    db.selectFrom('popups').selectAll().where('merchant_id', '=', merchantId).orderBy('sort').execute(),
    currentPromotions(db, merchantId, now).orderBy('sort').execute(),
  ]);
  return { banners, notices, popups, promotions };
}

/** A merchant's promotions that have not ended at `now`, by category (PROMOTION_CATEGORIES' order) then in the operator's order. */
export function currentPromotionRows(db: Kysely<DB>, merchantId: number, now: Date) {
  return currentPromotions(db, merchantId, now).orderBy('sort').orderBy('id').execute();
}

/** One of a merchant's promotions if it has not ended at `now`. */
export function currentPromotionRow(db: Kysely<DB>, merchantId: number, now: Date, id: number) {
  return currentPromotions(db, merchantId, now).where('id', '=', id).executeTakeFirst();
}

function currentPromotions(db: Kysely<DB>, merchantId: number, now: Date) {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
}
