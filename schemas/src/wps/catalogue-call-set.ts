import { z } from 'zod';
import { VISITOR, declareCall } from './call.ts';
import {
  ZAnnouncementsResponse,
  ZGameListQuery,
  ZGameListResponse,
  ZGameMenusResponse,
  ZHotGamesQuery,
  ZHotGamesResponse,
  ZVendorsResponse,
  ZWinnerBoardQuery,
  ZLanguage,
  ZWinnerBoardResponse,
} from './calls.ts';
import { HELP_CENTRE_CALL } from './help-calls.ts';
import { WPS_PATHS } from './paths.ts';
import { ZInstant, ZQueryId, ZRowId } from './shapes.ts';

/**
 * The catalogue and home content (docs/rules/README.md#calls, docs/0076): public reads in the Language header's
 * language (a `language` in the query wins where the call takes one). No session is read.
 */
export const CATALOGUE_CALLS = {
  /** Categories with their vendor cards; also a screen config input, so served in maintenance. */
  gameMenus: declareCall({ method: 'GET', path: WPS_PATHS.gameMenus, moduleId: 'GAMEMENU', output: ZGameMenusResponse, audience: VISITOR, region: 'serve' }),
  games: declareCall({ method: 'GET', path: WPS_PATHS.gameList, moduleId: 'GAMELIST', input: ZGameListQuery, output: ZGameListResponse, audience: VISITOR }),
  hotGames: declareCall({ method: 'GET', path: WPS_PATHS.hotGames, moduleId: 'HOTGAMES', input: ZHotGamesQuery, output: ZHotGamesResponse, audience: VISITOR }),
  vendors: declareCall({ method: 'GET', path: WPS_PATHS.vendors, moduleId: 'VENDOR', output: ZVendorsResponse, audience: VISITOR }),
  winnerBoard: declareCall({
    method: 'GET',
    path: WPS_PATHS.winnerBoard,
    moduleId: 'WINNERBOARD',
    input: ZWinnerBoardQuery,
    output: ZWinnerBoardResponse,
    audience: VISITOR,
  }),
} as const;

/** What docs/rules/content.md#c-7 sends with the announcements call; the platform answers in the Language header's language whatever it says. */
export const ZAnnouncementsQuery = z.object({ platform: z.string().max(200).optional(), language: z.string().max(200).optional() });

/** The tabs of the promotions page (docs/0084), in their order. */
export const PROMOTION_CATEGORIES = ['NEW_MEMBER', 'DEPOSIT', 'REBATE', 'VIP', 'REFERRAL', 'EVENT'] as const;

/**
 * A promotion as the promotions page shows it (docs/0084), its words in the Language header's
 * language: title, banner artwork, period (no end: `endsAt` null) and rules, one rule a line.
 * `comingSoon` until its period starts (docs/rules/README.md#fields Activity: coming soon).
 */
export const ZPromotion = z.object({
  id: ZRowId,
  category: z.enum(PROMOTION_CATEGORIES),
  title: z.string().max(200),
  imageUrl: z.string().max(500),
  startsAt: ZInstant,
  endsAt: ZInstant.nullable(),
  comingSoon: z.boolean(),
  rules: z.string().max(5000),
});
export type TPromotion = z.infer<typeof ZPromotion>;

export const CONTENT_CALLS = {
  /** Banners, marquee notices, popups and promotions. */
  announcements: declareCall({
    method: 'GET',
    path: WPS_PATHS.announcements,
    moduleId: 'ANNOUNCEMENT',
    input: ZAnnouncementsQuery,
    output: ZAnnouncementsResponse,
    audience: VISITOR,
  }),
  /** The promotions that have not ended, by category then in the operator's order; visitors browse them too (docs/rules/content.md#c-13). */
  promotions: declareCall({
    method: 'GET',
    path: '/wps/promotions',
    moduleId: 'PROMOTION',
    // The language is in the query (it wins over the header) so that a client caches each language apart.
    input: z.object({ language: ZLanguage.optional() }),
    output: z.object({ list: z.array(ZPromotion) }),
    audience: VISITOR,
  }),
  /** One promotion that has not ended, for a link to it; an ended, unknown or other brand's id answers not found. */
  promotion: declareCall({
    method: 'GET',
    path: '/wps/promotions/detail',
    moduleId: 'PROMOTION',
    input: z.object({ id: ZQueryId, language: ZLanguage.optional() }),
    output: ZPromotion,
    audience: VISITOR,
  }),
  /** The help centre's sections in one language for one device (docs/0109, SPEC §7 help centre: lang, device). */
  help: HELP_CENTRE_CALL,
} as const;

/** The bytes of an asset: an SVG document, written by the handler itself (not an envelope). */
const ZSvg = z.string();

/**
 * Generated artwork (ours): deterministic SVGs by file name (`:file`, `<id>.svg` or `<id>.bn.svg`);
 * an unknown id answers 404 so clients show their fallback.
 */
export const ASSET_CALLS = {
  game: declareCall({ method: 'GET', path: `${WPS_PATHS.assets}/game/:file`, moduleId: 'ASSETS', output: ZSvg, audience: VISITOR }),
  vendor: declareCall({ method: 'GET', path: `${WPS_PATHS.assets}/vendor/:file`, moduleId: 'ASSETS', output: ZSvg, audience: VISITOR }),
  banner: declareCall({ method: 'GET', path: `${WPS_PATHS.assets}/banner/:file`, moduleId: 'ASSETS', output: ZSvg, audience: VISITOR }),
  avatar: declareCall({ method: 'GET', path: `${WPS_PATHS.assets}/avatar/:file`, moduleId: 'ASSETS', output: ZSvg, audience: VISITOR }),
} as const;
