import { FAVOURITE_CALLS, ZFavouriteListResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZFavouritesInput } from './catalogue.types.ts';

/** `catalogue.favourites`: the member's favourite games, paged. */
export const listFavourites = memberProcedure
  .input(ZFavouritesInput)
  .output(ZFavouriteListResponse)
  .query(({ ctx, input }) => ctx.api.call(FAVOURITE_CALLS.favourites, input, callContext(ctx)));
