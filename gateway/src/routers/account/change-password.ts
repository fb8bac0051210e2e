import { ACCOUNT_CALLS, MEMBER_CALLS, WPS_CODES } from '@wl/schemas';
import { callContext, type TContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { UpstreamError } from '../../upstream/upstream.errors.ts';
import { ZDone } from '../catalogue/catalogue.types.ts';
import { ZChangePasswordInput } from './account.types.ts';

/**
 * Whose old password is being guessed: the member behind the session, so that fresh sessions (a URL
 * token exchanged again and again) buy no new guesses. When member info is refused for another
 * reason than a dead session (a call refused until a forced change is done), the session counts instead.
 */
async function memberSubject(ctx: TContext & { token: string }): Promise<string> {
  try {
    return `member:${(await ctx.api.call(MEMBER_CALLS.info, undefined, callContext(ctx))).id}`;
  } catch (error) {
    if (error instanceof UpstreamError && error.code !== WPS_CODES.notLoggedIn) return `session:${ctx.token}`;
    throw error;
  }
}

/**
 * `account.changePassword` (docs/rules/accounts.md#a-13): the upstream checks the old password (unless the session
 * must change it), the password rule and the confirmation, and revokes the member's other sessions.
 * Limited per IP and per member; a success clears the member's count, so it counts wrong old
 * passwords (docs/0013: 25 guesses from one stolen session were all answered).
 */
export const changePassword = memberProcedure
  .input(ZChangePasswordInput)
  .output(ZDone)
  .mutation(async ({ ctx, input }) =>
    withRateLimit(ctx, 'changePassword', await memberSubject(ctx), async () => {
      await ctx.api.call(
        ACCOUNT_CALLS.changePassword,
        {
          ...(input.oldPassword !== undefined ? { oldPassword: input.oldPassword } : {}),
          newPassword: input.newPassword,
          confirmNewPassword: input.confirmPassword,
        },
        callContext(ctx),
      );
      return { ok: true as const };
    }),
  );
