import { ZAdjustment, ZAdjustmentRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.requestAdjustment`: credit or debit a member with a reason; above the four-eyes amount it waits (money.write). */
export const requestAdjustment = operatorProcedure
  .input(ZAdjustmentRequest)
  .output(ZAdjustment)
  .mutation(({ ctx, input }) => ctx.api.operatorRequestAdjustment(input, callContext(ctx)));
