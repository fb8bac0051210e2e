import { TRANSFER_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { consolidatedFunds, merchantWallets, recallAll, transferToUpline, uplineOverview, walletTransfer } from './transfer.service.ts';

/** Wallet transfers, consolidated funds and the transfer to the upline; trial accounts are refused on every one (REAL_MEMBER). */
export const transferRoutes = routesOf(TRANSFER_CALLS, {
  wallets: (c) => merchantWallets(c.deps, c.merchant, c.actor),
  wallet: (c) => walletTransfer(c.deps, c.merchant, c.actor, c.input, c.ip),
  recall: (c) => recallAll(c.deps, c.merchant, c.actor, c.input, c.ip),
  consolidated: (c) => consolidatedFunds(c.deps, c.merchant, c.actor),
  upline: (c) => uplineOverview(c.deps, c.merchant, c.actor),
  toUpline: (c) => transferToUpline(c.deps, c.merchant, c.actor, c.input, c.ip),
});
