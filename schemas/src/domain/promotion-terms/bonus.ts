import { z } from 'zod';
import { GAME_TYPES } from '../game-types.ts';

/*
 * The terms a bonus carries from the moment it is awarded (docs/0094): they are copied onto the
 * award, so an operator changing a promotion later never changes a bonus already given.
 */

const ZMinor = z.number().int().nonnegative().refine(Number.isSafeInteger);

/** Turnover multiples above this are refused: a bonus nobody can clear is not a bonus. */
export const MAX_TURNOVER_MULTIPLE = 50;
export const DEFAULT_TURNOVER_MULTIPLE = 10;

/** How much of a valid bet counts towards turnover, in percent, by game type; a type left out counts nothing. */
export const ZTurnoverWeights = z.partialRecord(z.enum(GAME_TYPES), z.number().int().min(0).max(100));
export type TTurnoverWeights = z.infer<typeof ZTurnoverWeights>;

/** Slots count whole, lottery and crash half, tables and sports a tenth: a common operator's default. */
export const DEFAULT_TURNOVER_WEIGHTS: TTurnoverWeights = {
  RNG: 100,
  FISH: 100,
  CRASH: 50,
  LOTT: 50,
  ELOTT: 50,
  PVP: 20,
  LIVE: 10,
  SPORTS: 10,
  ESPORTS: 10,
  COCKFIGHT: 10,
};

export const ZBonusTerms = z.object({
  /** Turnover required = multiple × (bonus, plus the deposit for a deposit match). */
  turnoverMultiple: z.number().int().min(1).max(MAX_TURNOVER_MULTIPLE),
  weights: ZTurnoverWeights,
  /** The largest stake a member may place while the bonus is active; null: no cap. */
  maxStakeMinor: ZMinor.refine((v) => v > 0).nullable(),
  /** Days an offered bonus may be claimed in. */
  claimDays: z.number().int().min(1).max(90),
  /** Days an active bonus has to meet its turnover before it expires. */
  validDays: z.number().int().min(1).max(90),
});
export type TBonusTerms = z.infer<typeof ZBonusTerms>;

export const DEFAULT_BONUS_TERMS: TBonusTerms = {
  turnoverMultiple: DEFAULT_TURNOVER_MULTIPLE,
  weights: DEFAULT_TURNOVER_WEIGHTS,
  maxStakeMinor: null,
  claimDays: 7,
  validDays: 14,
};
