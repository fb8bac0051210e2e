import { randomBytes } from 'node:crypto';
import { WPS_CODES, WPS_MESSAGES, type TGameType, type TLanguage, type TMemberInfo } from '@wl/schemas';
import { toGame } from '../catalogue/catalogue.service.ts';
import { enabledGameTypes } from '../catalogue/catalogue.queries.ts';
import { sha256Hex, type TMerchant, type TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import { addFavourite, favouriteGames, favouriteNodeIds, gameByNodeId, memberById, removeFavourite } from './member.queries.ts';

/**
 * Avatar artwork of a member, by its random key: a sequential id in the URL would let anyone
 * enumerate members (issue 6 item 7).
 */
export const avatarUrl = (avatarKey: string) => `/wps/assets/avatar/${avatarKey}.svg`;
/** A new member's avatar key: 128 random bits, base64url (22 characters). */
export const newAvatarKey = (): string => randomBytes(16).toString('base64url');
/** Launch tickets are single use and short lived. */
export const LAUNCH_TICKET_TTL_MS = 5 * 60 * 1000;

/** Member info of SPEC §3 (never the password). */
export async function memberInfo(deps: TPlatformDeps, member: TSessionMember): Promise<TMemberInfo> {
  const m = await memberById(deps.db, member.memberId);
  const now = deps.clock();
  return {
    id: m.id,
    userName: m.username,
    nickname: m.nickname,
    type: m.type,
    firstTimeLogin: m.first_time_login,
    passwordExpired: m.password_expires_at !== null && new Date(m.password_expires_at) <= now,
    hasVip: m.vip_rank > 0,
    vipLabelName: m.vip_label,
    vipRankLevel: m.vip_rank,
    availablePromoCount: m.available_promo_count,
    unreadMessage: m.unread_messages,
    referralEnabled: true,
    avatarUrl: avatarUrl(m.avatar_key),
  };
}

/** Favourite nodeIds. */
export async function favouriteIds(deps: TPlatformDeps, member: TSessionMember) {
  return { ids: await favouriteNodeIds(deps.db, member.memberId) };
}

/** A page of favourites. */
export async function favouriteList(
  deps: TPlatformDeps,
  member: TSessionMember,
  q: { gameType?: TGameType; pageNo: number; pageSize: number },
  language: TLanguage,
) {
  const { rows, total } = await favouriteGames(deps.db, member.memberId, q);
  return { content: rows.map((r) => toGame(r, language)), pageNum: q.pageNo, totalPages: Math.ceil(total / q.pageSize) };
}

/** Adds a favourite (idempotent); the game must exist with that vendor and type. */
export async function favouriteAdd(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  p: { nodeId: string; vendor: string; gameType: TGameType },
) {
  const game = await gameByNodeId(deps.db, merchant.id, p.nodeId);
  if (!game || game.vassalage !== p.vendor || game.game_type !== p.gameType) throw wpsErrors.notFound();
  await addFavourite(deps.db, member.memberId, game.id);
  return favouriteIds(deps, member);
}

/** Removes a favourite (removing one that is not there is fine; an unknown game is not). */
export async function favouriteRemove(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, nodeId: string) {
  const game = await gameByNodeId(deps.db, merchant.id, nodeId);
  if (!game) throw wpsErrors.notFound();
  await removeFavourite(deps.db, member.memberId, game.id);
  return favouriteIds(deps, member);
}

/**
 * Launches a game (UPSTREAM-NOTES Game launch): answers a URL to the platform's demo game page
 * carrying a single-use ticket; only the ticket's hash is stored.
 */
export async function launchGame(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  q: { nodeId: string; accountType: number },
): Promise<{ content: { game_url: string } }> {
  const game = await gameByNodeId(deps.db, merchant.id, q.nodeId);
  if (!game) throw wpsErrors.notFound();
  const enabled = await enabledGameTypes(deps.db, merchant.id);
  if (!enabled.has(game.game_type)) throw new WpsError(WPS_CODES.featureOff, WPS_MESSAGES.featureOff);
  if (q.accountType === 0 && !game.has_free_trial) throw new WpsError(WPS_CODES.featureOff, WPS_MESSAGES.featureOff);
  const ticket = randomBytes(24).toString('base64url');
  await deps.db
    .insertInto('launch_tickets')
    .values({
      ticket_hash: sha256Hex(ticket),
      member_id: member.memberId,
      game_id: game.id,
      account_type: q.accountType,
      expires_at: new Date(deps.clock().getTime() + LAUNCH_TICKET_TTL_MS),
    })
    .execute();
  return { content: { game_url: `/wps/game/demo/${encodeURIComponent(game.node_id)}?ticket=${ticket}` } };
}

/** Redeems a launch ticket for the demo game page; null when unknown, used, expired or for another game. */
export async function redeemTicket(deps: TPlatformDeps, nodeId: string, ticket: string) {
  const now = deps.clock();
  const row = await deps.db
    .updateTable('launch_tickets')
    .set({ used_at: now })
    .from('games')
    .whereRef('games.id', '=', 'launch_tickets.game_id')
    .where('launch_tickets.ticket_hash', '=', sha256Hex(ticket))
    .where('launch_tickets.used_at', 'is', null)
    .where('launch_tickets.expires_at', '>', now)
    .where('games.node_id', '=', nodeId)
    .returning(['games.name_en', 'games.name_bn', 'games.vassalage', 'launch_tickets.account_type'])
    .executeTakeFirst();
  return row ?? null;
}
