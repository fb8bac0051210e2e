import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { WPS_CODES, WPS_MESSAGES, WPS_PATHS, ZLanguage, ZLaunchGameQuery, ZLotteryLaunchQuery, MEMBER_CALLS, FAVOURITE_CALLS, RECENT_CALLS } from '@wl/schemas';
import { bearerToken, requireRealMember, resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok, WpsError } from '../http/envelope.ts';
import { parseInput, requestLanguage } from '../http/request-context.ts';
import {
  favouriteAdd,
  favouriteIds,
  favouriteList,
  favouriteRemove,
  launchGame,
  launchLottery,
  memberInfo,
  recentList,
  redeemTicket,
  vnGameMenuRecent,
} from './member.service.ts';
import { routesOf } from '../http/routes-of.ts';
import { balance } from '../wallet/wallet.service.ts';
import { demoGamePage, expiredGamePage } from './demo-game-page.ts';

const ZDemoPageParams = z.object({ nodeId: z.string().min(1).max(64) });
const ZDemoPageQuery = z.object({ ticket: z.string().min(1).max(64) });
const ZDemoPageLanguage = z.object({ language: ZLanguage });

/**
 * The signed-in member: info answers during a forced password change (the login answer and the
 * change modal need it, docs/0014); the balance answers trial accounts too.
 */
export const memberRoutes = routesOf(MEMBER_CALLS, {
  info: (c) => memberInfo(c.deps, c.actor),
  balance: (c) => balance(c.deps, c.merchant, c.actor),
});

/** Favourite games: the member's own, trial accounts refused (REAL_MEMBER). */
export const favouriteRoutes = routesOf(FAVOURITE_CALLS, {
  favouriteIds: (c) => favouriteIds(c.deps, c.actor),
  favourites: (c) => favouriteList(c.deps, c.actor, c.input, requestLanguage(c.request)),
  addFavourite: (c) => favouriteAdd(c.deps, c.merchant, c.actor, c.input),
  removeFavourite: { handle: (c) => favouriteRemove(c.deps, c.merchant, c.actor, c.input.nodeId), inputFrom: nodeIdOf },
});

/** DELETE bodies are unusual: the node id in the query, else in a JSON body. */
function nodeIdOf(request: FastifyRequest): unknown {
  const query = request.query as Record<string, unknown> | undefined;
  return query && typeof query === 'object' && 'nodeId' in query ? query : request.body;
}

/** Recent games (docs/0036): the member's own launches only, read by the session's member id. */
export const recentRoutes = routesOf(RECENT_CALLS, {
  recent: (c) => recentList(c.deps, c.actor, c.input, requestLanguage(c.request)),
  vnGameMenuRecent: (c) => vnGameMenuRecent(c.deps, c.merchant, c.actor, c.input, requestLanguage(c.request)),
});

/** Member calls not yet declared: game launch and the demo game page. */
export function registerMemberRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  // UPSTREAM-NOTES: launchGame is GET only; a POST is refused with 459.
  app.post(WPS_PATHS.launchGame, async () => {
    throw new WpsError(WPS_CODES.postNotAllowed, WPS_MESSAGES.badRequest);
  });
  app.get(WPS_PATHS.launchGame, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const raw = (request.query ?? {}) as Record<string, unknown>;
    // UPSTREAM-NOTES: anything but launchMode=GLS answers 727 ('system busy').
    if (raw.launchMode !== 'GLS') throw new WpsError(WPS_CODES.systemBusy, WPS_MESSAGES.internal);
    // docs/rules/games.md#g-3 lottery launch: the lottery fields instead of a node id; lottery routes need a session.
    if ('lottoGameCode' in raw) {
      const member = await requireRealMember(deps, request, merchant);
      const q = parseInput(ZLotteryLaunchQuery, raw);
      return ok(await launchLottery(deps, merchant, member, { ...q, language: q.language ?? requestLanguage(request) }));
    }
    const q = parseInput(ZLaunchGameQuery, raw);
    // docs/rules/accounts.md#a-25: a visitor (no session sent) may start free play; a session sent must be a real member's.
    const member = bearerToken(request) === null && q.accountType === 0 ? null : await requireRealMember(deps, request, merchant);
    // docs/rules/README.md#fields: the launch names its language (the gateway sends the session's); else the request's.
    return ok(await launchGame(deps, merchant, member, { ...q, language: q.language ?? requestLanguage(request) }));
  });

  app.get('/wps/game/demo/:nodeId', async (request, reply) => {
    const params = ZDemoPageParams.safeParse(request.params);
    const query = ZDemoPageQuery.safeParse(request.query);
    const game = params.success && query.success ? await redeemTicket(deps, params.data.nodeId, query.data.ticket) : null;
    // The launch's language, which the game URL carries (a new tab sends no language header); else the request's.
    const language = ZDemoPageLanguage.safeParse(request.query).data?.language ?? requestLanguage(request);
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!game) return reply.code(403).send(expiredGamePage(language));
    return reply.send(demoGamePage(game, language));
  });
}
