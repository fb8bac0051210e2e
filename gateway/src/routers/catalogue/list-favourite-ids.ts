import { FAVOURITE_CALLS, ZFavouriteIdsResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `catalogue.favouriteIds`: node ids the member marked, for the tiles' toggles. */
export const listFavouriteIds = memberProcedure
  .output(ZFavouriteIdsResponse)
  .query(({ ctx }) => ctx.api.call(FAVOURITE_CALLS.favouriteIds, undefined, callContext(ctx)));
