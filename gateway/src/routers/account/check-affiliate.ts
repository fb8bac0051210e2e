import { ACCOUNT_CALLS, ZAffiliateResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { ZCheckAffiliateInput } from './account.types.ts';

/**
 * `account.checkAffiliate` (docs/rules/accounts.md#a-20): `{ valid, agentName }`, or NOT_FOUND invalid_invitation_code.
 * Limited per IP and per code: unlimited, it would list every agent's invitation code and name.
 */
export const checkAffiliate = publicProcedure
  .input(ZCheckAffiliateInput)
  .output(ZAffiliateResponse)
  .query(({ ctx, input }) =>
    withRateLimit(ctx, 'checkAffiliate', input.code, () =>
      ctx.api.call(ACCOUNT_CALLS.checkAffiliate, { code: input.code, domain: ctx.host }, callContext(ctx)),
    ),
  );
