import { ZDepositRejectRequest, ZOperatorDepositResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.rejectDeposit`: closes a pending deposit with a remark; no money moves (money.write). */
export const rejectDeposit = operatorProcedure
  .input(ZDepositRejectRequest)
  .output(ZOperatorDepositResponse)
  .mutation(({ ctx, input }) => ctx.api.operatorRejectDeposit(input, callContext(ctx)));
