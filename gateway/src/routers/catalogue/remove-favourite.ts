import { ZFavouriteRemove } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZDone } from './catalogue.types.ts';

/** `catalogue.removeFavourite`. */
export const removeFavourite = memberProcedure
  .input(ZFavouriteRemove)
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await ctx.api.removeFavourite(input.nodeId, callContext(ctx));
    return { ok: true as const };
  });
