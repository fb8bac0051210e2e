import { fairFloats } from './fair.ts';

/**
 * The draw of a reward ticket (docs/0120), provably fair as the games are (docs/0039): the ticket's
 * server seed is committed (its SHA-256 shown) when the ticket is earned; the member's client seed is
 * given at the draw; the roll is the first fair float of (serverSeed, clientSeed, nonce 0) times
 * 10000, floored: an integer 0–9999. The prizes, in their published order, take consecutive ranges
 * of their odds in basis points (summing to 10000); the roll falls in one. Pure and shared: the
 * platform draws with it and the reward centre verifies with it in the browser.
 */

/** Odds are in basis points: 10000 is 100 %. */
export const TICKET_ODDS_TOTAL = 10_000;

/** The roll of a ticket: an integer in [0, 10000). */
export async function ticketRoll(serverSeed: string, clientSeed: string): Promise<number> {
  const [f] = await fairFloats(serverSeed, clientSeed, 0, 1);
  return Math.floor(f! * TICKET_ODDS_TOTAL);
}

/** The index of the prize whose range holds `roll`, the prizes in published order; -1 when the odds do not reach it. */
export function prizeIndexOf(roll: number, oddsBp: readonly number[]): number {
  let upTo = 0;
  for (const [i, odds] of oddsBp.entries()) {
    upTo += odds;
    if (roll < upTo) return i;
  }
  return -1;
}

/** Odds a rule may publish: each 0–10000, at least one above 0, summing to exactly 10000. */
export const oddsAreWhole = (oddsBp: readonly number[]): boolean =>
  oddsBp.every((o) => Number.isInteger(o) && o >= 0 && o <= TICKET_ODDS_TOTAL) && oddsBp.reduce((a, b) => a + b, 0) === TICKET_ODDS_TOTAL;
