import { CATALOGUE_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { requestLanguage } from '../http/request-context.ts';
import { gameList, gameMenus, hotGameList, vendorLanes, winnerBoard } from './catalogue.service.ts';

/** Catalogue calls of docs/rules/games.md#g-12 (docs/0076): menus, game list, hot games, vendors, winner board. */
export const catalogueRoutes = routesOf(CATALOGUE_CALLS, {
  gameMenus: (c) => gameMenus(c.deps, c.merchant, requestLanguage(c.request)),
  games: (c) => gameList(c.deps, c.merchant, c.input, c.input.language ?? requestLanguage(c.request)),
  hotGames: (c) => hotGameList(c.deps, c.merchant, c.input.vassalage, c.input.language ?? requestLanguage(c.request)),
  vendors: (c) => vendorLanes(c.deps, c.merchant, requestLanguage(c.request)),
  winnerBoard: (c) => winnerBoard(c.deps, c.merchant, c.input.limitNum, c.input.language ?? requestLanguage(c.request)),
});
