import { DEPOSIT_CALLS } from '@wl/schemas';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';

/** Member deposits: channels, a pending order (the member's key makes a resend the same order), the member's deposits. */
export const depositRouter = router({
  ...passThrough(DEPOSIT_CALLS),
});
