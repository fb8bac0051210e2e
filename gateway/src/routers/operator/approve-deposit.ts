import { ZDepositDecideRequest, ZOperatorDepositResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.approveDeposit`: credits the member's wallet exactly once (money.write). */
export const approveDeposit = operatorProcedure
  .input(ZDepositDecideRequest)
  .output(ZOperatorDepositResponse)
  .mutation(({ ctx, input }) => ctx.api.operatorApproveDeposit(input, callContext(ctx)));
