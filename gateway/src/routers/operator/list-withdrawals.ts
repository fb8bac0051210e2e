import { ZOperatorWithdrawalsQuery, ZOperatorWithdrawalsResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.withdrawals`: pending ones to pay or reject, or the dispute view (docs/0029); money.read. */
export const listWithdrawals = operatorProcedure
  .input(ZOperatorWithdrawalsQuery)
  .output(ZOperatorWithdrawalsResponse)
  .query(({ ctx, input }) => ctx.api.operatorWithdrawals(input, callContext(ctx)));
