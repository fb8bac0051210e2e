import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZLaunchOutput, ZLotteryLaunchInput } from './catalogue.types.ts';

/**
 * `catalogue.launchLottery`: the lottery game of a lottery route with the docs/rules/games.md#g-3 launch fields
 * (area, game code, prize mode, view, device, back URL). Lottery routes need a session (docs/rules/games.md#g-4);
 * the platform checks the prize mode against the docs/rules/games.md#g-3 rule.
 */
export const launchLottery = memberProcedure
  .input(ZLotteryLaunchInput)
  .output(ZLaunchOutput)
  .mutation(async ({ ctx, input }) => {
    const launched = await ctx.api.launchLottery({ ...input, language: ctx.language }, callContext(ctx));
    return { url: launched.content.game_url };
  });
