import {
  WPS_CODES,
  WPS_MESSAGES,
  lotteryPrizeMode,
  RECENT_GAMES_LIMIT,
  TRIAL_TYPE,
  VN_LOTTERY_VENDOR,
  type TRecentListResponse,
  type TGameType,
  type TLanguage,
  type TMemberInfo,
  type TPrizeMode,
} from '@wl/schemas';
import { toGame } from '../catalogue/catalogue.service.ts';
import { categoryVendors, enabledGameTypes, type TGameRow } from '../catalogue/catalogue.queries.ts';
import type { TMerchant, TSessionMember } from '../http/auth.ts';
import { availablePromoCount } from '../promo/promo-states.ts';
import { claimableMissions } from '../missions/missions.service.ts';
import { claimableRaffleCount } from '../tickets/raffles.service.ts';
import { claimableTicketCount } from '../tickets/tickets.service.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import {
  addFavourite,
  badgeCounts,
  favouriteGames,
  favouriteNodeIds,
  gameByNodeId,
  memberById,
  referralEnabled,
  recentGames,
  removeFavourite,
  vipLevelNames,
} from './member.queries.ts';
import { avatarUrl } from '../kernel/member-keys.ts';

/** Avatar artwork of a member, by its random key (docs/0013): the kernel's, shared with the profile (docs/0115). */
export { avatarUrl };

/**
 * Member info of docs/rules/README.md#fields (never the password). The VIP label is the name of the
 * member's level in `language` (docs/0091), or the stored label where the merchant has no levels.
 */
export async function memberInfo(deps: TPlatformDeps, member: TSessionMember, language: TLanguage = 'en'): Promise<TMemberInfo> {
  const now = deps.clock();
  const [m, counts, referral, vip, promos, missions] = await Promise.all([
    memberById(deps.db, member.memberId),
    badgeCounts(deps.db, member.memberId, now),
    referralEnabled(deps.db, member.memberId),
    vipLevelNames(deps.db, member.memberId),
    // Promotions to join or claim now (docs/0096), unexpired tickets to draw and raffles to claim (docs/0120); a trial account can do none.
    member.type === TRIAL_TYPE
      ? 0
      : Promise.all([
          availablePromoCount(deps.db, member.memberId, now),
          claimableTicketCount(deps.db, member.memberId, now),
          claimableRaffleCount(deps.db, member.memberId, now),
        ]).then(([p, t, r]) => p + t + r),
    // The mission badge (docs/0119): missions complete and unclaimed.
    member.type === TRIAL_TYPE ? 0 : claimableMissions(deps.db, member.memberId, now),
  ]);
  return {
    id: m.id,
    userName: m.username,
    nickname: m.nickname,
    type: m.type,
    firstTimeLogin: m.first_time_login,
    passwordExpired: m.password_expires_at !== null && new Date(m.password_expires_at) <= now,
    hasVip: m.vip_rank > 0,
    vipLabelName: vip ? (language === 'bn' ? vip.name_bn : vip.name_en) : m.vip_label,
    vipRankLevel: m.vip_rank,
    availablePromoCount: promos,
    unreadMessage: counts.unreadMessages,
    missionCount: missions,
    referralEnabled: referral,
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

/** A recent row as the lists answer it: the game and when the member last launched it. */
function toRecentGame(row: TGameRow & { played_at: Date | string }, language: TLanguage) {
  return { ...toGame(row, language), lastPlayedAt: new Date(row.played_at).toISOString() };
}

/** The member's recent games (docs/rules/games.md#g-11 /recent), newest launch first, optionally of one category. */
export async function recentList(
  deps: TPlatformDeps,
  member: TSessionMember,
  q: { gameType?: TGameType | undefined },
  language: TLanguage,
): Promise<TRecentListResponse> {
  const rows = await recentGames(deps.db, member.memberId, { ...(q.gameType ? { gameType: q.gameType } : {}), limit: RECENT_GAMES_LIMIT });
  return { content: rows.map((r) => toRecentGame(r, language)) };
}

/**
 * docs/rules/games.md#g-11 `/lgw/vn/games/game_menu/recent`: the member's recent games of the VN lottery menu. The
 * prize mode must be the one the site's VN lottery plays in (the rule of docs/rules/games.md#g-1, as launches check it).
 */
export async function vnGameMenuRecent(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  q: { prizeMode: TPrizeMode },
  language: TLanguage,
): Promise<TRecentListResponse> {
  const enabled = await enabledGameTypes(deps.db, merchant.id);
  const categories = (await categoryVendors(deps.db, merchant.id)).filter((c) => enabled.has(c.gameType));
  if (q.prizeMode !== lotteryPrizeMode('VN', categories)) {
    throw new WpsError(WPS_CODES.badRequest, WPS_MESSAGES.badRequest, { fieldErrors: { prizeMode: { key: WPS_MESSAGES.badRequest, params: {} } } });
  }
  const rows = await recentGames(deps.db, member.memberId, { vassalage: VN_LOTTERY_VENDOR, limit: RECENT_GAMES_LIMIT });
  return { content: rows.map((r) => toRecentGame(r, language)) };
}
