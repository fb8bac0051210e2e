import { ZOperatorGamesQuery, ZOperatorGamesResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.games`: a page of games found by name or vendor, by category and switch state (config.read; docs/0037). */
export const listOperatorGames = operatorProcedure
  .input(ZOperatorGamesQuery)
  .output(ZOperatorGamesResponse)
  .query(({ ctx, input }) => ctx.api.operatorGames(input, callContext(ctx)));
