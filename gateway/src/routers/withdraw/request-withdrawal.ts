import { ZWithdrawRequest, ZWithdrawResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';

/**
 * `withdraw.request`: bank account, amount in minor units, withdraw password and the member's own
 * idempotency key; the platform holds the amount at once, exactly once per key (docs/0029). Limited
 * per IP and per session like other password checks (the platform locks wrong passwords too).
 */
export const requestWithdrawal = memberProcedure
  .input(ZWithdrawRequest)
  .output(ZWithdrawResponse)
  .mutation(({ ctx, input }) => withRateLimit(ctx, 'withdrawPassword', `session:${ctx.token}`, () => ctx.api.requestWithdrawal(input, callContext(ctx))));
