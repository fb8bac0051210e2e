import { ACCOUNT_CALLS } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZDone } from '../catalogue/catalogue.types.ts';
import { ZTotpEnableInput } from './account.types.ts';

/** `account.totpEnable`: a current code from the app proves the setup and turns TOTP on as a second factor. */
export const totpEnable = memberProcedure
  .input(ZTotpEnableInput)
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await ctx.api.call(ACCOUNT_CALLS.totpEnable, input, callContext(ctx));
    return { ok: true as const };
  });
