import { FAVOURITE_CALLS, ZFavouritePayload } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZDone } from './catalogue.types.ts';

/** `catalogue.addFavourite`. */
export const addFavourite = memberProcedure
  .input(ZFavouritePayload)
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await ctx.api.call(FAVOURITE_CALLS.addFavourite, input, callContext(ctx));
    return { ok: true as const };
  });
