import { CATALOGUE_CALLS, VENDOR_PLATFORM, ZHotGamesResponse } from '@wl/schemas';
import { publicCall } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { ZLanguageInput } from './catalogue.types.ts';

/** `catalogue.hotGames`: the HOT row's games. */
export const listHotGames = publicProcedure
  .input(ZLanguageInput)
  .output(ZHotGamesResponse.shape.list)
  .query(async ({ ctx, input }) => {
    const hot = await publicCall(ctx, 'hot', input.language, (call) =>
      ctx.api.call(
        CATALOGUE_CALLS.hotGames,
        { merchantCode: ctx.api.merchantCode, isPlatform: 'true', platform: VENDOR_PLATFORM, language: call.language },
        call,
      ),
    );
    return hot.list;
  });
