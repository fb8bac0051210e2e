import { CATALOGUE_CALLS, ZGameMenusResponse } from '@wl/schemas';
import { publicCall } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';

/** `catalogue.gameMenus`: categories with their vendor cards, in the caller's language. */
export const listGameMenus = publicProcedure
  .output(ZGameMenusResponse)
  .query(({ ctx }) => publicCall(ctx, 'menus', ctx.language, (call) => ctx.api.call(CATALOGUE_CALLS.gameMenus, undefined, call)));
