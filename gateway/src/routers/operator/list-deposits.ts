import { ZOperatorDepositsQuery, ZOperatorDepositsResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.deposits`: the merchant's deposits of one status, pending first (money.read). */
export const listDeposits = operatorProcedure
  .input(ZOperatorDepositsQuery)
  .output(ZOperatorDepositsResponse)
  .query(({ ctx, input }) => ctx.api.operatorDeposits(input, callContext(ctx)));
