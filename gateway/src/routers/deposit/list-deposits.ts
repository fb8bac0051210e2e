import { ZDepositListQuery, ZDepositListResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `deposit.list`: the member's own deposits, newest first. */
export const listDeposits = memberProcedure
  .input(ZDepositListQuery)
  .output(ZDepositListResponse)
  .query(({ ctx, input }) => ctx.api.myDeposits(input, callContext(ctx)));
