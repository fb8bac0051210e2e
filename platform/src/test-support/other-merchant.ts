import { sql, type Kysely } from 'kysely';
import type { TGameEngine } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

/**
 * A second merchant, for tests that another brand's rows never show or change; the other columns
 * take their defaults. `vendor` adds one of its vendors, and that vendor's `game` one of its games
 * under a node id of its own (the game code is the node id).
 */
export async function otherMerchant(db: Kysely<DB>, code: string) {
  const merchantId = (
    await sql<{ id: number }>`insert into merchants (code, name, currency, currency_symbol) values (${code}, 'Other', 'BDT', '৳') returning id`.execute(db)
  ).rows[0]!.id;
  const vendor = async (vassalage: string, isGame: 'GAME' | 'VASSALAGE') => {
    const { id: vendorId } = await db
      .insertInto('vendors')
      .values({ merchant_id: merchantId, vassalage, game_type: 'RNG', name: 'Other', is_game: isGame, sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const game = (nodeId: string, engine: TGameEngine | null = null) =>
      db
        .insertInto('games')
        .values({
          merchant_id: merchantId,
          vendor_id: vendorId,
          node_id: nodeId,
          game_code: nodeId,
          game_type: 'RNG',
          vassalage,
          name_en: 'Other',
          name_bn: 'অন্য',
          has_free_trial: true,
          is_hot: false,
          sort: 0,
          engine,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    return { id: vendorId, game };
  };
  return { id: merchantId, vendor };
}
