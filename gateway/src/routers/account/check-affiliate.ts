import { ZAffiliateResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { ZCheckAffiliateInput } from './account.types.ts';

/** `account.checkAffiliate` (SPEC §5): `{ valid, agentName }`, or NOT_FOUND invalid_invitation_code. */
export const checkAffiliate = publicProcedure
  .input(ZCheckAffiliateInput)
  .output(ZAffiliateResponse)
  .query(({ ctx, input }) => ctx.api.affiliate({ code: input.code, domain: ctx.host }, callContext(ctx)));
