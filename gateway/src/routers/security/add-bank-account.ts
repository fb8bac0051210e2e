import { ZBankAccountRequest, ZBankAccountResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `security.addBankAccount`: holder name must match the member's; at most the merchant's number of accounts. */
export const addBankAccount = memberProcedure
  .input(ZBankAccountRequest)
  .output(ZBankAccountResponse)
  .mutation(({ ctx, input }) => ctx.api.addBankAccount(input, callContext(ctx)));
