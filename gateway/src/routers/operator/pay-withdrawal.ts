import { ZOperatorWithdrawalPayRequest, ZOperatorWithdrawalResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.payWithdrawal`: hold → payout, starts the confirmation window; money.write, audited. */
export const payWithdrawal = operatorProcedure
  .input(ZOperatorWithdrawalPayRequest)
  .output(ZOperatorWithdrawalResponse)
  .mutation(({ ctx, input }) => ctx.api.operatorPayWithdrawal(input, callContext(ctx)));
