import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZDone } from '../catalogue/catalogue.types.ts';

/** `session.logout`: revokes the session on the upstream (SPEC §4). */
export const logoutMember = memberProcedure.output(ZDone).mutation(async ({ ctx }) => {
  await ctx.api.logout(callContext(ctx));
  return { ok: true as const };
});
