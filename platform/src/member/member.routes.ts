import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  WPS_CODES,
  WPS_MESSAGES,
  WPS_PATHS,
  ZFavouriteListQuery,
  ZFavouritePayload,
  ZFavouriteRemove,
  ZLanguage,
  ZLaunchGameQuery,
  ZLotteryLaunchQuery,
  RECENT_PATHS,
  ZRecentListQuery,
  MESSAGE_PATHS,
  ZMessageListQuery,
  ZMessageReadRequest,
  ZMessagesReadAllRequest,
  ZVnGameMenuRecentQuery,
} from '@wl/schemas';
import { bearerToken, requireMember, requireRealMember, resolveMerchant } from '../http/auth.ts';
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
import { demoGamePage, expiredGamePage } from './demo-game-page.ts';
import { messageList, messageRead, messagesReadAll } from './messages.service.ts';

const ZDemoPageParams = z.object({ nodeId: z.string().min(1).max(64) });
const ZDemoPageQuery = z.object({ ticket: z.string().min(1).max(64) });
const ZDemoPageLanguage = z.object({ language: ZLanguage });

/** Member calls: info, favourites, recent games, platform messages, game launch and the demo game page. */
export function registerMemberRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.get(WPS_PATHS.memberInfo, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    // Member info answers during a forced password change: the login answer and the change modal need it.
    return ok(await memberInfo(deps, await requireMember(deps, request, merchant, { duringForcedChange: true })));
  });

  app.get(WPS_PATHS.favouriteIds, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    return ok(await favouriteIds(deps, await requireRealMember(deps, request, merchant)));
  });
  app.get(WPS_PATHS.favouriteList, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    const q = parseInput(ZFavouriteListQuery, request.query);
    return ok(await favouriteList(deps, member, q, requestLanguage(request)));
  });
  app.post(WPS_PATHS.favouriteAdd, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await favouriteAdd(deps, merchant, member, parseInput(ZFavouritePayload, request.body)));
  });
  app.delete(WPS_PATHS.favouriteRemove, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    // DELETE bodies are unusual: accept the nodeId in the query or in a JSON body.
    const query = request.query as Record<string, unknown>;
    const input = query && typeof query === 'object' && 'nodeId' in query ? query : request.body;
    const { nodeId } = parseInput(ZFavouriteRemove, input);
    return ok(await favouriteRemove(deps, merchant, member, nodeId));
  });

  // Recent games (docs/0036): the member's own launches only, read by the session's member id.
  app.get(RECENT_PATHS.recentList, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await recentList(deps, member, parseInput(ZRecentListQuery, request.query), requestLanguage(request)));
  });
  app.get(RECENT_PATHS.vnGameMenuRecent, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await vnGameMenuRecent(deps, merchant, member, parseInput(ZVnGameMenuRecentQuery, request.query), requestLanguage(request)));
  });

  // Platform messages (SPEC §2 messageV2): the session's member's own rows only.
  app.get(MESSAGE_PATHS.list, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await messageList(deps, member, parseInput(ZMessageListQuery, request.query)));
  });
  app.post(MESSAGE_PATHS.read, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await messageRead(deps, member, parseInput(ZMessageReadRequest, request.body).id));
  });
  app.post(MESSAGE_PATHS.readAll, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    parseInput(ZMessagesReadAllRequest, request.body ?? {});
    return ok(await messagesReadAll(deps, member));
  });

  // UPSTREAM-NOTES: launchGame is GET only; a POST is refused with 459.
  app.post(WPS_PATHS.launchGame, async () => {
    throw new WpsError(WPS_CODES.postNotAllowed, WPS_MESSAGES.badRequest);
  });
  app.get(WPS_PATHS.launchGame, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const raw = (request.query ?? {}) as Record<string, unknown>;
    // UPSTREAM-NOTES: anything but launchMode=GLS answers 727 ('system busy').
    if (raw.launchMode !== 'GLS') throw new WpsError(WPS_CODES.systemBusy, WPS_MESSAGES.internal);
    // SPEC §3 lottery launch: the lottery fields instead of a node id; lottery routes need a session.
    if ('lottoGameCode' in raw) {
      const member = await requireRealMember(deps, request, merchant);
      const q = parseInput(ZLotteryLaunchQuery, raw);
      return ok(await launchLottery(deps, merchant, member, { ...q, language: q.language ?? requestLanguage(request) }));
    }
    const q = parseInput(ZLaunchGameQuery, raw);
    // SPEC §6: a visitor (no session sent) may start free play; a session sent must be a real member's.
    const member = bearerToken(request) === null && q.accountType === 0 ? null : await requireRealMember(deps, request, merchant);
    // SPEC §3: the launch names its language (the gateway sends the session's); else the request's.
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
