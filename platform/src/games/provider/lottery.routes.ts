import type { FastifyInstance } from 'fastify';
import { WLG_LOTTERY_PATHS, ZWlgLotteryBetRequest, ZWlgLotteryNumeroQuery, ZWlgLotteryStateRequest } from '@wl/schemas';
import { resolveMerchant } from '../../http/auth.ts';
import type { TPlatformDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/request-context.ts';
import { sessionOf } from './game-sessions.ts';
import { ensureOpenDraw, LOTTERY_SETTLE_QUEUE, lotteryGames, lotteryOpenedNumero, lotteryState, placeLotteryBet, settleDraw, settleDueDraws } from './lottery.service.ts';
import type { builtInProvider } from './provider.routes.ts';

/** Queue of the lottery's sweep: every lottery game has an open draw, every overdue draw gets settled. */
export const LOTTERY_SWEEP_QUEUE = 'lottery.sweep';
export const LOTTERY_SWEEP_CRON = '* * * * *';

type TProvider = ReturnType<typeof builtInProvider>;

/**
 * The lottery's jobs (docs/0041), defined once this platform listens (the provider reaches the wallet
 * on its address), like the games sweep. `lottery.settle` settles one draw, sent per draw for just
 * after its close; a draw left with bets the wallet could not take fails the job, which pg-boss
 * retries. It then opens the next draw, so draws go on without a visitor. `lottery.sweep` (one per
 * minute across processes) is the safety net: a draw whose job was never sent or ran out of retries.
 * Both only call settleDraw, which is idempotent per bet and per draw.
 */
export function scheduleLottery(app: FastifyInstance, deps: TPlatformDeps, provider: TProvider): void {
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

/** The lottery page's calls (on the game session's token) and the public opened numero (SPEC §6). */
export function registerLotteryRoutes(app: FastifyInstance, deps: TPlatformDeps, provider: TProvider): void {
  scheduleLottery(app, deps, provider);
  app.post(WLG_LOTTERY_PATHS.state, async (request) => {
    const { token } = parseInput(ZWlgLotteryStateRequest, request.body);
    const s = await sessionOf(deps, (await resolveMerchant(deps, request)).id, token);
    return ok(await lotteryState(deps, s, await provider.balanceOf(s)));
  });
  app.post(WLG_LOTTERY_PATHS.bet, async (request) => {
    const { token, ...bet } = parseInput(ZWlgLotteryBetRequest, request.body);
    const s = await sessionOf(deps, (await resolveMerchant(deps, request)).id, token);
    return ok(await placeLotteryBet(deps, provider.walletFor(s.merchantId), s, bet));
  });
  app.get(WLG_LOTTERY_PATHS.numero, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const { gameCode } = parseInput(ZWlgLotteryNumeroQuery, request.query);
    return ok(await lotteryOpenedNumero(deps, merchant.id, gameCode));
  });
}
