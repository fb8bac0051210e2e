import { ZFavouriteListResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZFavouritesInput } from './catalogue.types.ts';

/** `catalogue.favourites`: the member's favourite games, paged. */
export const listFavourites = memberProcedure
  .input(ZFavouritesInput)
  .output(ZFavouriteListResponse)
  .query(({ ctx, input }) => ctx.api.favouriteList(input, callContext(ctx)));
