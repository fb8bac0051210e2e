import { ZForgotByEmailResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { ZForgotByEmailInput } from './account.types.ts';

/**
 * `account.forgotByEmail` (docs/rules/accounts.md#a-14 Forgot password): always `in_been_out`, matched or not, so the
 * answer tells nobody which accounts exist; a match gets a one-time reset link by email.
 */
export const forgotByEmail = publicProcedure
  .input(ZForgotByEmailInput)
  .output(ZForgotByEmailResponse)
  .mutation(({ ctx, input }) => withRateLimit(ctx, 'forgotByEmail', input.username, () => ctx.api.forgotByEmail(input, callContext(ctx))));
