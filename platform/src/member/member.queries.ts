import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { gameSelect } from '../catalogue/catalogue.queries.ts';

/** The member row behind member info. */
export function memberById(db: Kysely<DB>, memberId: number) {
  return db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirstOrThrow();
}

/** A game of the merchant by nodeId. */
export function gameByNodeId(db: Kysely<DB>, merchantId: number, nodeId: string) {
  return gameSelect(db).where('games.merchant_id', '=', merchantId).where('games.node_id', '=', nodeId).executeTakeFirst();
}

/** The nodeIds a member marked. */
export async function favouriteNodeIds(db: Kysely<DB>, memberId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('favourites')
    .innerJoin('games', 'games.id', 'favourites.game_id')
    .select('games.node_id')
    .where('favourites.member_id', '=', memberId)
    .orderBy('favourites.created_at', 'desc')
    .orderBy('games.id')
    .execute();
  return rows.map((r) => r.node_id);
}

/** A page of a member's favourite games. */
export async function favouriteGames(db: Kysely<DB>, memberId: number, f: { gameType?: string; pageNo: number; pageSize: number }) {
  let q = gameSelect(db).innerJoin('favourites', 'favourites.game_id', 'games.id').where('favourites.member_id', '=', memberId);
  if (f.gameType) q = q.where('games.game_type', '=', f.gameType);
  const [{ total }, rows] = await Promise.all([
    q.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    q.orderBy('favourites.created_at', 'desc').orderBy('games.id').limit(f.pageSize).offset((f.pageNo - 1) * f.pageSize).execute(),
  ]);
  return { rows, total };
}

/** Marks a favourite; marking twice is a no-op. */
export function addFavourite(db: Kysely<DB>, memberId: number, gameId: number) {
  return db
    .insertInto('favourites')
    .values({ member_id: memberId, game_id: gameId })
    .onConflict((oc) => oc.columns(['member_id', 'game_id']).doNothing())
    .execute();
}

/** Unmarks a favourite. */
export function removeFavourite(db: Kysely<DB>, memberId: number, gameId: number) {
  return db.deleteFrom('favourites').where('member_id', '=', memberId).where('game_id', '=', gameId).execute();
}
