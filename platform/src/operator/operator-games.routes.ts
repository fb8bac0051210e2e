import { OPERATOR_GAMES_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { requestLanguage } from '../http/request-context.ts';
import { operatorGameCategories, operatorGames, setGame, setGameCategory } from './operator-games.service.ts';
import { operatorLotterySettings, setLotterySettings } from './operator-lottery.service.ts';
import { operatorGameRounds } from './operator-rounds.service.ts';

/**
 * docs/0037: the console's category and game switches, the built-in games' rounds
 * and bets (docs/0043) and the lottery settings (docs/0041). Reading needs config.read; switching
 * is content, like whitelabel flags; rounds are members' stakes and wins (money.read); the
 * lottery's payouts are money (money.write, not the content role's whitelabel.write, docs/0066).
 */
export const operatorGamesRoutes = routesOf(OPERATOR_GAMES_CALLS, {
  gameCategories: (c) => operatorGameCategories(c.deps, c.merchant.id, requestLanguage(c.request)),
  setGameCategory: (c) => setGameCategory(c.deps, c.merchant, c.actor, c.ip, c.input, requestLanguage(c.request)),
  games: (c) => operatorGames(c.deps, c.merchant.id, c.input),
  setGame: (c) => setGame(c.deps, c.merchant, c.actor, c.ip, c.input),
  gameRounds: (c) => operatorGameRounds(c.deps, c.merchant.id, c.input),
  lotterySettings: (c) => operatorLotterySettings(c.deps, c.merchant.id),
  setLotterySettings: (c) => setLotterySettings(c.deps, c.merchant, c.actor, c.ip, c.input),
});
