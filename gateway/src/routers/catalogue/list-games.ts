import { CATALOGUE_CALLS, GAME_LIST_CLIENT_TYPE, GAME_LIST_PLATFORM, ZGameListResponse } from '@wl/schemas';
import { publicCall } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { ZGamesInput } from './catalogue.types.ts';

/** `catalogue.games`: one page of the game list, filtered by category, vendor and name. */
export const listGames = publicProcedure
  .input(ZGamesInput)
  .output(ZGameListResponse)
  .query(({ ctx, input }) => {
    const { language, ...filters } = input;
    return publicCall(ctx, `games|${JSON.stringify(filters)}`, language, (call) =>
      ctx.api.call(
        CATALOGUE_CALLS.games,
        { clientType: GAME_LIST_CLIENT_TYPE, platform: GAME_LIST_PLATFORM, merchant: ctx.api.merchantCode, ...filters, language: call.language },
        call,
      ),
    );
  });
