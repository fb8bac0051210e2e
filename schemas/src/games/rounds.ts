/**
 * What the console's rounds view (docs/0043) shares with the browser: plain constants, no wire
 * contract (the wps schemas stay out of the web's chunks, docs/0022).
 */

/** Round and bet states (migration 0018): drawn, bet taken, paid, refused by the wallet, stake returned. */
export const GAME_ROUND_STATES = ['open', 'placed', 'settled', 'refused', 'rolled_back'] as const;
export type TGameRoundState = (typeof GAME_ROUND_STATES)[number];

/** Rounds per page of the console's view. */
export const OPERATOR_ROUNDS_PAGE_SIZE = 20;

/** A play still unsettled this long after it was due (a slot round made, a draw closed, a crash round crashed) is reported as stuck (docs/0043). */
export const OPERATOR_STUCK_AFTER_MS = 10 * 60_000;
