import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Name and vendor of a game for its tile. */
export function gameArtwork(db: Kysely<DB>, merchantId: number, nodeId: string) {
  return db
    .selectFrom('games')
    .innerJoin('vendors', 'vendors.id', 'games.vendor_id')
    .select(['games.name_en', 'games.name_bn', 'vendors.name as vendor_name'])
    .where('games.merchant_id', '=', merchantId)
    .where('games.node_id', '=', nodeId)
    .executeTakeFirst();
}

/** A vendor's display name. */
export function vendorArtwork(db: Kysely<DB>, merchantId: number, vassalage: string) {
  return db.selectFrom('vendors').select('name').where('merchant_id', '=', merchantId).where('vassalage', '=', vassalage).executeTakeFirst();
}

/** A banner's or promotion's English title. */
export function bannerTitle(db: Kysely<DB>, merchantId: number, table: 'banners' | 'promotions', id: number) {
  return db.selectFrom(table).select(['title_en', 'title_bn']).where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
}

/** A promotion's own banner image, when the operator set one (docs/0098). */
export function promotionBannerImage(db: Kysely<DB>, merchantId: number, id: number) {
  return db
    .selectFrom('promotions')
    .select(['banner_content_type', 'banner_bytes'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('banner_bytes', 'is not', null)
    .executeTakeFirst();
}

/** A member's nickname for the avatar initial, by the avatar's random key (never by member id). */
export function memberNicknameByAvatarKey(db: Kysely<DB>, merchantId: number, avatarKey: string) {
  return db
    .selectFrom('members')
    .select(['nickname', 'avatar_icon'])
    .where('merchant_id', '=', merchantId)
    .where('avatar_key', '=', avatarKey)
    .executeTakeFirst();
}
