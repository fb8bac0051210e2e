import { TRANSFER_CALLS } from '@wl/schemas';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';

/**
 * Member transfers: merchant wallets (GCS_merchantWallet), main ⇄ one merchant wallet
 * (GCS_walletTransfer), recall, consolidated funds, and main wallet → the member's own upline
 * (no other target can be named). The member's key makes a resend the same transfer.
 */
export const transferRouter = router({
  ...passThrough(TRANSFER_CALLS),
});
