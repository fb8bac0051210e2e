import { z } from 'zod';
import { CLIENT_SEED_PATTERN } from '../games/fair.ts';
import { SLOT_BETS_PER_LINE_MINOR, SLOT_SYMBOLS } from '../games/slot.ts';
import { zText } from '../text.ts';
import { MEMBER, VISITOR, declareCall } from './call.ts';

/**
 * The built-in provider's game server (docs/0039): what a launched built-in game's page
 * calls. A launch ticket opens a game session; the session's token (not the member's) carries every
 * further call, as with a real provider's game server. Paths are ours.
 */
export const WLG_PATHS = {
  open: '/wps/wlg/open',
  state: '/wps/wlg/state',
  close: '/wps/wlg/close',
  seed: '/wps/wlg/seed',
  rounds: '/wps/wlg/rounds',
  slotSpin: '/wps/wlg/slot/spin',
  /** The member's own call (member token): close whatever real-money game is open (the web's answer to 734). */
  closeMine: '/wps/wlg/closeMine',
} as const;

/** Message keys of the built-in games; the web translates them (game area texts). */
export const WLG_MESSAGES = {
  /** The key flows' launch machine knows (GAME_ALREADY_OPEN). */
  gameAlreadyOpen: 'error_game_already_open',
  sessionEnded: 'game_session_ended',
  wrongGame: 'game_wrong_engine',
  busy: 'game_busy',
  betNotOffered: 'game_bet_not_offered',
} as const;

export const GAME_ENGINES = ['slot', 'crash', 'lottery'] as const;
export const ZGameEngine = z.enum(GAME_ENGINES);
export type TGameEngine = z.infer<typeof ZGameEngine>;

const ZTicket = zText({ max: 64, min: 16, trim: false }).regex(/^[A-Za-z0-9_-]+$/);
const ZToken = zText({ max: 64, min: 32, trim: false }).regex(/^[A-Za-z0-9_-]+$/);
export const ZClientSeed = z.string().regex(CLIENT_SEED_PATTERN, 'game_client_seed_invalid');

export const ZWlgOpenRequest = z.object({ ticket: ZTicket }).strict();
export const ZWlgTokenRequest = z.object({ token: ZToken }).strict();
export const ZWlgSeedRequest = z.object({ token: ZToken, clientSeed: ZClientSeed.optional() }).strict();
export const ZWlgSlotSpinRequest = z
  .object({
    token: ZToken,
    betPerLineMinor: z
      .number()
      .int()
      .refine((n) => (SLOT_BETS_PER_LINE_MINOR as readonly number[]).includes(n), WLG_MESSAGES.betNotOffered),
  })
  .strict();
export type TWlgSlotSpinRequest = z.infer<typeof ZWlgSlotSpinRequest>;

/** The seed the next round is drawn from: only its hash is shown until it is revealed. */
export const ZFairCommitment = z.object({
  serverSeedHash: z.string().regex(/^[0-9a-f]{64}$/),
  clientSeed: z.string().max(64),
  nonce: z.number().int().min(0),
  /** The hash of the server seed the next turn will use, shown before the player picks its client seed (docs/0073). */
  nextServerSeedHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TFairCommitment = z.infer<typeof ZFairCommitment>;

/** What the game page shows: the game, the mode, the balance it plays from, the fairness commitment. */
export const ZWlgState = z.object({
  game: z.object({ nodeId: z.string().max(64), gameCode: z.string().max(64), engine: ZGameEngine, nameEn: z.string().max(200), nameBn: z.string().max(200) }),
  mode: z.enum(['real', 'fun']),
  balanceMinor: z.number().int(),
  currency: z.string().max(8),
  currencySymbol: z.string().max(8),
  fair: ZFairCommitment,
});
export type TWlgState = z.infer<typeof ZWlgState>;
export const ZWlgOpenResponse = ZWlgState.extend({ token: z.string().max(64) });
export type TWlgOpenResponse = z.infer<typeof ZWlgOpenResponse>;

const ZSlotSymbol = z.enum(SLOT_SYMBOLS);
export const ZSlotOutcome = z.object({
  stops: z.array(z.number().int().min(0)).length(5),
  grid: z.array(z.array(ZSlotSymbol).length(5)).length(3),
  lines: z.array(z.object({ line: z.number().int(), symbol: ZSlotSymbol, count: z.number().int(), winMinor: z.number().int() })).max(25),
  stakeMinor: z.number().int(),
  winMinor: z.number().int(),
});

/** A played round, with what proves it: the seed's hash, the client seed and nonce (and the seed once revealed). */
export const ZWlgRound = z.object({
  roundId: z.string().max(20),
  stakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
  state: z.enum(['open', 'placed', 'settled', 'refused', 'rolled_back']),
  serverSeedHash: z.string().max(64),
  serverSeed: z.string().max(64).nullable(),
  clientSeed: z.string().max(64),
  nonce: z.number().int(),
  outcome: ZSlotOutcome,
  playedAt: z.string().max(40),
});
export type TWlgRound = z.infer<typeof ZWlgRound>;

export const ZWlgSlotSpinResponse = z.object({ round: ZWlgRound, balanceMinor: z.number().int(), fair: ZFairCommitment });
export type TWlgSlotSpinResponse = z.infer<typeof ZWlgSlotSpinResponse>;

/** Turning to a new server seed reveals the old one, with how many rounds it drew. */
export const ZWlgSeedResponse = z.object({
  revealed: z.object({ serverSeed: z.string().max(64), serverSeedHash: z.string().max(64), clientSeed: z.string().max(64), rounds: z.number().int() }),
  fair: ZFairCommitment,
});
export type TWlgSeedResponse = z.infer<typeof ZWlgSeedResponse>;
export const ZWlgRoundsResponse = z.object({ rounds: z.array(ZWlgRound).max(50) });
export const ZWlgCloseResponse = z.object({ closed: z.literal(true) });
export const ZWlgCloseMineResponse = z.object({ closed: z.number().int().min(0) });

/** What a built-in game's page call shares: the game session's token in the body is the credential (VISITOR). */
export const WLG_GAME_CALL = { moduleId: 'GAME', audience: VISITOR } as const;

/**
 * The built-in games' page calls (docs/0039, docs/0076). VISITOR: the game session's token in the
 * body is the credential (a visitor's free play has no member session), checked by the service.
 * Opening and spinning stake (maintenance refuses them); reading, seeding and closing do not.
 */
export const WLG_CALLS = {
  open: declareCall({ ...WLG_GAME_CALL, method: 'POST', path: WLG_PATHS.open, input: ZWlgOpenRequest, output: ZWlgOpenResponse, kind: 'game' }),
  state: declareCall({ ...WLG_GAME_CALL, method: 'POST', path: WLG_PATHS.state, input: ZWlgTokenRequest, output: ZWlgState }),
  spin: declareCall({ ...WLG_GAME_CALL, method: 'POST', path: WLG_PATHS.slotSpin, input: ZWlgSlotSpinRequest, output: ZWlgSlotSpinResponse, kind: 'game' }),
  seed: declareCall({ ...WLG_GAME_CALL, method: 'POST', path: WLG_PATHS.seed, input: ZWlgSeedRequest, output: ZWlgSeedResponse }),
  rounds: declareCall({ ...WLG_GAME_CALL, method: 'POST', path: WLG_PATHS.rounds, input: ZWlgTokenRequest, output: ZWlgRoundsResponse }),
  close: declareCall({ ...WLG_GAME_CALL, method: 'POST', path: WLG_PATHS.close, input: ZWlgTokenRequest, output: ZWlgCloseResponse }),
  /** The member's own call (member token): close whatever real-money game is open. */
  closeMine: declareCall({ method: 'POST', path: WLG_PATHS.closeMine, moduleId: 'GAME', output: ZWlgCloseMineResponse, audience: MEMBER }),
} as const;
