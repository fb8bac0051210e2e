import { OPERATOR_CALLS } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';
import { ZDone } from '../catalogue/catalogue.types.ts';

/**
 * `operator.logout`: ends the operator's session on the platform, so a copy of the token stops
 * working at once instead of when it idles out (docs/0070). The web reads `{ ok: true }`.
 */
export const logoutOperator = operatorProcedure.output(ZDone).mutation(async ({ ctx }) => {
  await ctx.api.call(OPERATOR_CALLS.logout, undefined, callContext(ctx));
  return { ok: true as const };
});
