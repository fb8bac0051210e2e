import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZDone } from '../catalogue/catalogue.types.ts';
import { ZChangePasswordInput } from './account.types.ts';

/**
 * `account.changePassword` (SPEC §4, §5): the upstream checks the old password (unless the session
 * must change it), the password rule and the confirmation, and revokes the member's other sessions.
 */
export const changePassword = memberProcedure
  .input(ZChangePasswordInput)
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await ctx.api.changePassword(
      {
        ...(input.oldPassword !== undefined ? { oldPassword: input.oldPassword } : {}),
        newPassword: input.newPassword,
        confirmNewPassword: input.confirmPassword,
      },
      callContext(ctx),
    );
    return { ok: true as const };
  });
