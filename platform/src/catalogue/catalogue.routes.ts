import type { FastifyInstance } from 'fastify';
import { WPS_PATHS, ZGameListQuery, ZHotGamesQuery, ZWinnerBoardQuery } from '@wl/schemas';
import { resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { parseInput, requestLanguage } from '../http/request-context.ts';
import { gameList, gameMenus, hotGameList, vendorLanes, winnerBoard } from './catalogue.service.ts';

/** Catalogue calls of SPEC §7: menus, game list, hot games, vendors, winner board. */
export function registerCatalogueRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.get(WPS_PATHS.gameMenus, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    return ok(await gameMenus(deps, merchant, requestLanguage(request)));
  });
  app.get(WPS_PATHS.gameList, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const q = parseInput(ZGameListQuery, request.query);
    return ok(await gameList(deps, merchant, q, q.language ?? requestLanguage(request)));
  });
  app.get(WPS_PATHS.hotGames, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const q = parseInput(ZHotGamesQuery, request.query);
    return ok(await hotGameList(deps, merchant, q.vassalage, q.language ?? requestLanguage(request)));
  });
  app.get(WPS_PATHS.vendors, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    return ok(await vendorLanes(deps, merchant, requestLanguage(request)));
  });
  app.get(WPS_PATHS.winnerBoard, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const q = parseInput(ZWinnerBoardQuery, request.query);
    return ok(await winnerBoard(deps, merchant, q.limitNum, q.language ?? requestLanguage(request)));
  });
}
