import { ZHotGamesResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { ZLanguageInput } from './catalogue.types.ts';

/** `catalogue.hotGames`: the HOT row's games. */
export const listHotGames = publicProcedure
  .input(ZLanguageInput)
  .output(ZHotGamesResponse.shape.list)
  .query(async ({ ctx, input }) => (await ctx.api.hotGames(callContext(ctx, input.language))).list);
