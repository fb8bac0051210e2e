/**
 * The built-in crash game (docs/0042). Pure and shared: the platform's game server
 * decides with it and the page draws and verifies with it.
 *
 * One round for every player of a game: a betting phase, then a flight in which the multiplier rises
 * as `e^(K·t)` from ×1.00 until the round's crash point, then a short pause. The crash point comes
 * from the round's own server seed (its SHA-256 is shown from the start of the betting phase, the
 * seed itself once the round crashed), with `fairFloats(serverSeed, gameCode, roundNo, 1)` of fair.ts:
 *
 *     crash = max(1.00, floor(99 / (1 − f)) / 100), at most ×1000.00
 *
 * so P(crash ≥ x) = 0.99 / x for any x in hundredths: a bet cashed out at x returns 99 % (1 % edge)
 * whatever x the player aims at. Multipliers travel as integers in hundredths (`x100`: 250 = ×2.50).
 */
import { fairFloats } from './fair.ts';

/** The house edge: every cash-out target returns (1 − edge). */
export const CRASH_HOUSE_EDGE = 0.01;
/** The highest crash point (×1000.00): it bounds a round's flight and the largest payout. */
export const CRASH_MAX_X100 = 100_000;
/** The lowest auto cash-out target a player may set (×1.01). */
export const CRASH_MIN_TARGET_X100 = 101;
/** How long bets are taken before the flight (ms). Short, so a player (and a journey) waits little. */
export const CRASH_BETTING_MS = 6000;
/** The pause after a crash before the next round's betting opens (ms). */
export const CRASH_PAUSE_MS = 3000;
/** Growth rate of the multiplier per ms: ×2 after 6 s, ×10 after 19.9 s, ×1000 after 59.8 s. */
export const CRASH_GROWTH_PER_MS = Math.LN2 / 6000;
/** The stakes offered (minor units): ৳10 to ৳1,000. */
export const CRASH_STAKES_MINOR = [1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000] as const;

/** The crash point (x100) of a fair float f in [0, 1). */
export function crashX100Of(f: number): number {
  if (!(f >= 0 && f < 1)) throw new RangeError('f must be in [0, 1)');
  return Math.min(CRASH_MAX_X100, Math.max(100, Math.floor(99 / (1 - f))));
}

/** The crash point (x100) of a round: its server seed, the game's code as client seed, the round number as nonce. */
export async function crashPointOf(serverSeed: string, gameCode: string, roundNo: number): Promise<number> {
  const [f] = await fairFloats(serverSeed, gameCode, roundNo, 1);
  return crashX100Of(f!);
}

/** The multiplier (x100, rounded down) `elapsedMs` into the flight. */
export function multiplierX100At(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  return Math.min(CRASH_MAX_X100, Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs) + 1e-9));
}

/**
 * How long a flight to `crashX100` lasts (ms): the first whole ms at which the multiplier reaches the
 * crash point. Every moment before it shows (and cashes out at) less than the crash point.
 */
export function flightMsOf(crashX100: number): number {
  if (crashX100 <= 100) return 0;
  let ms = Math.max(0, Math.floor(Math.log(crashX100 / 100) / CRASH_GROWTH_PER_MS) - 2);
  while (multiplierX100At(ms) < crashX100) ms++;
  return ms;
}

/** What a stake pays cashed out at `x100` (minor units, rounded down). */
export function crashPayoutMinor(stakeMinor: number, x100: number): number {
  return Math.floor((stakeMinor * x100) / 100);
}

/** A multiplier as players read it: ×2.35. */
export function formatMultiplier(x100: number): string {
  return `×${(x100 / 100).toFixed(2)}`;
}
