import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { TGameType, TLanguage } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

/**
 * Columns every game answer needs, of the games the site shows: a game the operator switched off
 * (migration 0017, docs/0037) is in no list, favourite page or lookup; isSwitchedOffGame tells a launch
 * of one apart from an unknown game.
 */
export function gameSelect(db: Kysely<DB>) {
  return db
    .selectFrom('games')
    .innerJoin('vendors', 'vendors.id', 'games.vendor_id')
    .where('games.enabled', '=', true)
    .select([
      'games.id',
      'games.node_id',
      'games.game_code',
      'games.game_type',
      'games.vassalage',
      'games.name_en',
      'games.name_bn',
      'games.has_free_trial',
      'games.engine',
      'vendors.name as vendor_name',
    ]);
}
export type TGameRow = Awaited<ReturnType<ReturnType<typeof gameSelect>['executeTakeFirstOrThrow']>>;

/** Game categories switched on for the merchant (whitelabel GAME_<type> nodes), in the operator's order (the node's place, docs/0141). */
export async function enabledGameTypes(db: Kysely<DB>, merchantId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('whitelabel_nodes')
    .select('mod_id')
    .where('merchant_id', '=', merchantId)
    .where('mod_id', 'like', 'GAME\\_%')
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return new Set(rows.map((r) => r.mod_id.slice('GAME_'.length)));
}

/** The merchant's vendors grouped as categories (game type and vendor codes), for the prize-mode rule. */
export async function categoryVendors(db: Kysely<DB>, merchantId: number): Promise<{ gameType: string; cards: { vassalage: string }[] }[]> {
  const rows = await db
    .selectFrom('vendors')
    .select(['game_type', 'vassalage'])
    .where('merchant_id', '=', merchantId)
    // The vendors the site shows (vendorsWithFirstGame): one with every game switched off has no card.
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('games').select('games.id').whereRef('games.vendor_id', '=', 'vendors.id').where('games.enabled', '=', true)),
    )
    .orderBy('sort')
    .execute();
  const byType = new Map<string, { vassalage: string }[]>();
  for (const r of rows) byType.set(r.game_type, [...(byType.get(r.game_type) ?? []), { vassalage: r.vassalage }]);
  return [...byType].map(([gameType, cards]) => ({ gameType, cards }));
}

/** Vendors with the code of their first game (for single-game cards). */
export function vendorsWithFirstGame(db: Kysely<DB>, merchantId: number) {
  return (
    db
      .selectFrom('vendors')
      .select([
        'vendors.vassalage',
        'vendors.name',
        'vendors.game_type',
        'vendors.is_game',
        (eb) =>
          eb
            .selectFrom('games')
            .select('games.game_code')
            .whereRef('games.vendor_id', '=', 'vendors.id')
            .where('games.enabled', '=', true)
            .orderBy('games.sort')
            .limit(1)
            .as('first_game_code'),
      ])
      .where('vendors.merchant_id', '=', merchantId)
      // A vendor whose games are all switched off has no card (docs/0037).
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('games').select('games.id').whereRef('games.vendor_id', '=', 'vendors.id').where('games.enabled', '=', true)),
      )
      .orderBy('vendors.sort')
      .execute()
  );
}

/**
 * Whether a launch names a game the operator switched off (docs/0037): gameSelect does not find it,
 * and the launch is refused with 543 rather than "not found".
 */
export async function isSwitchedOffGame(
  db: Kysely<DB>,
  merchantId: number,
  by: { nodeId?: string | undefined; gameCode?: string | undefined },
): Promise<boolean> {
  let q = db.selectFrom('games').select('games.id').where('games.merchant_id', '=', merchantId).where('games.enabled', '=', false);
  if (by.nodeId !== undefined) q = q.where('games.node_id', '=', by.nodeId);
  else if (by.gameCode !== undefined) q = q.where('games.game_code', '=', by.gameCode);
  else return false;
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** Escapes LIKE wildcards so a search is a plain substring. */
export function likeSubstring(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of games with the filters of the game list relay (UPSTREAM-NOTES Catalogue). */
export async function listGames(
  db: Kysely<DB>,
  merchantId: number,
  f: { gameType?: TGameType; vassalage?: string; gameName?: string; language: TLanguage; pageNo: number; pageSize: number; enabledTypes: Set<string> },
): Promise<{ rows: TGameRow[]; total: number }> {
  const types = [...f.enabledTypes];
  if (types.length === 0) return { rows: [], total: 0 };
  let q = gameSelect(db).where('games.merchant_id', '=', merchantId).where('games.game_type', 'in', types);
  if (f.gameType) q = q.where('games.game_type', '=', f.gameType);
  if (f.vassalage) q = q.where('games.vassalage', '=', f.vassalage);
  if (f.gameName) q = q.where(f.language === 'bn' ? 'games.name_bn' : 'games.name_en', 'ilike', likeSubstring(f.gameName));
  const [{ total }, rows] = await Promise.all([
    q
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
    q
      // Vendors are seeded in the fixed category order, so this lists LOTT first and CRASH last.
      .orderBy('vendors.sort')
      .orderBy('games.sort')
      .orderBy('games.id')
      .limit(f.pageSize)
      .offset((f.pageNo - 1) * f.pageSize)
      .execute(),
  ]);
  return { rows, total };
}

/** How far back real play counts for hot games and real wins for the winner board. */
export const PLAY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Hot games, optionally of one vendor (docs/0039): the games most played for real in the last
 * PLAY_WINDOW_MS first (rounds of the built-in games), then the games the seed marks hot for vendors
 * the platform does not run.
 */
export async function hotGames(db: Kysely<DB>, merchantId: number, vassalage: string | undefined, enabledTypes: Set<string>, now: Date) {
  const types = [...enabledTypes];
  if (types.length === 0) return [];
  const played = db
    .selectFrom(realPlays(db, merchantId, now).as('p'))
    .select(['p.game_id', sql<number>`count(*)::int`.as('plays')])
    .groupBy('p.game_id')
    .as('played');
  let q = gameSelect(db)
    .leftJoin(played, 'played.game_id', 'games.id')
    .select(sql<number>`coalesce(played.plays, 0)`.as('plays'))
    .where('games.merchant_id', '=', merchantId)
    .where((eb) => eb.or([eb('games.is_hot', '=', true), eb('played.plays', '>', 0)]))
    .where('games.game_type', 'in', types);
  if (vassalage) q = q.where('games.vassalage', '=', vassalage);
  return q
    .orderBy(sql`coalesce(played.plays, 0)`, 'desc')
    .orderBy('games.id')
    .execute();
}

/** The biggest real wins of the last PLAY_WINDOW_MS (settled slot rounds, lottery and crash bets of the built-in games), with their game. */
export function realWins(db: Kysely<DB>, merchantId: number, limit: number, now: Date) {
  return db
    .selectFrom(realPlays(db, merchantId, now).as('p'))
    .innerJoin('games', 'games.id', 'p.game_id')
    .innerJoin('members', 'members.id', 'p.member_id')
    .select(['members.username', 'p.payout_minor', 'games.node_id', 'games.name_en', 'games.name_bn', 'games.vassalage', 'games.game_type'])
    .where('p.payout_minor', '>', 0)
    .where('games.enabled', '=', true)
    .orderBy('p.payout_minor', 'desc')
    .orderBy('p.created_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Settled real-money plays of the built-in games in the last PLAY_WINDOW_MS: the slot's rounds, the
 * lottery's bets (docs/0041) and the crash game's bets (docs/0042), each with its game, member, payout
 * and time.
 */
function realPlays(db: Kysely<DB>, merchantId: number, now: Date) {
  const since = new Date(now.getTime() - PLAY_WINDOW_MS);
  // A crash or lottery bet's payout column is nullable (null until decided): read as 0 then.
  const settled = (table: 'game_rounds' | 'lottery_bets' | 'crash_bets', payout: RawBuilder<number>) =>
    db
      .selectFrom(table)
      .select(['game_id', 'member_id', payout.as('payout_minor'), 'created_at'])
      .where('merchant_id', '=', merchantId)
      .where('mode', '=', 'real')
      .where('state', '=', 'settled')
      .where('created_at', '>', since);
  return settled('game_rounds', sql<number>`payout_minor`)
    .unionAll(settled('lottery_bets', sql<number>`coalesce(win_minor, 0)`))
    .unionAll(settled('crash_bets', sql<number>`coalesce(payout_minor, 0)`));
}

/** Winner board rows of the seed (history of vendors the platform does not run), with their game. */
export function winners(db: Kysely<DB>, merchantId: number, limit: number) {
  return (
    db
      .selectFrom('winners')
      .innerJoin('games', 'games.id', 'winners.game_id')
      .select(['winners.customer_name', 'winners.win_amount_minor', 'games.node_id', 'games.name_en', 'games.name_bn', 'games.vassalage', 'games.game_type'])
      .where('winners.merchant_id', '=', merchantId)
      // A switched-off game leaves the board too (clicking a row launches it).
      .where('games.enabled', '=', true)
      .orderBy('winners.sort')
      .limit(limit)
      .execute()
  );
}
