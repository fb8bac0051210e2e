import { z } from 'zod';
import { MAX_AMOUNT_MINOR, ZAmountMinor } from '../domain/money.ts';
import { MONEY_SETTING_BOUNDS } from '../domain/money-settings.ts';
import { zText } from '../text.ts';
import { ZBigId, ZIdempotencyKey, ZRowId as ZId } from './shapes.ts';

/**
 * docs/0028: deposits (channels, orders, the operator's approval), operator balance
 * adjustments with four eyes, and the merchant's money settings. Requests are what the gateway
 * sends; responses are the envelope's `value`. All paths are ours: the upstream contract shows none (docs/rules/README.md#calls).
 */
export const DEPOSIT_PATHS = {
  /** GET: the merchant's enabled deposit channels with their limits and quick amounts. */
  depositChannels: '/wps/member/deposit/channels',
  /** POST: create a pending deposit order (member key); GET: the member's own deposits, paged. */
  deposit: '/wps/member/deposit',
  /** GET ?status= (money.read): deposits of the merchant, pending first by default. */
  operatorDeposits: '/wps/operator/deposits',
  /** POST { depositId } (money.write): credits the wallet exactly once. */
  operatorDepositApprove: '/wps/operator/deposits/approve',
  /** POST { depositId, remark } (money.write). */
  operatorDepositReject: '/wps/operator/deposits/reject',
  /** GET (money.read): the four-eyes queue and recent adjustments; POST (money.write): request one. */
  operatorAdjustments: '/wps/operator/adjustments',
  /** POST { adjustmentId, approve } (money.write): a second operator decides a pending adjustment. */
  operatorAdjustmentDecide: '/wps/operator/adjustments/decide',
  /** GET / PUT (money.read / money.write): withdraw limits, windows, four eyes, wallet mode, channels. */
  operatorMoneySettings: '/wps/operator/money/settings',
  /** POST { changeId, approve } (money.controls): a second owner decides a pending change of the four-eyes limits or channels (docs/0066). */
  operatorMoneySettingsDecide: '/wps/operator/money/settings/decide',
} as const;

/** Message keys of deposits, adjustments and money settings; the web translates them (deposit/money area texts). */
export const DEPOSIT_MESSAGES = {
  amountInvalid: 'amount_invalid',
  amountBelowMin: 'deposit_amount_below_min',
  amountAboveMax: 'deposit_amount_above_max',
  channelUnavailable: 'deposit_channel_unavailable',
  keyReused: 'idempotency_key_reused',
  notPending: 'deposit_not_pending',
  adjustmentNotPending: 'adjustment_not_pending',
  adjustmentOwnRequest: 'adjustment_second_operator_required',
  adjustmentMemberUnknown: 'adjustment_member_unknown',
  insufficientFunds: 'insufficient_funds',
  withdrawRangeInvalid: 'settings_withdraw_range_invalid',
  channelRangeInvalid: 'settings_channel_range_invalid',
  /** A channel settles by itself only in demo mode (docs/0065). */
  autoSettleDemoOnly: 'settings_auto_settle_demo_only',
  reasonRequired: 'adjustment_reason_required',
  /** docs/0066: the operator who gave a deposit its first approval cannot give the second. */
  depositSecondOperator: 'deposit_second_operator_required',
  /** docs/0066: the four-eyes limits and the channels are the owner's (money.controls). */
  settingsOwnerOnly: 'settings_owner_only',
  /** docs/0066: the owner who asked for a settings change cannot decide it. */
  settingsSecondOwner: 'settings_second_owner_required',
  settingsChangeNotPending: 'settings_change_not_pending',
} as const;

const ZIsoText = z.string().max(40);

/** At most this many quick amounts per channel. */
export const QUICK_AMOUNTS_MAX = 8;

/** A deposit channel as the member sees it (docs/rules/money.md#m-6 depositv2). */
const ZChannel = z.object({
  id: ZId,
  code: z.string().max(32),
  name: z.string().max(80),
  minMinor: ZAmountMinor,
  maxMinor: ZAmountMinor,
  quickAmountsMinor: z.array(ZAmountMinor).max(QUICK_AMOUNTS_MAX),
});
export const ZDepositChannel = ZChannel.extend({
  /** The embedded platform's simulated channel: it settles by itself after this many seconds. */
  autoSettleSeconds: z.number().int().nonnegative().nullable(),
});
export type TDepositChannel = z.infer<typeof ZDepositChannel>;
export const ZDepositChannelsResponse = z.object({ channels: z.array(ZDepositChannel).max(50) });

export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ZDepositStatus = z.enum(DEPOSIT_STATUSES);

/** A deposit order: its reference is what the member quotes to support. */
export const ZDeposit = z.object({
  id: ZBigId,
  reference: z.string().max(32),
  channelCode: z.string().max(32),
  channelName: z.string().max(80),
  amountMinor: ZAmountMinor,
  status: ZDepositStatus,
  remark: z.string().max(500),
  createdAt: ZIsoText,
  decidedAt: ZIsoText.nullable(),
});
export type TDeposit = z.infer<typeof ZDeposit>;

/** Create a pending deposit: channel, amount in minor units (within the channel's limits), the member's key. */
export const ZDepositRequest = z.object({
  channelId: ZId,
  amountMinor: z
    .number({ message: DEPOSIT_MESSAGES.amountInvalid })
    .int(DEPOSIT_MESSAGES.amountInvalid)
    .positive(DEPOSIT_MESSAGES.amountInvalid)
    .max(MAX_AMOUNT_MINOR, DEPOSIT_MESSAGES.amountInvalid),
  key: ZIdempotencyKey,
});
export type TDepositRequest = z.infer<typeof ZDepositRequest>;

/** The member's deposits, newest first. */
export const ZDepositListQuery = z.object({
  status: ZDepositStatus.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TDepositListQuery = z.infer<typeof ZDepositListQuery>;
export const ZDepositListResponse = z.object({ deposits: z.array(ZDeposit).max(100), total: z.number().int().nonnegative() });
export type TDepositListResponse = z.infer<typeof ZDepositListResponse>;

/** A deposit in the operator's list: with its member. */
export const ZOperatorDeposit = ZDeposit.extend({
  memberId: ZId,
  username: z.string().max(200),
  /** docs/0066: a deposit above the approval limit keeps its first approver here until a second operator approves it. */
  firstApprovedBy: z.string().max(200).nullable(),
});
export type TOperatorDeposit = z.infer<typeof ZOperatorDeposit>;
export const ZOperatorDepositsQuery = z.object({
  status: ZDepositStatus.default('pending'),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type TOperatorDepositsQuery = z.infer<typeof ZOperatorDepositsQuery>;
export const ZOperatorDepositsResponse = z.object({ deposits: z.array(ZOperatorDeposit).max(100), total: z.number().int().nonnegative() });
export const ZDepositDecideRequest = z.object({ depositId: ZBigId });
export const ZDepositRejectRequest = z.object({ depositId: ZBigId, remark: zText({ max: 140 }).default('') });
export const ZOperatorDepositResponse = ZOperatorDeposit;

/** An operator balance adjustment: signed amount (credit > 0, debit < 0), a reason always. */
export const ZAdjustmentRequest = z.object({
  username: zText({ max: 64, min: 1 }),
  amountMinor: z
    .number({ message: DEPOSIT_MESSAGES.amountInvalid })
    .int(DEPOSIT_MESSAGES.amountInvalid)
    .min(-MAX_AMOUNT_MINOR, DEPOSIT_MESSAGES.amountInvalid)
    .max(MAX_AMOUNT_MINOR, DEPOSIT_MESSAGES.amountInvalid)
    .refine((n) => n !== 0, DEPOSIT_MESSAGES.amountInvalid),
  reason: zText({ max: 500, multiline: true }).pipe(z.string().min(1, DEPOSIT_MESSAGES.reasonRequired)),
  /** The operator's key: a double submit makes one adjustment. */
  key: ZIdempotencyKey,
});
export type TAdjustmentRequest = z.infer<typeof ZAdjustmentRequest>;
export const ADJUSTMENT_STATUSES = ['pending', 'applied', 'rejected'] as const;
export const ZAdjustment = z.object({
  id: ZBigId,
  memberId: ZId,
  username: z.string().max(200),
  amountMinor: z.number().int().refine(Number.isSafeInteger),
  reason: z.string().max(500),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.string().max(200),
  approvedBy: z.string().max(200).nullable(),
  createdAt: ZIsoText,
  decidedAt: ZIsoText.nullable(),
});
export type TAdjustment = z.infer<typeof ZAdjustment>;
const ZSettingValue = z.union([z.number().int(), z.boolean(), z.null(), z.array(ZAmountMinor).max(QUICK_AMOUNTS_MAX)]);
/**
 * docs/0066: a pending change of the four-eyes limits or the channels (owner-only), with each field
 * before and after; a second owner approves or rejects it.
 */
export const ZMoneySettingChange = z.object({
  id: ZBigId,
  requestedBy: z.string().max(200),
  createdAt: ZIsoText,
  items: z.array(z.object({ field: z.string().max(64), channelCode: z.string().max(32).nullable(), before: ZSettingValue, after: ZSettingValue })).max(400),
});
export type TMoneySettingChange = z.infer<typeof ZMoneySettingChange>;
export const ZAdjustmentsResponse = z.object({
  pending: z.array(ZAdjustment).max(100),
  recent: z.array(ZAdjustment).max(100),
  /** Adjustments above this many minor units (absolute) wait for a second operator. */
  fourEyesMinor: z.number().int().nonnegative(),
  /** docs/0066: pending changes of the four-eyes limits and channels, in the same queue. */
  settingChanges: z.array(ZMoneySettingChange).max(100),
});
export const ZAdjustmentDecideRequest = z.object({ adjustmentId: ZBigId, approve: z.boolean() });

/** A channel's operator-set values. */
export const ZChannelSettings = ZChannel.extend({
  autoSettleSeconds: z.number().int().min(0).max(86_400).nullable(),
  enabled: z.boolean(),
});
export type TChannelSettings = z.infer<typeof ZChannelSettings>;

const b = MONEY_SETTING_BOUNDS;
export const ZMoneySettings = z.object({
  withdrawMinMinor: ZAmountMinor,
  withdrawMaxMinor: ZAmountMinor,
  withdrawDailyCount: z.number().int().min(b.withdrawDailyCount.min).max(b.withdrawDailyCount.max),
  withdrawConfirmMinutes: z.number().int().min(b.withdrawConfirmMinutes.min).max(b.withdrawConfirmMinutes.max),
  bankAccountsMax: z.number().int().min(b.bankAccountsMax.min).max(b.bankAccountsMax.max),
  /** 0: every adjustment needs a second operator. */
  adjustmentFourEyesMinor: z.number().int().min(0).max(MAX_AMOUNT_MINOR),
  /** docs/0066: what one operator may adjust alone (absolute amounts) in any 24 hours; above it a second operator approves. */
  adjustmentDailyOperatorMinor: z.number().int().min(0).max(MAX_AMOUNT_MINOR),
  /** docs/0066: what one member may be adjusted by operators alone in any 24 hours. */
  adjustmentDailyMemberMinor: z.number().int().min(0).max(MAX_AMOUNT_MINOR),
  /** docs/0066: a member's deposits one operator may approve alone in any 24 hours; above it a second operator approves. */
  depositFourEyesMinor: z.number().int().min(0).max(MAX_AMOUNT_MINOR),
  merchantWalletSingle: z.boolean(),
  /** Minutes a new payout account waits before its first withdrawal (docs/0068). */
  payoutCoolingMinutes: z.number().int().min(b.payoutCoolingMinutes.min).max(b.payoutCoolingMinutes.max),
  channels: z.array(ZChannelSettings).max(50),
});
export type TMoneySettings = z.infer<typeof ZMoneySettings>;

/** A change of some settings; channels by id, each with the fields to change. */
export const ZMoneySettingsRequest = ZMoneySettings.omit({ channels: true })
  .partial()
  .extend({
    channels: z
      .array(
        z.object({
          id: ZId,
          minMinor: ZAmountMinor.optional(),
          maxMinor: ZAmountMinor.optional(),
          quickAmountsMinor: z.array(ZAmountMinor).max(QUICK_AMOUNTS_MAX).optional(),
          autoSettleSeconds: z.number().int().min(b.autoSettleSeconds.min).max(b.autoSettleSeconds.max).nullable().optional(),
          enabled: z.boolean().optional(),
        }),
      )
      .max(50)
      .optional(),
  });
export type TMoneySettingsRequest = z.infer<typeof ZMoneySettingsRequest>;

/** The settings with the changes that wait for a second owner. */
export const ZMoneySettingsResponse = ZMoneySettings.extend({ pendingChanges: z.array(ZMoneySettingChange).max(100) });
export type TMoneySettingsResponse = z.infer<typeof ZMoneySettingsResponse>;
export const ZMoneySettingsDecideRequest = z.object({ changeId: ZBigId, approve: z.boolean() });
