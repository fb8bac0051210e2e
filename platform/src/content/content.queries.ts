import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Banners, notices, popups and the promotions not ended at `now` of a merchant, in display order. */
export async function announcementRows(db: Kysely<DB>, merchantId: number, now: Date) {
  const [banners, notices, popups, promotions] = await Promise.all([
    db.selectFrom('banners').selectAll().where('merchant_id', '=', merchantId).orderBy('sort').execute(),
    // The marquee's notices: those for everyone, once published (docs/0112).
    db
      .selectFrom('notices')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('audience', '=', 'all')
      .where('published_at', '<=', now)
      .orderBy('sort')
      .execute(),
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
  return (
    db
      .selectFrom('promotions')
      // Never the banner's bytes (up to 5 MB each): the banner address serves them (docs/0098).
      .select([
        'id',
        'merchant_id',
        'title_en',
        'title_bn',
        'promotion_type',
        'sort',
        'category',
        'starts_at',
        'ends_at',
        'rules_en',
        'rules_bn',
        'kind',
        'status',
        'terms',
        'budget_minor',
        'max_recipients',
        'spent_minor',
        'recipients',
      ])
      .where('merchant_id', '=', merchantId)
      // A draft is the console's until it starts; an ended one is over (docs/0098).
      .where('status', 'in', ['active', 'paused'])
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
  );
}
