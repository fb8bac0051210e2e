import { z } from 'zod';
import { LAUNCH_CALLS, REAL_MEMBER, VISITOR, WPS_CODES, WPS_MESSAGES, ZLanguage, ZLaunchGameQuery, ZLotteryLaunchQuery } from '@wl/schemas';
import { bearerToken } from '../http/auth.ts';
import { WpsError } from '../http/envelope.ts';
import { parseInput, requestLanguage } from '../http/request-context.ts';
import { routesOf, type TCallContext } from '../http/routes-of.ts';
import { demoGamePage, expiredGamePage } from './demo-game-page.ts';
import { launchGame, launchLottery, redeemTicket } from './launch.service.ts';

const ZDemoPageParams = z.object({ nodeId: z.string().min(1).max(64) });
const ZDemoPageQuery = z.object({ ticket: z.string().min(1).max(64) });
const ZDemoPageLanguage = z.object({ language: ZLanguage });

/** The game launch and the demo game page (docs/0076): the launch's query decides its caller. */
export const launchRoutes = routesOf(LAUNCH_CALLS, {
  launch,
  launchByPost: () => {
    throw new WpsError(WPS_CODES.postNotAllowed, WPS_MESSAGES.badRequest);
  },
  demoPage: { handle: demoPage, raw: true },
});

async function launch(c: TCallContext<typeof LAUNCH_CALLS.launch>) {
  const raw = (c.input ?? {}) as Record<string, unknown>;
  // UPSTREAM-NOTES: anything but launchMode=GLS answers 727 ('system busy').
  if (raw.launchMode !== 'GLS') throw new WpsError(WPS_CODES.systemBusy, WPS_MESSAGES.internal);
  // docs/rules/games.md#g-3 lottery launch: the lottery fields instead of a node id; lottery routes need a session.
  if ('lottoGameCode' in raw) {
    const member = await c.actorAs(REAL_MEMBER);
    const q = parseInput(ZLotteryLaunchQuery, raw);
    return launchLottery(c.deps, c.merchant, member, { ...q, language: q.language ?? requestLanguage(c.request) });
  }
  const q = parseInput(ZLaunchGameQuery, raw);
  // docs/rules/accounts.md#a-25: a visitor (no session sent) may start free play; a session sent must be a real member's.
  const member = await c.actorAs(bearerToken(c.request) === null && q.accountType === 0 ? VISITOR : REAL_MEMBER);
  // docs/rules/README.md#fields: the launch names its language (the gateway sends the session's); else the request's.
  return launchGame(c.deps, c.merchant, member, { ...q, language: q.language ?? requestLanguage(c.request) });
}

async function demoPage(c: TCallContext<typeof LAUNCH_CALLS.demoPage>) {
  const params = ZDemoPageParams.safeParse(c.request.params);
  const query = ZDemoPageQuery.safeParse(c.request.query);
  const game = params.success && query.success ? await redeemTicket(c.deps, params.data.nodeId, query.data.ticket) : null;
  // The launch's language, which the game URL carries (a new tab sends no language header); else the request's.
  const language = ZDemoPageLanguage.safeParse(c.request.query).data?.language ?? requestLanguage(c.request);
  c.reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
  if (!game) return c.reply.code(403).send(expiredGamePage(language));
  return c.reply.send(demoGamePage(game, language));
}
