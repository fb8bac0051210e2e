import { z } from 'zod';
import { BONUS_SOURCES, BONUS_STATES } from '../domain/promotion-terms/kinds.ts';
import { ZTurnoverWeights } from '../domain/promotion-terms/bonus.ts';
import { declareCall, REAL_MEMBER } from './call.ts';
import { ZBigId, ZIdempotencyKey, ZRecordPaging } from './shapes.ts';

/**
 * The member's bonus area (docs/0095): the bonuses awarded, newest first, with their wagering
 * progress and the bonus balance, and the cancel of the active one (the bonusDetails page).
 */
export const BONUS_PATHS = {
  /** GET: the member's awards, newest first, paged, and the bonus wallet's balance. */
  list: '/wps/member/bonus/list',
  /** POST { awardId, key }: cancel the active bonus; its balance goes back to the merchant. */
  cancel: '/wps/member/bonus/cancel',
} as const;

export { BONUS_WAGER_MESSAGES } from '../domain/promotion-terms/wager-messages.ts';

const ZMinor = z.number().int().nonnegative().refine(Number.isSafeInteger);

export const ZBonusListQuery = z.object(ZRecordPaging);
export type TBonusListQuery = z.infer<typeof ZBonusListQuery>;

export const ZBonusAwardRow = z.object({
  id: ZBigId,
  source: z.enum(BONUS_SOURCES),
  state: z.enum(BONUS_STATES),
  amountMinor: ZMinor,
  turnoverDoneMinor: ZMinor,
  turnoverRequiredMinor: ZMinor,
  weights: ZTurnoverWeights,
  maxStakeMinor: ZMinor.nullable(),
  claimBy: z.string().max(40),
  expiresAt: z.string().max(40).nullable(),
  createdAt: z.string().max(40),
  endedAt: z.string().max(40).nullable(),
});
export type TBonusAwardRow = z.infer<typeof ZBonusAwardRow>;
export const ZBonusList = z.object({
  rows: z.array(ZBonusAwardRow).max(100),
  total: z.number().int().nonnegative(),
  /** The bonus wallet's balance now. */
  balanceMinor: ZMinor,
});
export type TBonusList = z.infer<typeof ZBonusList>;

export const ZBonusCancelRequest = z.object({ awardId: ZBigId, key: ZIdempotencyKey });
export type TBonusCancelRequest = z.infer<typeof ZBonusCancelRequest>;
export const ZBonusCancelResult = z.object({ awardId: ZBigId, state: z.enum(BONUS_STATES), forfeitedMinor: ZMinor });
export type TBonusCancelResult = z.infer<typeof ZBonusCancelResult>;

/** What a withdrawal refused for an active bonus carries: the bonus money that would be lost. */
export const ZBonusForfeitWarning = z.object({ awardId: ZBigId, bonusMinor: ZMinor });
export type TBonusForfeitWarning = z.infer<typeof ZBonusForfeitWarning>;

export const BONUS_CALLS = {
  list: declareCall({
    method: 'GET',
    path: BONUS_PATHS.list,
    moduleId: 'BONUS',
    input: ZBonusListQuery,
    output: ZBonusList,
    audience: REAL_MEMBER,
    modules: ['BONUS3'],
  }),
  /** Never retried (a POST); cancelling an ended bonus answers its state, nothing moves twice. */
  cancel: declareCall({
    method: 'POST',
    path: BONUS_PATHS.cancel,
    moduleId: 'BONUS',
    input: ZBonusCancelRequest,
    output: ZBonusCancelResult,
    audience: REAL_MEMBER,
    modules: ['BONUS3'],
    kind: 'money',
  }),
} as const;
