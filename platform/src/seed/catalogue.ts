import { randomBytes } from 'node:crypto';
import type { Insertable, Transaction } from 'kysely';
import type { TGameEngine, TGameType } from '@wl/schemas';
import type { DB, GamesTable } from '../db/schema.ts';
import { BUILT_IN_GAMES, BUILT_IN_LOTTERY, BUILT_IN_PROVIDER, BUILT_IN_VENDOR } from '../kernel/catalogue.ts';
import { VENDOR_SEEDS, gameName } from './catalogue-data.ts';
import { inMerchantOrder } from './merchant.ts';

const CHUNK = 400;

// Batches keep the seed fast (PGlite in memory well under 3 s) and under the parameter limit.
async function insertGames(trx: Transaction<DB>, rows: Insertable<GamesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('games')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

type TBuiltInGame = { nodeId: string; gameType: TGameType; nameEn: string; nameBn: string; engine: TGameEngine };

/** A vendor of the built-in provider and its games (free play on, not hot), listed after the seeded vendors. */
async function insertBuiltInVendor(
  trx: Transaction<DB>,
  merchantId: number,
  vendor: { vassalage: string; gameType: TGameType; name: string },
  games: readonly TBuiltInGame[],
  vendorSort: number,
): Promise<void> {
  const row = await trx
    .insertInto('vendors')
    .values({ merchant_id: merchantId, vassalage: vendor.vassalage, game_type: vendor.gameType, name: vendor.name, is_game: 'GAME', sort: vendorSort })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('games')
    .values(
      games.map((g, k) => ({
        merchant_id: merchantId,
        vendor_id: row.id,
        node_id: g.nodeId,
        game_code: g.nodeId,
        game_type: g.gameType,
        vassalage: vendor.vassalage,
        name_en: g.nameEn,
        name_bn: g.nameBn,
        has_free_trial: true,
        is_hot: false,
        sort: k,
        engine: g.engine,
      })),
    )
    .execute();
}

/** The built-in provider (its seamless-wallet secret fresh) and its vendor's games, the slot and the crash game (docs/0039). */
export async function seedBuiltInProvider(trx: Transaction<DB>, merchantId: number): Promise<void> {
  await trx
    .insertInto('seamless_providers')
    .values({ merchant_id: merchantId, code: BUILT_IN_PROVIDER.code, name: BUILT_IN_PROVIDER.name, secret: randomBytes(32).toString('hex') })
    .execute();
  await insertBuiltInVendor(trx, merchantId, BUILT_IN_VENDOR, BUILT_IN_GAMES, VENDOR_SEEDS.length);
}

/** The built-in lottery's vendor and game (docs/0041). */
export async function seedBuiltInLottery(trx: Transaction<DB>, merchantId: number): Promise<void> {
  await insertBuiltInVendor(trx, merchantId, BUILT_IN_LOTTERY.vendor, [BUILT_IN_LOTTERY.game], VENDOR_SEEDS.length + 1);
}

/** The vendors of VENDOR_SEEDS and their generated games; answers the ids of the hot games. */
export async function seedCatalogue(trx: Transaction<DB>, merchantId: number): Promise<number[]> {
  const vendors = await trx
    .insertInto('vendors')
    .values(
      inMerchantOrder(
        merchantId,
        VENDOR_SEEDS.map((v) => ({ vassalage: v.vassalage, game_type: v.gameType, name: v.name, is_game: v.isGame })),
      ),
    )
    .returning(['id', 'vassalage'])
    .execute();
  const vendorId = new Map(vendors.map((v) => [v.vassalage, v.id]));
  const rows: Insertable<GamesTable>[] = [];
  let i = 0;
  for (const [vendorIndex, v] of VENDOR_SEEDS.entries()) {
    for (let k = 0; k < v.games; k++, i++) {
      const name = gameName(i, v.gameType);
      rows.push({
        merchant_id: merchantId,
        vendor_id: vendorId.get(v.vassalage)!,
        node_id: `${v.vassalage}-${String(k + 1).padStart(3, '0')}`,
        game_code: `${v.vassalage.toLowerCase()}_${k + 1}`,
        game_type: v.gameType,
        vassalage: v.vassalage,
        name_en: name.en,
        name_bn: name.bn,
        // Most games offer free play; every ninth does not, and lobbies of sports never do.
        has_free_trial: i % 9 !== 4 && v.gameType !== 'SPORTS',
        // About 30 hot games spread across categories and vendors.
        is_hot: k < 2 && (vendorIndex + k) % 3 === 0,
        sort: k,
      });
    }
  }
  await insertGames(trx, rows);
  const ids = await trx.selectFrom('games').select('id').where('merchant_id', '=', merchantId).where('is_hot', '=', true).orderBy('id').execute();
  return ids.map((r) => r.id);
}
