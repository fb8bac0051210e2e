import { memberProcedure } from '../../trpc/init.ts';
import { ZLaunchOutput, ZLotteryLaunchInput } from './catalogue.types.ts';
import { launchUrl } from './launch-game.ts';

/**
 * `catalogue.launchLottery`: the lottery game of a lottery route with the docs/rules/games.md#g-3 launch fields
 * (area, game code, prize mode, view, device, back URL). Lottery routes need a session (docs/rules/games.md#g-4);
 * the platform checks the prize mode against the docs/rules/games.md#g-3 rule.
 */
export const launchLottery = memberProcedure
  .input(ZLotteryLaunchInput)
  .output(ZLaunchOutput)
  .mutation(({ ctx, input }) => launchUrl(ctx, input));
