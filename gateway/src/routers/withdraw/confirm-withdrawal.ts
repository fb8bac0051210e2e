import { ZWithdrawConfirmRequest, ZWithdrawConfirmResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `withdraw.confirm`: the member's SPEC §4 answer after payment (proofs are uploaded first through /upload/withdrawal-proof). */
export const confirmWithdrawal = memberProcedure
  .input(ZWithdrawConfirmRequest)
  .output(ZWithdrawConfirmResponse)
  .mutation(({ ctx, input }) => ctx.api.confirmWithdrawal(input, callContext(ctx)));
