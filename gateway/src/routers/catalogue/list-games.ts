import { ZGameListResponse } from '@wl/schemas';
import { publicCall } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { ZGamesInput } from './catalogue.types.ts';

/** `catalogue.games`: one page of the game list, filtered by category, vendor and name. */
export const listGames = publicProcedure
  .input(ZGamesInput)
  .output(ZGameListResponse)
  .query(({ ctx, input }) => {
    const { language, ...filters } = input;
    return publicCall(ctx, `games|${JSON.stringify(filters)}`, language, (call) => ctx.api.gameList(filters, call));
  });
