import { ZMoneyTransferResult, ZUplineResponse, ZUplineTransferRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `transfer.upline`: the member's upline agent (nickname), main balance and recent transfers to it. */
export const uplineOverview = memberProcedure.output(ZUplineResponse).query(({ ctx }) => ctx.api.upline(callContext(ctx)));

/** `transfer.toUpline`: main wallet → the member's own upline agent; no other target can be named. */
export const toUpline = memberProcedure
  .input(ZUplineTransferRequest)
  .output(ZMoneyTransferResult)
  .mutation(({ ctx, input }) => ctx.api.transferUpline(input, callContext(ctx)));
