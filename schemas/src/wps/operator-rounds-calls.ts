import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants.ts';
import { RECORD_PAGE_SIZE_MAX } from '../domain/records.ts';
import { zText } from '../text.ts';
import { GAME_ROUND_STATES, OPERATOR_ROUNDS_PAGE_SIZE } from '../games/rounds.ts';
export { OPERATOR_STUCK_AFTER_MS } from '../games/rounds.ts';
import { ZGameEngine } from './wlg-calls.ts';
import { ZLotteryBetType } from './wlg-lottery-calls.ts';
import { inRecordRange, ZInstant, ZMinor, ZOperatorPageInfo } from './shapes.ts';

/**
 * docs/0037: the console's view of the built-in games' rounds and bets, per game (docs/0043).
 * Reading needs money.read (owner, finance): rounds are members' stakes and wins. Requests are what
 * the gateway sends; responses are the envelope's `value`.
 */
export const OPERATOR_ROUNDS_PATHS = {
  /** GET: a page of rounds with totals over the whole filter, and the games that have rounds. */
  operatorGameRounds: '/wps/operator/games/rounds',
} as const;

export { GAME_ROUND_STATES, OPERATOR_ROUNDS_PAGE_SIZE, type TGameRoundState } from '../games/rounds.ts';
export const ZGameRoundState = z.enum(GAME_ROUND_STATES);

/** Filters: a game (node id) or a whole engine, a member account, a state, real money or play money, a time range. */
export const ZOperatorRoundsQuery = inRecordRange(
  z.object({
    engine: ZGameEngine.optional(),
    nodeId: zText({ max: 64, min: 1 }).optional(),
    /** The member's username, exactly (case-insensitive). */
    account: zText({ max: 64, min: 1 }).optional(),
    state: ZGameRoundState.optional(),
    mode: z.enum(['real', 'fun']).default('real'),
    from: ZInstant,
    to: ZInstant,
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(RECORD_PAGE_SIZE_MAX).default(OPERATOR_ROUNDS_PAGE_SIZE),
  }),
);
export type TOperatorRoundsQuery = z.infer<typeof ZOperatorRoundsQuery>;

/**
 * What a round's outcome was, in a few facts the console prints, one variant per engine (the
 * platform's summariser for the engine builds it). A lottery or crash "round" is one bet.
 */
export const ZRoundOutcomeSummary = z.discriminatedUnion('engine', [
  z.object({
    engine: z.literal('slot'),
    /** Reel stops (0–31 each): with the strips they give the grid. */
    stops: z.array(z.number().int().nonnegative()).max(8),
    winningLines: z.number().int().nonnegative(),
    betPerLineMinor: z.number().int().nonnegative(),
  }),
  z.object({
    engine: z.literal('lottery'),
    /** The draw's numero (its close, `yyyymmdd-hhmmss` UTC). */
    numero: z.string().max(32),
    betType: ZLotteryBetType,
    /** The digits picked; null for big, small, odd and even. */
    pick: z.string().max(3).nullable(),
    /** The drawn number once the draw is drawn, else null. */
    result: z.string().max(3).nullable(),
    /** The payout copied onto the bet, in hundredths of the stake. */
    payoutX100: z.number().int().nonnegative(),
  }),
  z.object({
    engine: z.literal('crash'),
    roundNo: z.number().int().nonnegative(),
    /** The crash point once the round crashed, else null (it is secret in flight). */
    crashX100: z.number().int().nonnegative().nullable(),
    autoCashOutX100: z.number().int().nonnegative().nullable(),
    /** The multiplier the bet was cashed out at; null while riding and for a loss. */
    cashOutX100: z.number().int().nonnegative().nullable(),
  }),
]);
export type TRoundOutcomeSummary = z.infer<typeof ZRoundOutcomeSummary>;

export const ZOperatorRound = z.object({
  roundId: z.string().max(24),
  engine: ZGameEngine,
  nodeId: z.string().max(64),
  nameEn: z.string().max(MAX_TEXT_LENGTH),
  nameBn: z.string().max(MAX_TEXT_LENGTH),
  /** '' for a visitor's free play. */
  username: z.string().max(200),
  mode: z.enum(['real', 'fun']),
  state: ZGameRoundState,
  stakeMinor: ZMinor,
  payoutMinor: ZMinor,
  serverSeedHash: z.string().max(64),
  /** Only once revealed (a new client seed, or the session ended). */
  serverSeed: z.string().max(64).nullable(),
  clientSeed: z.string().max(64),
  nonce: z.number().int().nonnegative(),
  outcome: ZRoundOutcomeSummary.nullable(),
  playedAt: z.string().max(40),
  settledAt: z.string().max(40).nullable(),
});
export type TOperatorRound = z.infer<typeof ZOperatorRound>;

/** A built-in game as the filter lists it. */
export const ZOperatorRoundGame = z.object({
  nodeId: z.string().max(64),
  engine: ZGameEngine,
  nameEn: z.string().max(MAX_TEXT_LENGTH),
  nameBn: z.string().max(MAX_TEXT_LENGTH),
});

export const ZOperatorRoundsResponse = z.object({
  rounds: z.array(ZOperatorRound).max(RECORD_PAGE_SIZE_MAX),
  ...ZOperatorPageInfo,
  /** Over the whole filter: stakes the wallet took (placed, settled) and wins it paid (settled). */
  betMinor: ZMinor,
  winMinor: ZMinor,
  games: z.array(ZOperatorRoundGame).max(200),
  /**
   * Real-money plays of any game whose money is still unfinished (a stake in doubt, or a win not paid)
   * OPERATOR_STUCK_AFTER_MS after they were due to settle, whatever the filter: the sweeps keep trying,
   * but the wallet refuses or cannot be reached, and a person should look. `stuckSince` is the oldest one's due time.
   */
  stuck: z.number().int().nonnegative(),
  stuckSince: z.string().max(40).nullable(),
});
export type TOperatorRoundsResponse = z.infer<typeof ZOperatorRoundsResponse>;
