import { sql, type Kysely, type Transaction } from 'kysely';
import type { TGameType, TOperatorGamesQuery } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { likeSubstring } from './catalogue.queries.ts';

/** The category switch node of a game type (whitelabel GAME_<type>, read by enabledGameTypes). */
export const categoryModId = (gameType: TGameType) => `GAME_${gameType}`;

/** Per category: whether its switch is on, vendors, games and games switched off (docs/0037). */
export async function categorySwitches(db: Kysely<DB>, merchantId: number) {
  const [nodes, counts] = await Promise.all([
    db.selectFrom('whitelabel_nodes').select(['mod_id', 'enabled']).where('merchant_id', '=', merchantId).where('mod_id', 'like', 'GAME\\_%').execute(),
    db
      .selectFrom('games')
      .select([
        'game_type',
        sql<number>`count(*)::int`.as('games'),
        sql<number>`(count(*) filter (where not enabled))::int`.as('games_off'),
        sql<number>`count(distinct vendor_id)::int`.as('vendors'),
      ])
      .where('merchant_id', '=', merchantId)
      .groupBy('game_type')
      .execute(),
  ]);
  return {
    enabled: new Map(nodes.map((n) => [n.mod_id, n.enabled])),
    counts: new Map(counts.map((c) => [c.game_type, { games: c.games, gamesOff: c.games_off, vendors: c.vendors }])),
  };
}

/** The columns the console lists a game with. */
function switchSelect(db: Kysely<DB>, merchantId: number) {
  return db.selectFrom('games').innerJoin('vendors', 'vendors.id', 'games.vendor_id').where('games.merchant_id', '=', merchantId);
}
const SWITCH_COLUMNS = [
  'games.node_id',
  'games.name_en',
  'games.name_bn',
  'games.vassalage',
  'games.game_type',
  'games.enabled',
  'vendors.name as vendor_name',
] as const;

/** One of the merchant's games as the console lists it. */
export function switchableGame(db: Kysely<DB>, merchantId: number, nodeId: string) {
  return switchSelect(db, merchantId).select(SWITCH_COLUMNS).where('games.node_id', '=', nodeId).executeTakeFirstOrThrow();
}

/** A page of the merchant's games, switched on or off, found by EN or BN name, vendor code or vendor name. */
export async function switchableGames(db: Kysely<DB>, merchantId: number, q: TOperatorGamesQuery) {
  let query = switchSelect(db, merchantId);
  if (q.gameType) query = query.where('games.game_type', '=', q.gameType);
  if (q.vassalage) query = query.where('games.vassalage', '=', q.vassalage);
  if (q.state !== 'all') query = query.where('games.enabled', '=', q.state === 'on');
  if (q.search) {
    const like = likeSubstring(q.search);
    query = query.where((eb) =>
      eb.or([eb('games.name_en', 'ilike', like), eb('games.name_bn', 'ilike', like), eb('games.vassalage', 'ilike', like), eb('vendors.name', 'ilike', like)]),
    );
  }
  const [{ total }, rows] = await Promise.all([
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    query
      .select(SWITCH_COLUMNS)
      .orderBy('vendors.sort')
      .orderBy('games.sort')
      .orderBy('games.id')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
  ]);
  return { rows, total };
}

/** One game by nodeId, locked for the switch in the caller's transaction (undefined when unknown). */
export function gameForSwitch(trx: Transaction<DB>, merchantId: number, nodeId: string) {
  return trx
    .selectFrom('games')
    .select(['id', 'node_id', 'name_en', 'vassalage', 'game_type', 'enabled'])
    .where('merchant_id', '=', merchantId)
    .where('node_id', '=', nodeId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}
