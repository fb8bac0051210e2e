import { ZHotGamesResponse } from '@wl/schemas';
import { publicCall } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { ZLanguageInput } from './catalogue.types.ts';

/** `catalogue.hotGames`: the HOT row's games. */
export const listHotGames = publicProcedure
  .input(ZLanguageInput)
  .output(ZHotGamesResponse.shape.list)
  .query(async ({ ctx, input }) => (await publicCall(ctx, 'hot', input.language, (call) => ctx.api.hotGames(call))).list);
