import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants.ts';
import { ZGameType, ZVassalage } from '../domain/game.ts';
import { GAME_SWITCH_STATES, OPERATOR_GAMES_PAGE_SIZE } from '../domain/game-switches.ts';
import { zText } from '../text.ts';
import { ZOperatorPageInfo } from './shapes.ts';

export { GAME_SWITCH_STATES, OPERATOR_GAMES_PAGE_SIZE };

/**
 * docs/0037: the operator switches game categories and single games on and off.
 * Requests are what the gateway sends; responses are the envelope's `value`. Reading needs
 * config.read, switching whitelabel.write (what members see: owner and content).
 */

/** ours: the console's game switches. */
export const OPERATOR_GAMES_PATHS = {
  /** GET: every category with its switch and game counts; PUT: switch one category. */
  operatorGameCategories: '/wps/operator/catalogue/categories',
  /** GET: a page of games found by name or vendor; PUT: switch one game. */
  operatorGames: '/wps/operator/catalogue/games',
} as const;

/** Audit actions of the game switches (config_audit.action). */
export const GAME_SWITCH_ACTIONS = { category: 'catalogue.category.set', game: 'catalogue.game.set' } as const;

/** One category as the console shows it: its switch, how many games it has and how many are off. */
export const ZOperatorGameCategory = z.object({
  gameType: ZGameType,
  title: z.string().max(MAX_TEXT_LENGTH),
  enabled: z.boolean(),
  vendors: z.number().int().nonnegative(),
  games: z.number().int().nonnegative(),
  gamesOff: z.number().int().nonnegative(),
});
export type TOperatorGameCategory = z.infer<typeof ZOperatorGameCategory>;
export const ZOperatorGameCategoriesResponse = z.object({ categories: z.array(ZOperatorGameCategory).max(32) });
export type TOperatorGameCategoriesResponse = z.infer<typeof ZOperatorGameCategoriesResponse>;

export const ZOperatorSetGameCategoryRequest = z.object({ gameType: ZGameType, enabled: z.boolean() });
export type TOperatorSetGameCategoryRequest = z.infer<typeof ZOperatorSetGameCategoryRequest>;

/** Console game search: a substring of the EN or BN name, the vendor code or vendor name; a category; on/off; a page. */
export const ZOperatorGamesQuery = z.object({
  search: zText({ max: 100 }).optional(),
  gameType: ZGameType.optional(),
  vassalage: ZVassalage.optional(),
  state: z.enum(GAME_SWITCH_STATES).default('all'),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(OPERATOR_GAMES_PAGE_SIZE),
});
export type TOperatorGamesQuery = z.infer<typeof ZOperatorGamesQuery>;

/** One game as the console lists it. */
export const ZOperatorGame = z.object({
  nodeId: z.string().min(1).max(64),
  nameEn: z.string().max(MAX_TEXT_LENGTH),
  nameBn: z.string().max(MAX_TEXT_LENGTH),
  vassalage: ZVassalage,
  vendorName: z.string().max(MAX_TEXT_LENGTH),
  gameType: ZGameType,
  enabled: z.boolean(),
});
export type TOperatorGame = z.infer<typeof ZOperatorGame>;
export const ZOperatorGamesResponse = z.object({
  games: z.array(ZOperatorGame).max(100),
  ...ZOperatorPageInfo,
});
export type TOperatorGamesResponse = z.infer<typeof ZOperatorGamesResponse>;

export const ZOperatorSetGameRequest = z.object({ nodeId: zText({ max: 64, min: 1 }), enabled: z.boolean() });
export type TOperatorSetGameRequest = z.infer<typeof ZOperatorSetGameRequest>;
