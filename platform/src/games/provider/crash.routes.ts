import type { FastifyPluginAsync } from 'fastify';
import { WLG_CRASH_CALLS, type TWlgCrashLive } from '@wl/schemas';
import type { TPlatformDeps } from '../../http/deps.ts';
import { routesOf } from '../../http/routes-of.ts';
import { providerOf } from './built-in-provider.ts';
import { computeLive } from './crash-rounds.ts';
import { settleCrashedRounds } from './crash-settle.ts';
import { cashOutCrash, crashBetsOf, placeCrashBet } from './crash.service.ts';
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

/**
 * The crash game (docs/0042, docs/0076): the public live state; a bet, a cash-out and the session's
 * bets on the game session's token (the credential of these VISITOR calls, checked by sessionOf).
 */
export const crashRoutes: FastifyPluginAsync<{ deps: TPlatformDeps }> = async (app, { deps }) => {
  const { walletFor } = providerOf(app, deps);
  const ticker = crashLiveTicker(deps, walletFor);
  await app.register(
    routesOf(WLG_CRASH_CALLS, {
      crashLive: ({ merchant, input }) => ticker.live(merchant.id, input.game),
      // The call's own deps: its database handle carries the gateway's deadline (docs/0078).
      crashBet: async ({ deps, merchant, input: { token, ...bet } }) => {
        const s = await sessionOf(deps, merchant.id, token);
        return placeCrashBet(deps, walletFor(s.merchantId), s, bet);
      },
      // The call's own deps: its database handle carries the gateway's deadline (docs/0078).
      crashCashOut: async ({ deps, merchant, input }) => {
        const s = await sessionOf(deps, merchant.id, input.token);
        return cashOutCrash(deps, walletFor(s.merchantId), s, Number(input.betId));
      },
      crashMine: async ({ merchant, input }) => crashBetsOf(deps, await sessionOf(deps, merchant.id, input.token)),
    }),
    { deps },
  );
};
