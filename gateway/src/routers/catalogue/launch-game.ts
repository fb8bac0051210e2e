import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZLaunchInput, ZLaunchOutput } from './catalogue.types.ts';

/**
 * `catalogue.launch`: the game URL (UPSTREAM-NOTES: GET launchGame, launchMode GLS, accountType 0
 * for free trial). docs/rules/games.md#g-1 launch rule 1: a session is needed; the upstream refuses trial accounts.
 */
export const launchGame = memberProcedure
  .input(ZLaunchInput)
  .output(ZLaunchOutput)
  .mutation(async ({ ctx, input }) => {
    const launched = await ctx.api.launchGame({ ...input, language: ctx.language }, callContext(ctx));
    return { url: launched.content.game_url };
  });
