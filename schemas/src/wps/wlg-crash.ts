import { z } from 'zod';
import { CRASH_MAX_X100, CRASH_MIN_TARGET_X100, CRASH_STAKES_MINOR } from '../games/crash.ts';
import { zText } from '../text.ts';
import { WLG_GAME_CALL, WLG_MESSAGES, ZWlgTokenRequest } from './wlg-calls.ts';
import { declareCall } from './call.ts';

/**
 * The built-in crash game's calls (docs/0042), beside the other built-in games'
 * (wlg-calls.ts). `live` is public and the same for every page of a game (shared rounds); a bet and
 * a cash-out carry the game session's token like the slot's spin.
 */
export const WLG_CRASH_PATHS = {
  live: '/wps/wlg/crash/live',
  bet: '/wps/wlg/crash/bet',
  cashOut: '/wps/wlg/crash/cashOut',
  mine: '/wps/wlg/crash/mine',
} as const;

/** Message keys of the crash game; the web translates them (game area texts). */
export const WLG_CRASH_MESSAGES = {
  bettingClosed: 'crash_betting_closed',
  alreadyBet: 'crash_already_bet',
  notFlying: 'crash_not_flying',
  tooLate: 'crash_too_late',
  noBet: 'crash_no_bet',
  targetInvalid: 'crash_target_invalid',
} as const;

const ZToken = zText({ max: 64, min: 32, trim: false }).regex(/^[A-Za-z0-9_-]+$/);
const ZNodeId = zText({ max: 64, min: 1, trim: false }).regex(/^[A-Za-z0-9_.-]+$/, 'invalid_game');

export const ZWlgCrashLiveRequest = z.object({ game: ZNodeId }).strict();
export const ZWlgCrashBetRequest = z
  .object({
    token: ZToken,
    stakeMinor: z
      .number()
      .int()
      .refine((n) => (CRASH_STAKES_MINOR as readonly number[]).includes(n), WLG_MESSAGES.betNotOffered),
    /** Cash out by itself at this multiplier (x100), settled by the server even if the page is closed. */
    autoCashOutX100: z
      .number()
      .int()
      .min(CRASH_MIN_TARGET_X100, WLG_CRASH_MESSAGES.targetInvalid)
      .max(CRASH_MAX_X100, WLG_CRASH_MESSAGES.targetInvalid)
      .optional(),
  })
  .strict();
export type TWlgCrashBetRequest = z.infer<typeof ZWlgCrashBetRequest>;
export const ZWlgCrashCashOutRequest = z
  .object({ token: ZToken, betId: zText({ max: 20, min: 1, trim: false }).regex(/^[1-9][0-9]{0,18}$/, WLG_CRASH_MESSAGES.noBet) })
  .strict();
export type TWlgCrashCashOutRequest = z.infer<typeof ZWlgCrashCashOutRequest>;

/** A bet as everyone sees it on the live board: the player's name masked like the winner board's. */
export const ZCrashBoardBet = z.object({
  player: z.string().max(20),
  stakeMinor: z.number().int(),
  /** The multiplier it was cashed out at; null while riding, or lost. */
  cashOutX100: z.number().int().nullable(),
  payoutMinor: z.number().int().nullable(),
});

/** A finished round with its proof: the revealed seed recomputes the crash point (crash.ts). */
/**
 * What proves a shared round (crash, lottery) beside its seed (docs/0073): the chain link its seed is
 * (the chain's published anchor, the link's index), the tickets mixed in and their hash. Null for
 * rounds from before the chains, and the mix until it is fixed.
 */
export const ZSharedRoundProof = z.object({
  chainId: z.number().int().nullable(),
  chainIndex: z.number().int().nullable(),
  chainAnchor: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  mix: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  mixTickets: z.array(z.string().max(200)).max(64).nullable(),
});
export type TSharedRoundProof = z.infer<typeof ZSharedRoundProof>;

export const ZCrashHistoryRound = z.object({
  roundNo: z.number().int(),
  crashX100: z.number().int(),
  serverSeed: z.string().max(64),
  serverSeedHash: z.string().max(64),
  ...ZSharedRoundProof.shape,
});

/**
 * The live state of a game's shared round, the same for every page: computed once per tick. The
 * crash point, the seed and the crash time stay hidden until the round has crashed; the page draws
 * the rising multiplier itself from `flightStartsAt` (crash.ts's curve) and the server's clock.
 */
export const ZWlgCrashLive = z.object({
  serverNow: z.number().int(),
  gameCode: z.string().max(64),
  round: z.object({
    roundNo: z.number().int(),
    phase: z.enum(['betting', 'flying', 'crashed']),
    serverSeedHash: z.string().max(64),
    bettingEndsAt: z.number().int(),
    flightStartsAt: z.number().int(),
    crashX100: z.number().int().nullable(),
    serverSeed: z.string().max(64).nullable(),
    crashedAt: z.number().int().nullable(),
    nextRoundAt: z.number().int().nullable(),
  }),
  bets: z.array(ZCrashBoardBet).max(50),
  players: z.number().int(),
  history: z.array(ZCrashHistoryRound).max(20),
});
export type TWlgCrashLive = z.infer<typeof ZWlgCrashLive>;

/** One player's bet in a round, as its owner sees it. */
export const ZCrashBet = z.object({
  betId: z.string().max(20),
  roundNo: z.number().int(),
  stakeMinor: z.number().int(),
  autoCashOutX100: z.number().int().nullable(),
  cashOutX100: z.number().int().nullable(),
  payoutMinor: z.number().int().nullable(),
  state: z.enum(['open', 'placed', 'settled', 'refused', 'rolled_back']),
});
export type TCrashBet = z.infer<typeof ZCrashBet>;
export const ZWlgCrashBetResponse = z.object({ bet: ZCrashBet, balanceMinor: z.number().int() });
export type TWlgCrashBetResponse = z.infer<typeof ZWlgCrashBetResponse>;

/** The session's last bets, newest first: a page that reloads finds its riding bet again. */
export const ZWlgCrashMineResponse = z.object({ bets: z.array(ZCrashBet).max(20) });
export type TWlgCrashMineResponse = z.infer<typeof ZWlgCrashMineResponse>;

/**
 * The crash game's calls (docs/0042, docs/0076): `crashLive` is public; the rest carry the game
 * session's token (VISITOR: the token is the credential, checked by the service). A bet stakes; a
 * cash-out finishes a round begun before maintenance, so it is served.
 */
export const WLG_CRASH_CALLS = {
  crashLive: declareCall({ ...WLG_GAME_CALL, method: 'POST', path: WLG_CRASH_PATHS.live, input: ZWlgCrashLiveRequest, output: ZWlgCrashLive }),
  crashBet: declareCall({
    ...WLG_GAME_CALL,
    method: 'POST',
    path: WLG_CRASH_PATHS.bet,
    input: ZWlgCrashBetRequest,
    output: ZWlgCrashBetResponse,
    kind: 'game',
  }),
  crashCashOut: declareCall({ ...WLG_GAME_CALL, method: 'POST', path: WLG_CRASH_PATHS.cashOut, input: ZWlgCrashCashOutRequest, output: ZWlgCrashBetResponse }),
  crashMine: declareCall({ ...WLG_GAME_CALL, method: 'POST', path: WLG_CRASH_PATHS.mine, input: ZWlgTokenRequest, output: ZWlgCrashMineResponse }),
} as const;
