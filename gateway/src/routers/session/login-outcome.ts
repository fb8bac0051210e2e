import { MEMBER_CALLS, SESSION_CALLS, type TLoginOutcomeValue } from '@wl/schemas';
import { callContext, type TContext } from '../../trpc/context.ts';
import type { TLoginOutcome } from './session.types.ts';

/**
 * Turns the upstream's login answer into the procedure's: a session gets its member info, and its
 * remember token goes into the httpOnly cookie (docs/0006: the browser never sees it). A session that
 * is not remembered replaces a remembered one, so the old cookie is revoked and cleared.
 */
export async function toLoginOutcome(ctx: TContext, value: TLoginOutcomeValue): Promise<TLoginOutcome> {
  if (value.kind === 'secondFactor') return value;
  const { rememberToken, ...session } = value;
  if (rememberToken) {
    ctx.remember.set(rememberToken);
  } else {
    const previous = ctx.remember.read();
    if (previous) {
      ctx.remember.clear();
      // Best effort: the cookie is gone either way, and an unknown token is already revoked.
      await ctx.api.call(SESSION_CALLS.revokeRemember, { rememberToken: previous }, { ...callContext(ctx), token: null }).catch(() => undefined);
    }
  }
  const member = await ctx.api.call(MEMBER_CALLS.info, undefined, { ...callContext(ctx), token: session.token });
  return { ...session, member };
}
