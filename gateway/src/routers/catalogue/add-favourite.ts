import { FAVOURITE_CALLS, ZFavouritePayload } from '@wl/schemas';
import { relayDone } from '../../trpc/relay-done.ts';

/** `catalogue.addFavourite`. */
export const addFavourite = relayDone(FAVOURITE_CALLS.addFavourite, ZFavouritePayload);
