import { z } from 'zod';
import { declareCall, operatorWith, REAL_MEMBER } from './call.ts';
import { ZIdempotencyKey, ZInstant, ZRowId } from './shapes.ts';
import { PROMOTION_KINDS } from '../domain/promotion-terms/kinds.ts';

/**
 * The member's promotions (docs/0096): each running promotion with the signed-in member's activity
 * state derived from real rows, joining a deposit match, claiming an offered bonus; and the finance
 * operator's review of cashback above the automatic limit.
 */
export const PROMO_PATHS = {
  /** GET: every promotion not ended, with the member's state and the action it allows. */
  list: '/wps/member/promo/list',
  /** POST { promotionId }: opt in to a deposit match. */
  join: '/wps/member/promo/join',
  /** POST { promotionId, key }: activate the bonus on offer. */
  claim: '/wps/member/promo/claim',
  /** GET: cashback payments waiting for a finance operator. */
  cashbacks: '/wps/operator/promo/cashbacks',
  /** POST { payoutId, decision }: pay or refuse one. */
  decideCashback: '/wps/operator/promo/cashbacks/decide',
} as const;

/** Message keys of the promo area; the web translates them (promotions texts). */
export const PROMO_MESSAGES = {
  /** Not a running deposit match of this merchant, or already used. */
  notJoinable: 'promo_not_joinable',
  /** No bonus of this promotion waits for the member. */
  nothingToClaim: 'promo_nothing_to_claim',
  /** The cashback payment is not waiting for a decision. */
  cashbackNotPending: 'promo_cashback_not_pending',
} as const;

/**
 * A promotion's activity state for one member (docs/0096): `join` (may opt in), `signed_up` (opted
 * in, waiting for a qualifying deposit), `claim` (a bonus on offer), `in_process` (its bonus active,
 * wagering), `issued` (paid, or its bonus ended), `closed` (ended, paused, spent, or already used),
 * `coming_soon` (not started), `open` (nothing to do: paid by itself or a page of rules), and the
 * applications' `apply`, `applying`, `rejected`.
 */
export const PROMO_STATES = ['join', 'signed_up', 'claim', 'in_process', 'issued', 'closed', 'coming_soon', 'open', 'apply', 'applying', 'rejected'] as const;
export const ZPromoState = z.enum(PROMO_STATES);
export type TPromoState = z.infer<typeof ZPromoState>;

const ZMinor = z.number().int().nonnegative().refine(Number.isSafeInteger);
const ZId = ZRowId;

export const ZMemberPromotion = z.object({
  id: ZId,
  kind: z.enum(PROMOTION_KINDS),
  state: ZPromoState,
  /** The bonus on offer or active (claim, in_process); null otherwise. */
  bonusMinor: ZMinor.nullable(),
  /** The offer's last day to claim (claim); null otherwise. */
  claimBy: ZInstant.nullable(),
  /** A joined deposit match that the member's next deposit qualifies for: what it pays (depositMatchBonusMinor). */
  match: z.object({ percent: z.number().int().min(1).max(300), capMinor: ZMinor, minDepositMinor: ZMinor }).nullable(),
});
export type TMemberPromotion = z.infer<typeof ZMemberPromotion>;
export const ZPromoList = z.object({ list: z.array(ZMemberPromotion).max(500) });
export type TPromoList = z.infer<typeof ZPromoList>;

export const ZPromoJoinRequest = z.object({ promotionId: ZId });
export const ZPromoClaimRequest = z.object({ promotionId: ZId, key: ZIdempotencyKey });
export const ZPromoActionResult = z.object({ promotionId: ZId, state: ZPromoState });
export type TPromoActionResult = z.infer<typeof ZPromoActionResult>;

export const ZCashbackPayout = z.object({
  id: ZId,
  promotionId: ZId,
  memberId: ZId,
  username: z.string().max(100),
  periodStart: ZInstant,
  periodEnd: ZInstant,
  netLossMinor: ZMinor,
  amountMinor: ZMinor,
  state: z.enum(['pending', 'paid', 'rejected']),
});
export type TCashbackPayout = z.infer<typeof ZCashbackPayout>;
export const ZCashbackList = z.object({ list: z.array(ZCashbackPayout).max(200) });
export const ZCashbackDecision = z.object({ payoutId: ZId, decision: z.enum(['pay', 'reject']) });
export type TCashbackDecision = z.infer<typeof ZCashbackDecision>;

export const PROMO_CALLS = {
  list: declareCall({ method: 'GET', path: PROMO_PATHS.list, moduleId: 'PROMOTION', output: ZPromoList, audience: REAL_MEMBER }),
  join: declareCall({
    method: 'POST',
    path: PROMO_PATHS.join,
    moduleId: 'PROMOTION',
    input: ZPromoJoinRequest,
    output: ZPromoActionResult,
    audience: REAL_MEMBER,
  }),
  /** Never retried (a POST); activating an offer twice moves its money once (docs/0094). */
  claim: declareCall({
    method: 'POST',
    path: PROMO_PATHS.claim,
    moduleId: 'PROMOTION',
    input: ZPromoClaimRequest,
    output: ZPromoActionResult,
    audience: REAL_MEMBER,
    kind: 'money',
  }),
} as const;

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;

/** The finance operator's cashback review (docs/0096): payments above the promotion's automatic limit. */
export const PROMO_FINANCE_CALLS = {
  cashbacks: declareCall({ ...SERVE, method: 'GET', path: PROMO_PATHS.cashbacks, output: ZCashbackList, audience: operatorWith('money.read') }),
  decideCashback: declareCall({
    ...SERVE,
    method: 'POST',
    path: PROMO_PATHS.decideCashback,
    input: ZCashbackDecision,
    output: ZCashbackPayout,
    audience: operatorWith('money.write'),
  }),
} as const;
