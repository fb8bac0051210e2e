import { ACCOUNT_CALLS } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { ZDone } from '../catalogue/catalogue.types.ts';
import { ZResetByLinkInput } from './account.types.ts';

/**
 * `account.resetByLink`: the `/resetPassword?token=` page sets a new password (reset_link_invalid when
 * used or expired). It hashes a password, so it is limited per IP and per link (docs/0013).
 */
export const resetByLink = publicProcedure
  .input(ZResetByLinkInput)
  .output(ZDone)
  .mutation(({ ctx, input }) =>
    withRateLimit(ctx, 'resetByLink', input.resetToken, async () => {
      await ctx.api.call(
        ACCOUNT_CALLS.resetByLink,
        { resetToken: input.resetToken, newPassword: input.newPassword, confirmNewPassword: input.confirmPassword },
        { ...callContext(ctx), token: null },
      );
      return { ok: true as const };
    }),
  );
