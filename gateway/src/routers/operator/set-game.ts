import { ZOperatorGame, ZOperatorSetGameRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/**
 * `operator.setGame`: switches one game on or off (whitelabel.write; docs/0037). Off, it leaves every
 * list and its launch is refused (543). Open pages hear of it on the live config stream (docs/0021).
 */
export const setGame = operatorProcedure
  .input(ZOperatorSetGameRequest)
  .output(ZOperatorGame)
  .mutation(async ({ ctx, input }) => {
    const game = await ctx.api.operatorSetGame(input, callContext(ctx));
    ctx.configChanged();
    return game;
  });
