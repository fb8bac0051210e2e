import { z } from 'zod';
import { REMARK_MAX_LENGTH, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '../constants.ts';
import { ZAmountMinor } from '../domain/money.ts';
import { PROOF_CONTENT_TYPES } from '../domain/proof.ts';
import { zSecret, zText } from '../text.ts';
import { ZBigId, ZIdempotencyKey, ZRowId as ZId } from './shapes.ts';
import { WITHDRAW_MESSAGES } from '../domain/withdraw-messages.ts';
export { WITHDRAW_MESSAGES } from '../domain/withdraw-messages.ts';

/**
 * docs/0029, docs/0033: the security centre (withdraw password, bank accounts, member audit),
 * withdrawals with their docs/rules/money.md#m-11 confirmation, proof files, and the operator's withdrawal tools.
 * Requests are what the gateway sends; responses are the envelope's `value`. All paths are ours.
 */
export const WITHDRAW_PATHS = {
  /** GET: withdraw password set?, bound mobile/email (masked), holder name, bank accounts, recent changes. */
  security: '/wps/member/security',
  /** POST: set (first time) or change (old one required) the withdraw password. */
  withdrawPassword: '/wps/member/security/withdrawPassword',
  /** POST: bind a bank account (holder name must match the member's). */
  bankAccount: '/wps/member/security/bankAccount',
  /** GET: limits, today's count, bank accounts and the member's withdrawals; POST: request one. */
  withdraw: '/wps/member/withdraw',
  /** POST: the member's answer after payment (received / partly received / not received). */
  withdrawConfirm: '/wps/member/withdraw/confirm',
  /** POST: one proof file (png or jpg, ≤ 5 MB, ≤ 3 per withdrawal), base64 in JSON; GET ?proofId= reads one back. */
  withdrawProof: '/wps/member/withdraw/proof',
  /** GET ?view=pending|disputes (money.read). */
  operatorWithdrawals: '/wps/operator/withdrawals',
  /** POST { withdrawalId } (money.write): hold → payout, starts the confirmation window. */
  operatorWithdrawalPay: '/wps/operator/withdrawals/pay',
  /** POST { withdrawalId, remark } (money.write): hold → wallet. */
  operatorWithdrawalReject: '/wps/operator/withdrawals/reject',
  /** GET ?proofId= (money.read): a proof file of a dispute. */
  operatorWithdrawalProof: '/wps/operator/withdrawals/proof',
} as const;

/** docs/rules/money.md#m-11, docs/rules/README.md#constants: proofs are png or jpg, at most 5 MB each, at most 3; remarks at most 140 characters. */
export const PROOF_MAX_BYTES = UPLOAD_MAX_BYTES;
export const PROOF_MAX_FILES = UPLOAD_MAX_FILES;
export { PROOF_CONTENT_TYPES, type TProofContentType } from '../domain/proof.ts';

export { sniffProofType } from '../domain/proof.ts';

const ZRemark = zText({ max: REMARK_MAX_LENGTH, multiline: true });

/** Set the withdraw password (first time: no oldPassword) or change it (old one required). */
export const ZWithdrawPasswordRequest = z.object({
  oldPassword: zSecret(128).optional(),
  newPassword: zSecret(128),
  confirmNewPassword: zSecret(128),
});
export type TWithdrawPasswordRequest = z.infer<typeof ZWithdrawPasswordRequest>;

/** Bind a bank account; holder name compared case- and space-insensitively with the member's. */
export const ZBankAccountRequest = z.object({
  bankName: zText({ max: 80, min: 1 }),
  accountNumber: zText({ max: 30, min: 1 }).regex(/^\d{6,30}$/, WITHDRAW_MESSAGES.accountNumberInvalid),
  /** Required for the first account; later ones take the member's holder name, which the browser sees only masked (docs/0068). */
  holderName: zText({ max: 100, min: 1 }).optional(),
});
export type TBankAccountRequest = z.infer<typeof ZBankAccountRequest>;

/** A bound bank account as the member and operator see it (the number masked but for its last 4 digits). */
export const ZBankAccount = z.object({
  id: z.number().int().positive(),
  bankName: z.string().max(80),
  maskedNumber: z.string().max(40),
  holderName: z.string().max(100),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

/** One change in the member's security audit trail. */
export const ZMemberAuditEntry = z.object({ at: z.string().max(40), action: z.string().max(64), detail: z.string().max(200) });

export const ZSecurityResponse = z.object({
  withdrawPasswordSet: z.boolean(),
  maskedMobile: z.string().max(64).nullable(),
  maskedEmail: z.string().max(300).nullable(),
  bankHolderName: z.string().max(100).nullable(),
  bankAccounts: z.array(ZBankAccount).max(100),
  bankAccountsMax: z.number().int().nonnegative(),
  recentChanges: z.array(ZMemberAuditEntry).max(20),
});
export type TSecurityResponse = z.infer<typeof ZSecurityResponse>;
export const ZBankAccountResponse = ZBankAccount;
export const ZWithdrawPasswordResponse = z.object({ ok: z.literal(true) });

export const WITHDRAWAL_STATUSES = ['pending', 'rejected', 'paid', 'received', 'partly_received', 'not_received', 'auto_received'] as const;
export const ZWithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type TWithdrawalStatus = z.infer<typeof ZWithdrawalStatus>;

/** A withdrawal as its member sees it. */
export const ZWithdrawal = z.object({
  id: z.number().int().positive(),
  reference: z.string().max(40),
  amountMinor: z.number().int().positive(),
  status: ZWithdrawalStatus,
  receivedMinor: z.number().int().nonnegative().nullable(),
  /** amount − received for a partly received one (docs/rules/money.md#m-11 remaining amount), else null. */
  remainingMinor: z.number().int().nonnegative().nullable(),
  remark: z.string().max(500),
  bankName: z.string().max(80),
  maskedNumber: z.string().max(40),
  createdAt: z.string().max(40),
  paidAt: z.string().max(40).nullable(),
  confirmDueAt: z.string().max(40).nullable(),
  answeredAt: z.string().max(40).nullable(),
  proofIds: z.array(z.string().max(64)).max(3),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

export const ZWithdrawOverviewResponse = z.object({
  minMinor: z.number().int().nonnegative(),
  maxMinor: z.number().int().nonnegative(),
  dailyCount: z.number().int().nonnegative(),
  usedToday: z.number().int().nonnegative(),
  confirmMinutes: z.number().int().nonnegative(),
  withdrawPasswordSet: z.boolean(),
  balanceMinor: z.number().int(),
  currencySymbol: z.string().max(8),
  bankAccounts: z.array(ZBankAccount).max(100),
  withdrawals: z.array(ZWithdrawal).max(50),
});
export type TWithdrawOverviewResponse = z.infer<typeof ZWithdrawOverviewResponse>;

/** Request a withdrawal: the amount goes to the withdrawal hold at once (docs/0029). */
export const ZWithdrawRequest = z.object({
  bankAccountId: ZId,
  amountMinor: ZAmountMinor,
  withdrawPassword: zSecret(128, 1),
  idempotencyKey: ZIdempotencyKey,
  /** With an active bonus: true gives it up (forfeited) in the withdrawal's transaction; else refused with bonus_forfeit_warning (docs/0095). */
  forfeitBonus: z.boolean().optional(),
});
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;
export const ZWithdrawResponse = ZWithdrawal;

/** docs/rules/money.md#m-11: the member's answer after payment. */
export const ZWithdrawConfirmRequest = z.discriminatedUnion('answer', [
  z.object({ withdrawalId: ZBigId, answer: z.literal('received') }),
  z.object({ withdrawalId: ZBigId, answer: z.literal('partly_received'), receivedMinor: ZAmountMinor, remark: ZRemark.optional() }),
  z.object({ withdrawalId: ZBigId, answer: z.literal('not_received'), remark: ZRemark.optional() }),
]);
export type TWithdrawConfirmRequest = z.infer<typeof ZWithdrawConfirmRequest>;
export const ZWithdrawConfirmResponse = ZWithdrawal;

/** One proof file, base64 (≤ 5 MB decoded: 6,990,508 characters). */
export const ZProofUploadRequest = z.object({
  withdrawalId: ZBigId,
  base64: z
    .string()
    .max(Math.ceil(PROOF_MAX_BYTES / 3) * 4 + 4, { message: WITHDRAW_MESSAGES.proofTooLarge, abort: true })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'invalid_base64'),
});
export const ZProofUploadResponse = z.object({ proofId: z.string().max(64), contentType: z.enum(PROOF_CONTENT_TYPES), sizeBytes: z.number().int().positive() });
export const ZProofQuery = z.object({ proofId: zText({ max: 64, min: 1, trim: false }).regex(/^[A-Za-z0-9_-]+$/, 'invalid') });
export const ZProofResponse = z.object({ contentType: z.enum(PROOF_CONTENT_TYPES), base64: z.string().max(Math.ceil(PROOF_MAX_BYTES / 3) * 4 + 4) });

/** Operator views: pending (to pay or reject) and disputes (docs/0029). */
export const ZOperatorWithdrawalsQuery = z.object({ view: z.enum(['pending', 'disputes']) });
export const ZOperatorWithdrawal = ZWithdrawal.extend({
  memberId: z.number().int().positive(),
  username: z.string().max(200),
  holderName: z.string().max(100),
});
export type TOperatorWithdrawal = z.infer<typeof ZOperatorWithdrawal>;
export const ZOperatorWithdrawalsResponse = z.object({ withdrawals: z.array(ZOperatorWithdrawal).max(200) });
export const ZOperatorWithdrawalPayRequest = z.object({ withdrawalId: ZBigId });
export const ZOperatorWithdrawalRejectRequest = z.object({ withdrawalId: ZBigId, remark: zText({ max: REMARK_MAX_LENGTH, min: 1 }) });
export const ZOperatorWithdrawalResponse = ZOperatorWithdrawal;
