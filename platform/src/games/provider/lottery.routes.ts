import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { WLG_LOTTERY_CALLS } from '@wl/schemas';
import type { TPlatformDeps } from '../../http/deps.ts';
import { routesOf } from '../../http/routes-of.ts';
import { providerOf, type TBuiltInProvider } from './built-in-provider.ts';
import { sessionOf } from './game-sessions.ts';
import { ensureOpenDraw, LOTTERY_SETTLE_QUEUE, lotteryGames, lotteryOpenedNumero } from './lottery-draws.ts';
import { settleDraw, settleDueDraws } from './lottery-settle.ts';
import { lotteryState, placeLotteryBet } from './lottery.service.ts';

/** Queue of the lottery's sweep: every lottery game has an open draw, every overdue draw gets settled. */
export const LOTTERY_SWEEP_QUEUE = 'lottery.sweep';
export const LOTTERY_SWEEP_CRON = '* * * * *';

/**
 * The lottery's jobs (docs/0041), defined once this platform listens (the provider reaches the wallet
 * on its address), like the games sweep. `lottery.settle` settles one draw, sent per draw for just
 * after its close; a draw left with bets the wallet could not take fails the job, which pg-boss
 * retries. It then opens the next draw, so draws go on without a visitor. `lottery.sweep` (one per
 * minute across processes) is the safety net: a draw whose job was never sent or ran out of retries.
 * Both only call settleDraw, which is idempotent per bet and per draw.
 */
export function scheduleLottery(app: FastifyInstance, deps: TPlatformDeps, provider: TBuiltInProvider): void {
  let scheduled = false;
  app.addHook('onListen', async () => {
    const runner = await deps.jobs?.();
    if (!runner || scheduled) return;
    scheduled = true;
    const openNext = async () => {
      for (const game of await lotteryGames(deps.db)) await ensureOpenDraw(deps, game);
    };
    await runner.define<{ drawId: number }>(
      LOTTERY_SETTLE_QUEUE,
      async (job) => {
        const settled = await settleDraw(deps, provider.walletFor, job.data.drawId);
        if (settled.state === 'early') throw new Error(`lottery draw ${job.data.drawId} is not due yet`);
        if (settled.left > 0) throw new Error(`lottery draw ${job.data.drawId}: ${settled.left} bets wait for the wallet`);
        await openNext();
      },
      { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 300 },
    );
    await runner.define(
      LOTTERY_SWEEP_QUEUE,
      async () => {
        await settleDueDraws(deps, provider.walletFor);
        await openNext();
      },
      { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300, policy: 'short' },
    );
    await runner.schedule(LOTTERY_SWEEP_QUEUE, LOTTERY_SWEEP_CRON);
    // The first draw opens now rather than at the first sweep.
    await openNext();
  });
}

/**
 * The lottery page's calls (docs/0041, docs/0076), on the game session's token (the credential of
 * these VISITOR calls, checked by sessionOf), and the public opened numero (docs/rules/accounts.md#a-1).
 */
export const lotteryRoutes: FastifyPluginAsync<{ deps: TPlatformDeps }> = async (app, { deps }) => {
  const provider = providerOf(app, deps);
  scheduleLottery(app, deps, provider);
  await app.register(
    routesOf(WLG_LOTTERY_CALLS, {
      lotteryState: async ({ merchant, input }) => {
        const s = await sessionOf(deps, merchant.id, input.token);
        return lotteryState(deps, s, await provider.balanceOf(s));
      },
      // The call's own deps: its database handle carries the gateway's deadline (docs/0078).
      lotteryBet: async ({ deps, merchant, input: { token, ...bet } }) => {
        const s = await sessionOf(deps, merchant.id, token);
        return placeLotteryBet(deps, provider.walletFor(s.merchantId), s, bet);
      },
      lotteryNumero: ({ merchant, input }) => lotteryOpenedNumero(deps, merchant.id, input.gameCode),
    }),
    { deps },
  );
};
