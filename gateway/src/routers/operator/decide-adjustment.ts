import { ZAdjustment, ZAdjustmentDecideRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.decideAdjustment`: a second operator approves or rejects a pending adjustment (money.write). */
export const decideAdjustment = operatorProcedure
  .input(ZAdjustmentDecideRequest)
  .output(ZAdjustment)
  .mutation(({ ctx, input }) => ctx.api.operatorDecideAdjustment(input, callContext(ctx)));
