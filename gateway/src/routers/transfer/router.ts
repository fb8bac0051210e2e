import { router } from '../../trpc/init.ts';
import { toUpline, uplineOverview } from './upline.ts';
import { consolidated, listWallets, recallWallets, walletTransfer } from './wallets.ts';

/** Member transfers (issue 8 items 1, 5): merchant wallets, recall, consolidated funds, to the upline. */
export const transferRouter = router({
  wallets: listWallets,
  wallet: walletTransfer,
  recall: recallWallets,
  consolidated,
  upline: uplineOverview,
  toUpline,
});
