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
  ZWinnerBoardResponse,
} from './calls.ts';
import { WPS_PATHS } from './paths.ts';

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
