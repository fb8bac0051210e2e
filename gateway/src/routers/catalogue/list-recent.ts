import { RECENT_CALLS, ZRecentListQuery, ZRecentListResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `catalogue.recent`: the games the member launched lately, newest first (docs/rules/games.md#g-11 /recent, docs/0036). */
export const listRecent = memberProcedure
  .input(ZRecentListQuery)
  .output(ZRecentListResponse)
  .query(({ ctx, input }) => ctx.api.call(RECENT_CALLS.recent, input, callContext(ctx)));
