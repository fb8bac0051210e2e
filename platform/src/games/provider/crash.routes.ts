import type { FastifyInstance } from 'fastify';
import { WLG_CRASH_PATHS, ZWlgCrashBetRequest, ZWlgCrashCashOutRequest, ZWlgCrashLiveRequest, ZWlgTokenRequest, type TWlgCrashLive } from '@wl/schemas';
import { resolveMerchant } from '../../http/auth.ts';
import type { TPlatformDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/request-context.ts';
import { cashOutCrash, computeLive, crashBetsOf, placeCrashBet, settleCrashedRounds } from './crash.service.ts';
import { sessionOf } from './game-sessions.ts';
import type { TWalletClient } from './wallet-client.ts';

/** The live state is computed at most once per tick per game and process, however many pages poll it. */
export const CRASH_LIVE_TICK_MS = 250;

/**
 * The live state of each crash game, one computation per tick of the server's clock: every page
 * polling within a tick shares one promise. A tick that finds a crashed, unsettled round starts its
 * settlement (one at a time per game in this process), so auto cash-outs and losses are paid within a
 * tick or two of the crash; the games sweep does it for games nobody watches.
 */
export function crashLiveTicker(deps: TPlatformDeps, walletFor: (merchantId: number) => TWalletClient) {
  const ticks = new Map<string, { tick: number; value: Promise<TWlgCrashLive> }>();
  const settling = new Set<number>();
  const settle = (merchantId: number, gameId: number) => {
    if (settling.has(gameId)) return;
    settling.add(gameId);
    settleCrashedRounds(deps, walletFor(merchantId), merchantId, gameId)
      .catch((err: unknown) => console.error(`crash settlement of game ${gameId}: ${(err as Error).message}`))
      .finally(() => settling.delete(gameId));
  };
  return {
    live(merchantId: number, nodeId: string): Promise<TWlgCrashLive> {
      const now = deps.clock();
      const tick = Math.floor(now.getTime() / CRASH_LIVE_TICK_MS);
      const key = `${merchantId}|${nodeId}`;
      const hit = ticks.get(key);
      if (hit && hit.tick === tick) return hit.value;
      const value = computeLive(deps, merchantId, nodeId, now).then((r) => {
        if (r.unsettled) settle(merchantId, r.game.id);
        return r.live;
      });
      ticks.set(key, { tick, value });
      value.catch(() => {
        if (ticks.get(key)?.value === value) ticks.delete(key);
      });
      return value;
    },
    /** Waits for this process's running settlements (tests). */
    get settling(): number {
      return settling.size;
    },
  };
}

/** Routes of the crash game (docs/0042): the public live state; a bet, a cash-out and the session's bets on the session token. */
export function registerCrashRoutes(app: FastifyInstance, deps: TPlatformDeps, walletFor: (merchantId: number) => TWalletClient) {
  const ticker = crashLiveTicker(deps, walletFor);
  const session = async (request: Parameters<typeof resolveMerchant>[1], token: string) => sessionOf(deps, (await resolveMerchant(deps, request)).id, token);
  app.post(WLG_CRASH_PATHS.live, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const { game } = parseInput(ZWlgCrashLiveRequest, request.body);
    return ok(await ticker.live(merchant.id, game));
  });
  app.post(WLG_CRASH_PATHS.bet, async (request) => {
    const { token, ...input } = parseInput(ZWlgCrashBetRequest, request.body);
    const s = await session(request, token);
    return ok(await placeCrashBet(deps, walletFor(s.merchantId), s, input));
  });
  app.post(WLG_CRASH_PATHS.cashOut, async (request) => {
    const input = parseInput(ZWlgCrashCashOutRequest, request.body);
    const s = await session(request, input.token);
    return ok(await cashOutCrash(deps, walletFor(s.merchantId), s, Number(input.betId)));
  });
  app.post(WLG_CRASH_PATHS.mine, async (request) => {
    const s = await session(request, parseInput(ZWlgTokenRequest, request.body).token);
    return ok(await crashBetsOf(deps, s));
  });
  return ticker;
}
