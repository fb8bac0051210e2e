import { z } from 'zod';
import { REAL_MEMBER, VISITOR, byInput, declareCall } from './call.ts';
import { ZLaunchGameQuery, ZLaunchGameResponse, ZLotteryLaunchQuery } from './calls.ts';
import { WPS_PATHS } from './paths.ts';

/** What a launch sends: a lottery game with its docs/rules/games.md#g-3 fields, else a game by node id or game code. */
export const ZLaunchQuery = z.union([ZLotteryLaunchQuery, ZLaunchGameQuery]);

/** A page the handler writes itself (HTML, not an envelope). */
const ZHtml = z.string();

/**
 * The game launch and the demo game page (docs/0076). The category switch (GAME_<type>) is the
 * launch service's, by the game's type: the call alone does not say which applies.
 */
export const LAUNCH_CALLS = {
  /**
   * UPSTREAM-NOTES: GET only, launchMode GLS (anything else answers 727). The query decides the
   * caller: a lottery launch (docs/rules/games.md#g-3) and a real-money launch need a real member's
   * session; free play (accountType 0) needs none, but a session that is sent must be a real
   * member's (docs/rules/accounts.md#a-25).
   */
  launch: declareCall({
    method: 'GET',
    path: WPS_PATHS.launchGame,
    moduleId: 'LAUNCHGAME',
    input: ZLaunchQuery,
    output: ZLaunchGameResponse,
    audience: byInput(VISITOR, REAL_MEMBER),
    kind: 'game',
  }),
  /** UPSTREAM-NOTES: a POST is refused with 459 before anything is read. */
  launchByPost: declareCall({ method: 'POST', path: WPS_PATHS.launchGame, moduleId: 'LAUNCHGAME', output: z.never(), audience: VISITOR, kind: 'game' }),
  /**
   * The built-in game page a launch's URL opens, once per ticket (`?ticket=…&language=…`). A link
   * that does not parse answers the expired page (403), not a 400, so the handler reads the link.
   */
  demoPage: declareCall({ method: 'GET', path: '/wps/game/demo/:nodeId', moduleId: 'LAUNCHGAME', output: ZHtml, audience: VISITOR, kind: 'game' }),
} as const;
