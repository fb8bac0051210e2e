import { ACCOUNT_CALLS, ZStepUpResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZStepUpInput } from './account.types.ts';

/**
 * `account.stepUp` (docs/0068): the login password or a current authenticator code lets this session
 * change contacts, passwords, payout accounts and the authenticator, and transfer to the upline, for a
 * few minutes. The platform counts every answer before judging it and locks at the login threshold.
 */
export const stepUp = memberProcedure
  .input(ZStepUpInput)
  .output(ZStepUpResponse)
  .mutation(({ ctx, input }) =>
    ctx.api.call(
      ACCOUNT_CALLS.stepUp,
      { ...(input.password !== undefined ? { password: input.password } : {}), ...(input.totpCode !== undefined ? { totpCode: input.totpCode } : {}) },
      callContext(ctx),
    ),
  );
