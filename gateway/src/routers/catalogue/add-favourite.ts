import { ZFavouritePayload } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZDone } from './catalogue.types.ts';

/** `catalogue.addFavourite`. */
export const addFavourite = memberProcedure
  .input(ZFavouritePayload)
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await ctx.api.addFavourite(input, callContext(ctx));
    return { ok: true as const };
  });
