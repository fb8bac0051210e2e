import { ZOperatorWithdrawalRejectRequest, ZOperatorWithdrawalResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.rejectWithdrawal`: hold → wallet with a remark; money.write, audited. */
export const rejectWithdrawal = operatorProcedure
  .input(ZOperatorWithdrawalRejectRequest)
  .output(ZOperatorWithdrawalResponse)
  .mutation(({ ctx, input }) => ctx.api.operatorRejectWithdrawal(input, callContext(ctx)));
