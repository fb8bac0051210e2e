import { z } from 'zod';
import { inRecordRange, ZInstant, ZMinor as ZSignedMinor, ZRecordPaging, ZTzOffsetMinutes, zRecordPage } from './shapes.ts';
import { MEMBER_RECORD_MAX_RANGE_DAYS } from '../domain/records.ts';

/**
 * docs/0031: the member's records — account record (transactionHistory), betting record
 * (personalHistoryCopy), profit and loss (personalProfit) and bonus details (bonusDetails) — each
 * filtered by a time range and a type, paged, with totals over the whole filter. Times are instants:
 * the web turns the member's calendar days into them in the member's own time zone.
 */
export const RECORD_PATHS = {
  /** GET: rows of the member's main wallet, newest first, with totals. */
  account: '/wps/member/records/account',
  /** GET: bets and wins, newest first (ledger transactions against game provider accounts). */
  bets: '/wps/member/records/bets',
  /** GET: stake, payout and profit per day and vendor. */
  profit: '/wps/member/records/profit',
  /** GET: bonuses received. */
  bonus: '/wps/member/records/bonus',
} as const;

/** What a row of the account record is: the ledger transaction's kind as the member reads it. */
export const ACCOUNT_RECORD_TYPES = ['deposit', 'withdraw', 'transfer', 'adjustment', 'bonus', 'bet', 'win', 'other'] as const;
export type TAccountRecordType = (typeof ACCOUNT_RECORD_TYPES)[number];

/** The ledger transaction kinds behind each record type (what the platform filters on). */
export const RECORD_TYPE_KINDS: Readonly<Record<Exclude<TAccountRecordType, 'other'>, readonly string[]>> = {
  deposit: ['deposit', 'seed_credit'],
  withdraw: ['withdraw_hold', 'withdraw_reject', 'withdraw_payout'],
  transfer: ['transfer_upline', 'transfer_downline', 'wallet_in', 'wallet_out'],
  adjustment: ['adjustment'],
  // The bonus wallet's own movements (docs/0095): an award, and its end (converted to cash, or given up).
  bonus: [
    'bonus',
    'rebate',
    'vip_upgrade_bonus',
    'salary',
    'dividend',
    'bonus_award',
    'bonus_convert',
    'bonus_expired',
    'bonus_cancelled',
    'bonus_forfeited',
    'points_convert',
    'reward_code',
    'mission_reward',
    'leaderboard_prize',
    'reward_ticket',
  ],
  bet: ['bet', 'rollback', 'bet_bonus', 'rollback_bonus'],
  win: ['win', 'win_bonus'],
};

export const ZRecordQuery = inRecordRange(
  z.object({
    from: ZInstant,
    to: ZInstant,
    type: z.enum(ACCOUNT_RECORD_TYPES).optional(),
    ...ZRecordPaging,
    /** Profit and loss is summed per the member's local day. */
    tzOffsetMinutes: ZTzOffsetMinutes,
  }),
  MEMBER_RECORD_MAX_RANGE_DAYS,
);
export type TRecordQuery = z.infer<typeof ZRecordQuery>;

export const ZAccountRecordRow = z.object({
  id: z.number().int().positive(),
  time: z.string().max(40),
  type: z.enum(ACCOUNT_RECORD_TYPES),
  /** What the ledger calls it (deposit, withdraw_hold, transfer_upline, …): finer than `type`. */
  kind: z.string().max(40),
  /** Signed: money in is positive, money out negative. */
  amountMinor: ZSignedMinor,
  balanceAfterMinor: ZSignedMinor,
  /** The game vendor of a bet or win, the merchant wallet of a wallet transfer; '' otherwise. */
  code: z.string().max(32),
  /** The entry moved bonus money (the member's bonus wallet, docs/0095), not cash. */
  bonusMoney: z.boolean().optional(),
});
export type TAccountRecordRow = z.infer<typeof ZAccountRecordRow>;

export const ZAccountRecordResponse = zRecordPage(ZAccountRecordRow).extend({
  /** Over the whole filter, not just this page. */
  inMinor: ZSignedMinor,
  outMinor: ZSignedMinor,
});
export type TAccountRecordResponse = z.infer<typeof ZAccountRecordResponse>;

export const ZProfitRow = z.object({
  day: z.string().max(10),
  code: z.string().max(32),
  stakeMinor: ZSignedMinor,
  payoutMinor: ZSignedMinor,
  profitMinor: ZSignedMinor,
  bets: z.number().int().nonnegative(),
});
export type TProfitRow = z.infer<typeof ZProfitRow>;
export const ZProfitResponse = zRecordPage(ZProfitRow).extend({
  stakeMinor: ZSignedMinor,
  payoutMinor: ZSignedMinor,
  profitMinor: ZSignedMinor,
});
export type TProfitResponse = z.infer<typeof ZProfitResponse>;
