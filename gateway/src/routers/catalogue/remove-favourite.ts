import { FAVOURITE_CALLS, ZFavouriteRemove } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZDone } from './catalogue.types.ts';

/** `catalogue.removeFavourite`. */
export const removeFavourite = memberProcedure
  .input(ZFavouriteRemove)
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await ctx.api.call(FAVOURITE_CALLS.removeFavourite, input, callContext(ctx));
    return { ok: true as const };
  });
