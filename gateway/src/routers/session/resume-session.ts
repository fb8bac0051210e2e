import { SESSION_CALLS, WPS_CODES } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { UpstreamError } from '../../upstream/upstream.errors.ts';
import { toLoginOutcome } from './login-outcome.ts';
import { ZLoginOutcome } from './session.types.ts';

/**
 * `session.resume` (docs/0006 remember me): exchanges the httpOnly `wl_remember` cookie for a fresh
 * session and a rotated cookie. No cookie → null; a token the upstream refuses → cookie cleared, null.
 */
export const resumeSession = publicProcedure.output(ZLoginOutcome.nullable()).mutation(async ({ ctx }) => {
  const rememberToken = ctx.remember.read();
  if (!rememberToken) return null;
  // Only a call with a cookie reaches the upstream (and writes a session row), so only those count.
  return withRateLimit(ctx, 'resume', rememberToken, async () => {
    let value;
    try {
      value = await ctx.api.call(SESSION_CALLS.resume, { rememberToken }, { ...callContext(ctx), token: null });
    } catch (error) {
      if (error instanceof UpstreamError && (error.code === WPS_CODES.notLoggedIn || error.code === WPS_CODES.badRequest)) {
        ctx.remember.clear();
        return null;
      }
      throw error;
    }
    return toLoginOutcome(ctx, value);
  });
});
