import { z } from 'zod';
import { ZBonusTerms } from './bonus.ts';

/*
 * What each kind of promotion pays and when (docs/0094). One schema per kind; the `promotions.terms`
 * column holds the kind's object, checked by `ZPromotionTerms` on the way in and on the way out.
 */

const ZMinor = z.number().int().nonnegative().refine(Number.isSafeInteger);
const ZPositiveMinor = ZMinor.refine((v) => v > 0);

/** A page of rules and nothing to claim (VIP, rebate and event pages). */
export const ZInfoTerms = z.object({ kind: z.literal('info') });

/**
 * A deposit match: percent of the deposit up to a cap, on the member's first, nth or any approved
 * deposit at least `minDepositMinor`; the deposit counts in the bonus's turnover.
 */
export const ZDepositMatchTerms = z.object({
  kind: z.literal('deposit_match'),
  /** 'first', 'any', or the ordinal of the deposit (2 = second). */
  deposit: z.union([z.literal('first'), z.literal('any'), z.number().int().min(2).max(100)]),
  percent: z.number().int().min(1).max(300),
  capMinor: ZPositiveMinor,
  minDepositMinor: ZMinor,
  bonus: ZBonusTerms,
});

/** A bonus for registering, offered once to each new member. */
export const ZSignUpTerms = z.object({ kind: z.literal('sign_up'), amountMinor: ZPositiveMinor, bonus: ZBonusTerms });

/** The member applies with a comment and images; an operator approves with an amount up to the most. */
export const ZManualApplyTerms = z.object({ kind: z.literal('manual_apply'), maxAmountMinor: ZPositiveMinor, bonus: ZBonusTerms });

/**
 * Cashback: percent of the member's net loss over each period, between a minimum and a maximum,
 * paid by a job; above `autoUpToMinor` a finance operator approves it first.
 */
export const ZCashbackTerms = z.object({
  kind: z.literal('cashback'),
  percent: z.number().int().min(1).max(100),
  periodDays: z.number().int().min(1).max(31),
  minPayoutMinor: ZMinor,
  maxPayoutMinor: ZPositiveMinor,
  autoUpToMinor: ZMinor,
});

/**
 * Member referral: the referrer is paid once per friend who, within `windowDays` of registering,
 * has verified a mobile, deposited at least `minDepositMinor` and reached `turnoverMinor`.
 */
export const ZReferralTerms = z.object({
  kind: z.literal('referral'),
  rewardMinor: ZPositiveMinor,
  minDepositMinor: ZMinor,
  turnoverMinor: ZMinor,
  windowDays: z.number().int().min(1).max(365),
});

export const ZPromotionTerms = z.discriminatedUnion('kind', [ZInfoTerms, ZDepositMatchTerms, ZSignUpTerms, ZManualApplyTerms, ZCashbackTerms, ZReferralTerms]);
export type TPromotionTerms = z.infer<typeof ZPromotionTerms>;
export type TPromotionKind = TPromotionTerms['kind'];
export const PROMOTION_KINDS = ['info', 'deposit_match', 'sign_up', 'manual_apply', 'cashback', 'referral'] as const satisfies readonly TPromotionKind[];
/** The kinds that pay (docs/0100): one goes live only with a budget and its money approved by finance. */
export const PAYING_PROMOTION_KINDS: readonly TPromotionKind[] = ['deposit_match', 'sign_up', 'manual_apply', 'cashback', 'referral'];
/** Whether a promotion of this kind pays (every kind but info). */
export const isPayingKind = (kind: TPromotionKind): boolean => PAYING_PROMOTION_KINDS.includes(kind);
export type TPromotionTermsOf<K extends TPromotionKind> = Extract<TPromotionTerms, { kind: K }>;

/** A promotion's life as the operator sets it; `ended` is final. */
export const PROMOTION_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export type TPromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** Where a bonus came from. */
export const BONUS_SOURCES = ['deposit_match', 'sign_up', 'manual_apply', 'cashback', 'referral', 'operator', 'code', 'mission', 'ticket'] as const;
export type TBonusSource = (typeof BONUS_SOURCES)[number];

/** A bonus's life: offered (claim by a date) → active (money in the bonus wallet) → one end, exactly once. */
export const BONUS_STATES = ['offered', 'active', 'converted', 'expired', 'cancelled', 'forfeited', 'lapsed'] as const;
export type TBonusState = (typeof BONUS_STATES)[number];

/** Message keys of the bonus wallet's refusals; the web translates them (money texts). */
export const BONUS_MESSAGES = {
  /** The promotion is paused, ended, out of budget or has all its recipients. */
  promotionClosed: 'bonus_promotion_closed',
  /** Another bonus is active: one at a time. */
  oneActive: 'bonus_one_active',
  /** The offer's claim window has passed, or it is no longer on offer. */
  notClaimable: 'bonus_not_claimable',
  /** Someone sharing the member's mobile, e-mail or payee name already had a bonus of this kind (docs/0097). */
  onePerPerson: 'bonus_one_per_person',
} as const;

/**
 * The bonus a deposit brings under a deposit match (docs/0096): percent of the deposit, rounded
 * down to the minor unit, up to the cap; 0 below the minimum deposit. The deposit page shows it,
 * the deposit's approval pays it.
 */
export function depositMatchBonusMinor(t: Pick<TPromotionTermsOf<'deposit_match'>, 'percent' | 'capMinor' | 'minDepositMinor'>, depositMinor: number): number {
  if (!Number.isSafeInteger(depositMinor) || depositMinor <= 0 || depositMinor < t.minDepositMinor) return 0;
  return Math.min(Math.floor((depositMinor * t.percent) / 100), t.capMinor);
}

/** Whether a deposit match is for the member's deposit number `ordinal` (1 = first approved). */
export const depositMatchApplies = (t: Pick<TPromotionTermsOf<'deposit_match'>, 'deposit'>, ordinal: number): boolean =>
  t.deposit === 'any' || (t.deposit === 'first' ? ordinal === 1 : t.deposit === ordinal);
