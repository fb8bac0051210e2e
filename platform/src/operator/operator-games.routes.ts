import {
  OPERATOR_GAMES_PATHS,
  OPERATOR_ROUNDS_PATHS,
  ZOperatorGamesQuery,
  ZOperatorRoundsQuery,
  ZOperatorSetGameCategoryRequest,
  ZOperatorSetGameRequest,
} from '@wl/schemas';
import { parseInput, requestLanguage } from '../http/request-context.ts';
import { operatorGameCategories, operatorGames, setGame, setGameCategory } from './operator-games.service.ts';
import { operatorGameRounds } from './operator-rounds.service.ts';
import type { TOperatorRoute } from './operator.routes.ts';

/**
 * Issue 9 item 8: the console's category and game switches (docs/0037), spread into
 * OPERATOR_ROUTES. Reading needs config.read; switching is content, like whitelabel flags.
 */
export const OPERATOR_GAMES_ROUTES: readonly TOperatorRoute[] = [
  {
    method: 'GET',
    url: OPERATOR_GAMES_PATHS.operatorGameCategories,
    permission: 'config.read',
    handle: (c) => operatorGameCategories(c.deps, c.merchant.id, requestLanguage(c.request)),
  },
  {
    method: 'PUT',
    url: OPERATOR_GAMES_PATHS.operatorGameCategories,
    permission: 'whitelabel.write',
    handle: (c) => setGameCategory(c.deps, c.merchant, c.op, c.ip, parseInput(ZOperatorSetGameCategoryRequest, c.request.body), requestLanguage(c.request)),
  },
  {
    method: 'GET',
    url: OPERATOR_GAMES_PATHS.operatorGames,
    permission: 'config.read',
    handle: (c) => operatorGames(c.deps, c.merchant.id, parseInput(ZOperatorGamesQuery, c.request.query)),
  },
  {
    method: 'PUT',
    url: OPERATOR_GAMES_PATHS.operatorGames,
    permission: 'whitelabel.write',
    handle: (c) => setGame(c.deps, c.merchant, c.op, c.ip, parseInput(ZOperatorSetGameRequest, c.request.body)),
  },
  // The built-in games' rounds and bets (docs/0043): members' stakes and wins, so money.read.
  {
    method: 'GET',
    url: OPERATOR_ROUNDS_PATHS.operatorGameRounds,
    permission: 'money.read',
    handle: (c) => operatorGameRounds(c.deps, c.merchant.id, parseInput(ZOperatorRoundsQuery, c.request.query)),
  },
];
