import { z } from 'zod';
import { MAX_AMOUNT_MINOR } from '../domain/money.ts';
import { zText } from '../text.ts';
import { ZIdempotencyKey } from './shapes.ts';

/**
 * docs/0030 and item 1's merchant wallets: the member's wallets (GCS_merchantWallet, isSingle),
 * moving money between the main wallet and a merchant wallet (GCS_walletTransfer), consolidated funds
 * (docs/rules/money.md#m-14 /wps/member/info/funds/consolidated, only when AGENTPOLICY3 is on and never for trial
 * accounts) and the transfer to the member's own upline agent (transferUpline).
 */
export const TRANSFER_PATHS = {
  /** GET: isSingle, the main wallet and each merchant wallet with its balance. */
  merchantWallet: '/wps/relay/GCS_merchantWallet',
  /** POST { direction, code, amountMinor, key }: main ⇄ one merchant wallet. */
  walletTransfer: '/wps/relay/GCS_walletTransfer',
  /** POST { key }: every merchant wallet's balance back to the main wallet. */
  walletRecall: '/wps/member/wallet/recall',
  /** GET: main + merchant wallets + money held for withdrawals, one total. */
  consolidated: '/wps/member/info/funds/consolidated',
  /** GET: the member's upline agent (or none); POST { amountMinor, key, remark }: a transfer to it. */
  transferUpline: '/wps/member/transfer/upline',
} as const;

/** Message keys of transfers; the web translates them (wallet area texts). */
export const TRANSFER_MESSAGES = {
  amountInvalid: 'amount_invalid',
  insufficientFunds: 'insufficient_funds',
  keyReused: 'idempotency_key_reused',
  walletSingle: 'wallet_single_only',
  walletUnknown: 'wallet_unknown',
  noUpline: 'transfer_no_upline',
  consolidatedOff: 'consolidated_off',
} as const;

const ZWalletCode = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_]+$/, TRANSFER_MESSAGES.walletUnknown);
const ZTransferAmount = z
  .number({ message: TRANSFER_MESSAGES.amountInvalid })
  .int(TRANSFER_MESSAGES.amountInvalid)
  .positive(TRANSFER_MESSAGES.amountInvalid)
  .max(MAX_AMOUNT_MINOR, TRANSFER_MESSAGES.amountInvalid);
const ZBalanceMinor = z.number().int().nonnegative().refine(Number.isSafeInteger);

export const ZMerchantWallet = z.object({ code: z.string().max(32), name: z.string().max(80), balanceMinor: ZBalanceMinor });
export type TMerchantWallet = z.infer<typeof ZMerchantWallet>;
export const ZMerchantWalletResponse = z.object({
  isSingle: z.boolean(),
  mainMinor: ZBalanceMinor,
  wallets: z.array(ZMerchantWallet).max(200),
});
export type TMerchantWalletResponse = z.infer<typeof ZMerchantWalletResponse>;

/** `in`: main → the merchant wallet; `out`: the merchant wallet → main. */
export const ZWalletTransferRequest = z.object({
  direction: z.enum(['in', 'out']),
  code: ZWalletCode,
  amountMinor: ZTransferAmount,
  key: ZIdempotencyKey,
});
export type TWalletTransferRequest = z.infer<typeof ZWalletTransferRequest>;
export const ZWalletRecallRequest = z.object({ key: ZIdempotencyKey });
export type TWalletRecallRequest = z.infer<typeof ZWalletRecallRequest>;

export const ZConsolidatedResponse = z.object({
  totalMinor: ZBalanceMinor,
  mainMinor: ZBalanceMinor,
  merchantWalletsMinor: ZBalanceMinor,
  withdrawalHoldMinor: ZBalanceMinor,
});
export type TConsolidatedResponse = z.infer<typeof ZConsolidatedResponse>;

export const ZUplineResponse = z.object({
  /** The upline agent's nickname (never its username: the member does not log in as it). */
  upline: z.object({ nickname: z.string().max(200) }).nullable(),
  mainMinor: ZBalanceMinor,
  recent: z
    .array(z.object({ id: z.number().int().positive(), amountMinor: ZBalanceMinor, remark: z.string().max(140), createdAt: z.string().max(40) }))
    .max(20),
});
export type TUplineResponse = z.infer<typeof ZUplineResponse>;
export const ZUplineTransferRequest = z.object({
  amountMinor: ZTransferAmount,
  key: ZIdempotencyKey,
  remark: zText({ max: 140 }).default(''),
});
export type TUplineTransferRequest = z.infer<typeof ZUplineTransferRequest>;
export const ZMoneyTransferResult = z.object({ transactionId: z.number().int().positive(), mainMinor: ZBalanceMinor });
export type TMoneyTransferResult = z.infer<typeof ZMoneyTransferResult>;
