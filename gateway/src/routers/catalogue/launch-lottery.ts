import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZLaunchOutput, ZLotteryLaunchInput } from './catalogue.types.ts';

/**
 * `catalogue.launchLottery`: the lottery game of a lottery route with the SPEC §3 launch fields
 * (area, game code, prize mode, view, device, back URL). Lottery routes need a session (SPEC §6);
 * the platform checks the prize mode against the SPEC §4 rule.
 */
export const launchLottery = memberProcedure
  .input(ZLotteryLaunchInput)
  .output(ZLaunchOutput)
  .mutation(async ({ ctx, input }) => {
    const launched = await ctx.api.launchLottery({ ...input, language: ctx.language }, callContext(ctx));
    return { url: launched.content.game_url };
  });
