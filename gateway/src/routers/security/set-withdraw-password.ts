import { ZWithdrawPasswordRequest, ZWithdrawPasswordResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';

/** `security.setWithdrawPassword`: first time without, later with the old one; limited like password changes. */
export const setWithdrawPassword = memberProcedure
  .input(ZWithdrawPasswordRequest)
  .output(ZWithdrawPasswordResponse)
  .mutation(({ ctx, input }) => withRateLimit(ctx, 'withdrawPassword', `session:${ctx.token}`, () => ctx.api.setWithdrawPassword(input, callContext(ctx))));
