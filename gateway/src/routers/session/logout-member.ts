import { SESSION_CALLS } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZDone } from '../catalogue/catalogue.types.ts';

/** `session.logout`: revokes the session and the remember token on the upstream, clears the cookie (docs/rules/accounts.md#a-21). */
export const logoutMember = memberProcedure.output(ZDone).mutation(async ({ ctx }) => {
  const rememberToken = ctx.remember.read();
  if (rememberToken) {
    // The cookie goes whatever the upstream answers: logging out never leaves a way back in.
    ctx.remember.clear();
    // Best effort: a token already rotated away by another tab is revoked anyway.
    await ctx.api.call(SESSION_CALLS.revokeRemember, { rememberToken }, { ...callContext(ctx), token: null }).catch(() => undefined);
  }
  await ctx.api.call(SESSION_CALLS.logout, undefined, callContext(ctx));
  return { ok: true as const };
});
