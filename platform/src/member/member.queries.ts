import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { sha256Hex } from '../http/auth.ts';
import { gameSelect } from '../catalogue/catalogue.queries.ts';
import { memberMessageCounts } from './messages.queries.ts';

/** The member row behind member info. */
export function memberById(db: Kysely<DB>, memberId: number) {
  return db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirstOrThrow();
}

/** The names of the member's VIP level as the operator defined it (docs/0091); none without a level row. */
export function vipLevelNames(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('members as m')
    .innerJoin('vip_levels as l', (join) => join.onRef('l.merchant_id', '=', 'm.merchant_id').onRef('l.level', '=', 'm.vip_rank'))
    .select(['l.name_en', 'l.name_bn'])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
}

/** A game of the merchant by nodeId. */
export function gameByNodeId(db: Kysely<DB>, merchantId: number, nodeId: string) {
  return gameSelect(db).where('games.merchant_id', '=', merchantId).where('games.node_id', '=', nodeId).executeTakeFirst();
}

/** A game of the merchant by its game code (vendor cards and lottery launches name games by code). */
export function gameByCode(db: Kysely<DB>, merchantId: number, gameCode: string) {
  return gameSelect(db).where('games.merchant_id', '=', merchantId).where('games.game_code', '=', gameCode).executeTakeFirst();
}

/**
 * Header badge count (docs/rules/content.md#c-10): unread messages, the platform's and the operator's delivered by `now`
 * (docs/0112); 0 when none. The promotions' count is their states' (docs/0096).
 */
export async function badgeCounts(db: Kysely<DB>, memberId: number, now: Date): Promise<{ unreadMessages: number }> {
  const { unread } = await memberMessageCounts(db, memberId, now);
  return { unreadMessages: unread };
}

/** docs/rules/README.md#fields availablePromo REFERRAL.enabled: the member's merchant runs a referral promotion. */
export async function referralEnabled(db: Kysely<DB>, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('promotions')
    .innerJoin('members', 'members.merchant_id', 'promotions.merchant_id')
    .select('promotions.id')
    .where('members.id', '=', memberId)
    // A page about referral (the older rows), or a running referral promotion that pays (docs/0097).
    .where((eb) =>
      eb.or([eb('promotions.promotion_type', '=', 'REFERRAL'), eb.and([eb('promotions.kind', '=', 'referral'), eb('promotions.status', '=', 'active')])]),
    )
    .executeTakeFirst();
  return row !== undefined;
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
    q
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
    q
      .orderBy('favourites.created_at', 'desc')
      .orderBy('games.id')
      .limit(f.pageSize)
      .offset((f.pageNo - 1) * f.pageSize)
      .execute(),
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

/**
 * Records a member's launch of a game (docs/0036): one row per game, moved to the top by a new
 * launch (a fresh `seq`), then trims the member's list to `limit` rows, newest kept.
 */
export async function recordRecentGame(db: Kysely<DB>, memberId: number, gameId: number, at: Date, limit: number): Promise<void> {
  await db
    .insertInto('recent_games')
    .values({ member_id: memberId, game_id: gameId, played_at: at })
    .onConflict((oc) =>
      oc.columns(['member_id', 'game_id']).doUpdateSet({ played_at: (eb) => eb.ref('excluded.played_at'), seq: (eb) => eb.ref('excluded.seq') }),
    )
    .execute();
  // The oldest seq still among the newest `limit`; everything older drops off.
  await sql`
    delete from recent_games
    where member_id = ${memberId}
      and seq < (select min(seq) from (select seq from recent_games where member_id = ${memberId} order by seq desc limit ${limit}) as kept)
  `.execute(db);
}

/** A member's recent games, newest launch first (never another member's: the member id is the filter). */
export function recentGames(db: Kysely<DB>, memberId: number, f: { gameType?: string; vassalage?: string; limit: number }) {
  let q = gameSelect(db)
    .innerJoin('recent_games', 'recent_games.game_id', 'games.id')
    .select('recent_games.played_at')
    .where('recent_games.member_id', '=', memberId);
  if (f.gameType) q = q.where('games.game_type', '=', f.gameType);
  if (f.vassalage) q = q.where('games.vassalage', '=', f.vassalage);
  return q.orderBy('recent_games.seq', 'desc').limit(f.limit).execute();
}

/**
 * Spends a launch ticket: single use, unexpired, of a game of `game.merchantId` (when given), of
 * `game.nodeId` (when given), of a built-in game (when `builtIn`). Answers the ticket with its game,
 * or null when it is unknown, used, expired or not such a game. The one place a ticket is redeemed:
 * the vendor demo page and the built-in games' sessions (docs/0039) alike.
 */
export async function redeemLaunchTicket(
  db: Kysely<DB> | Transaction<DB>,
  ticket: string,
  now: Date,
  game: { merchantId?: number; nodeId?: string; builtIn?: boolean },
) {
  let query = db
    .updateTable('launch_tickets')
    .set({ used_at: now })
    .from('games')
    .whereRef('games.id', '=', 'launch_tickets.game_id')
    .where('launch_tickets.ticket_hash', '=', sha256Hex(ticket))
    .where('launch_tickets.used_at', 'is', null)
    .where('launch_tickets.expires_at', '>', now);
  if (game.merchantId !== undefined) query = query.where('games.merchant_id', '=', game.merchantId);
  if (game.nodeId !== undefined) query = query.where('games.node_id', '=', game.nodeId);
  if (game.builtIn) query = query.where('games.engine', 'is not', null);
  const row = await query
    .returning([
      'games.id as game_id',
      'games.name_en',
      'games.name_bn',
      'games.vassalage',
      'launch_tickets.member_id',
      'launch_tickets.account_type',
      'launch_tickets.lotto_prize_mode',
      'launch_tickets.lotto_view',
      'launch_tickets.back_url',
    ])
    .executeTakeFirst();
  return row ?? null;
}
