import { z } from 'zod';
import { zText } from '../text.ts';
import { SERVER, declareCall } from './call.ts';

/**
 * docs/0035: the seamless wallet a game provider's server calls. Each call is a
 * POST of JSON, signed: `x-provider` (the provider's code), `x-timestamp` (Unix milliseconds) and
 * `x-nonce` (16–64 URL-safe characters, never reused) and `x-signature` = hex HMAC-SHA256(secret,
 * `${METHOD}\n${path}\n${timestamp}\n${nonce}\n${body}`) over the exact body bytes (docs/0072). The
 * provider's transaction ids are the idempotency keys.
 */
export const SEAMLESS_PATHS = {
  balance: '/wps/seamless/balance',
  bet: '/wps/seamless/bet',
  win: '/wps/seamless/win',
  rollback: '/wps/seamless/rollback',
} as const;

/**
 * The signed call's headers; `deadline` (optional, epoch ms, docs/0088) is when the provider stops
 * waiting: the wallet refuses the call past it and rolls back a commit that would come later, so a
 * call the provider gave up on has moved nothing (its rollback or retry with the same id is then safe).
 */
export const SEAMLESS_HEADERS = {
  provider: 'x-provider',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
  deadline: 'x-deadline',
} as const;

/** How far a call's timestamp may be from the platform's clock, either way. */
export const SEAMLESS_REPLAY_WINDOW_MS = 5 * 60_000;
/** The largest body a provider may send. */
export const SEAMLESS_BODY_LIMIT = 4096;

/** Message keys of refusals (the wps envelope's `message`). */
export const SEAMLESS_MESSAGES = {
  unauthorised: 'seamless_unauthorised',
  stale: 'seamless_stale_timestamp',
  playerUnknown: 'seamless_player_unknown',
  insufficientFunds: 'insufficient_funds',
  conflict: 'seamless_transaction_conflict',
  betRolledBack: 'seamless_bet_rolled_back',
  notRollbackable: 'seamless_not_rollbackable',
  /** A signed call seen before (its nonce): a copy is refused, a retry signs anew (docs/0072). */
  replayed: 'seamless_replayed',
  /** A win for a round holding no bet of this player (docs/0072). */
  betUnknown: 'seamless_bet_unknown',
  /** A win for a round already paid under another transaction id (docs/0072). */
  roundSettled: 'seamless_round_settled',
} as const;

const ZProviderId = zText({ max: 100, min: 1, trim: false }).regex(/^[A-Za-z0-9_.:-]+$/, 'invalid_id');
/** The operator's id for the player, handed to the provider at launch (the member id, decimal). */
const ZPlayerId = zText({ max: 20, min: 1, trim: false }).regex(/^[1-9][0-9]{0,9}$/, 'invalid_player');
const ZGameCode = zText({ max: 64, min: 1, trim: false }).regex(/^[A-Za-z0-9_.-]+$/, 'invalid_game');
/** Minor units; at most 10^12 (ten billion in major units) per call. */
const ZStake = z.number().int().min(0).max(1e12);

export const ZSeamlessBalanceRequest = z.object({ playerId: ZPlayerId }).strict();
export const ZSeamlessBetRequest = z
  .object({ playerId: ZPlayerId, roundId: ZProviderId, transactionId: ZProviderId, gameCode: ZGameCode, amountMinor: ZStake.min(1) })
  .strict();
/**
 * A win pays the round `roundId` of the player once: the round must hold a bet of the player still
 * placed (not rolled back), docs/0072. A win of 0 closes a lost round; it is recorded and moves nothing.
 */
export const ZSeamlessWinRequest = z
  .object({ playerId: ZPlayerId, roundId: ZProviderId, transactionId: ZProviderId, gameCode: ZGameCode, amountMinor: ZStake })
  .strict();
export const ZSeamlessRollbackRequest = z
  .object({ playerId: ZPlayerId, roundId: ZProviderId, transactionId: ZProviderId, gameCode: ZGameCode, refTransactionId: ZProviderId })
  .strict();
export type TSeamlessBetRequest = z.infer<typeof ZSeamlessBetRequest>;
export type TSeamlessWinRequest = z.infer<typeof ZSeamlessWinRequest>;
export type TSeamlessRollbackRequest = z.infer<typeof ZSeamlessRollbackRequest>;

/** Every answer: the player's balance after the call; `duplicate` when the transaction id was seen before. */
export const ZSeamlessAnswer = z.object({
  balanceMinor: z.number().int(),
  currency: z.string().max(8),
  duplicate: z.boolean(),
});
export type TSeamlessAnswer = z.infer<typeof ZSeamlessAnswer>;

/** What every provider call shares: a POST, served in maintenance and in any region. */
const PROVIDER = { method: 'POST', moduleId: 'SEAMLESS', audience: SERVER, region: 'serve' } as const;

/**
 * The seamless wallet game providers call (docs/0035, docs/0076): server to server, each call
 * proving itself by its signature over the exact body (checked before the input is read). Rounds
 * begun before maintenance settle, so every call is served; the provider names no ModuleId.
 */
export const SEAMLESS_CALLS = {
  balance: declareCall({ ...PROVIDER, path: SEAMLESS_PATHS.balance, input: ZSeamlessBalanceRequest, output: ZSeamlessAnswer }),
  bet: declareCall({ ...PROVIDER, path: SEAMLESS_PATHS.bet, input: ZSeamlessBetRequest, output: ZSeamlessAnswer }),
  win: declareCall({ ...PROVIDER, path: SEAMLESS_PATHS.win, input: ZSeamlessWinRequest, output: ZSeamlessAnswer }),
  rollback: declareCall({ ...PROVIDER, path: SEAMLESS_PATHS.rollback, input: ZSeamlessRollbackRequest, output: ZSeamlessAnswer }),
} as const;
