import { ZConsolidatedResponse, ZMerchantWalletResponse, ZMoneyTransferResult, ZWalletRecallRequest, ZWalletTransferRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `transfer.wallets`: single or multi merchant wallets with balances (GCS_merchantWallet). */
export const listWallets = memberProcedure.output(ZMerchantWalletResponse).query(({ ctx }) => ctx.api.merchantWallets(callContext(ctx)));

/** `transfer.wallet`: main ⇄ one merchant wallet (GCS_walletTransfer); the member's key makes a resend the same transfer. */
export const walletTransfer = memberProcedure
  .input(ZWalletTransferRequest)
  .output(ZMoneyTransferResult)
  .mutation(({ ctx, input }) => ctx.api.walletTransfer(input, callContext(ctx)));

/** `transfer.recall`: every merchant wallet back to the main wallet. */
export const recallWallets = memberProcedure
  .input(ZWalletRecallRequest)
  .output(ZMerchantWalletResponse)
  .mutation(({ ctx, input }) => ctx.api.walletRecall(input, callContext(ctx)));

/** `transfer.consolidated`: consolidated funds (the web asks only when AGENTPOLICY3 is on; the platform checks too). */
export const consolidated = memberProcedure.output(ZConsolidatedResponse).query(({ ctx }) => ctx.api.consolidatedFunds(callContext(ctx)));
