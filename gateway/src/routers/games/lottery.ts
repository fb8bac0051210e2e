import { ZWlgLotteryBetRequest, ZWlgLotteryBetResponse, ZWlgLotteryNumeroQuery, ZWlgLotteryNumeroResponse, ZWlgLotteryStateRequest, ZWlgLotteryStateResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';

/*
 * The built-in lottery's calls (docs/0041). The page's own carry the game session's token in a POST
 * body, like the slot's (play-game.ts); the opened numero is public information, a query.
 */

/** `games.lotteryState`: the open draw, the last draws, the player's bets, the payout table, the balance. */
export const lotteryState = publicProcedure
  .input(ZWlgLotteryStateRequest)
  .output(ZWlgLotteryStateResponse)
  .mutation(({ ctx, input }) => withRateLimit(ctx, 'gamePlay', input.token, () => ctx.api.wlgLotteryState(input, callContext(ctx))));

/** `games.lotteryBet`: a bet on the open draw the page shows. */
export const lotteryBet = publicProcedure
  .input(ZWlgLotteryBetRequest)
  .output(ZWlgLotteryBetResponse)
  .mutation(({ ctx, input }) => withRateLimit(ctx, 'gamePlay', input.token, () => ctx.api.wlgLotteryBet(input, callContext(ctx))));

/** `games.lotteryNumero`: SPEC §6 "opened numero" — the open draw and the last results; anyone, limited per IP. */
export const lotteryNumero = publicProcedure
  .input(ZWlgLotteryNumeroQuery)
  .output(ZWlgLotteryNumeroResponse)
  .query(({ ctx, input }) => withRateLimit(ctx, 'gamePlay', null, () => ctx.api.wlgLotteryNumero(input, callContext(ctx))));
