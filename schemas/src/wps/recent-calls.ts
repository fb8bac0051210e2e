import { z } from 'zod';
import { PRIZE_MODES } from '../constants.ts';
import { ZGame, ZGameType } from '../domain/game.ts';
import { LAUNCH_DEVICES } from '../rules/lottery-launch.ts';

/**
 * Recently launched games (docs/rules/games.md#g-11 /recent, docs/rules/games.md#g-11 "GET recent list" and the VN lottery menu's
 * `/lgw/vn/games/game_menu/recent`). Filled by the platform when it issues a launch ticket for a
 * member: one row per game, newest launch first, at most RECENT_GAMES_LIMIT per member (docs/0036).
 */
export const RECENT_PATHS = {
  /** ours (docs/rules/games.md#g-11: "GET recent list. Paths not shown"): the member's recent games of every category. */
  recentList: '/wps/game/recent/list',
  /** docs/rules/games.md#g-11 (token; prizeMode, device WEB): the member's recent games of the VN lottery's menu. */
  vnGameMenuRecent: '/lgw/vn/games/game_menu/recent',
} as const;

/** Games a member's recent list keeps; an older launch drops off when a new game is launched. */
export const RECENT_GAMES_LIMIT = 50;

export const ZRecentListQuery = z.object({ gameType: ZGameType.optional() });
export type TRecentListQuery = z.infer<typeof ZRecentListQuery>;

/** docs/rules/README.md#calls VN lottery game menu query: the prize mode of the site's lottery and the device. */
export const ZVnGameMenuRecentQuery = z.object({ prizeMode: z.enum(PRIZE_MODES), device: z.enum(LAUNCH_DEVICES) });

/** One recent game: the game as any list shows it, and when the member last launched it (ISO time). */
export const ZRecentGame = ZGame.extend({ lastPlayedAt: z.string().max(40) });
export type TRecentGame = z.infer<typeof ZRecentGame>;

export const ZRecentListResponse = z.object({ content: z.array(ZRecentGame).max(RECENT_GAMES_LIMIT) });
export type TRecentListResponse = z.infer<typeof ZRecentListResponse>;
