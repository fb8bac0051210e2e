import { ZDeposit, ZDepositRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `deposit.create`: a pending deposit order; the member's key makes a resend the same order. */
export const createDeposit = memberProcedure
  .input(ZDepositRequest)
  .output(ZDeposit)
  .mutation(({ ctx, input }) => ctx.api.createDeposit(input, callContext(ctx)));
