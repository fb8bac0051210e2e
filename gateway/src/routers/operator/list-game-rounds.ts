import { ZOperatorRoundsQuery, ZOperatorRoundsResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.gameRounds`: a page of the built-in games' rounds with their provably fair data and totals (money.read; docs/0043). */
export const listGameRounds = operatorProcedure
  .input(ZOperatorRoundsQuery)
  .output(ZOperatorRoundsResponse)
  .query(({ ctx, input }) => ctx.api.operatorGameRounds(input, callContext(ctx)));
