import { FAVOURITE_CALLS, ZFavouriteRemove } from '@wl/schemas';
import { relayDone } from '../../trpc/relay-done.ts';

/** `catalogue.removeFavourite`. */
export const removeFavourite = relayDone(FAVOURITE_CALLS.removeFavourite, ZFavouriteRemove);
