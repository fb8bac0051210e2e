import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZDone } from '../catalogue/catalogue.types.ts';

/** `session.firstLoginDone` (SPEC §4 first login): the first-login step ran; clears firstTimeLogin. */
export const firstLoginDone = memberProcedure.output(ZDone).mutation(async ({ ctx }) => {
  await ctx.api.firstLogin(callContext(ctx));
  return { ok: true as const };
});
