/**
 * The built-in lottery (docs/0041): a shared 3-digit draw (000–999) every N seconds.
 * Pure and shared: the platform draws and settles with it, the game page shows the payout table and
 * its verify view recomputes a draw in the browser.
 *
 * Schedule: draws close on the multiples of the interval since the Unix epoch (UTC), so every process
 * that reads the same interval agrees on the current draw without asking another. A draw's numero is
 * its closing time, `yyyymmdd-hhmmss` (UTC): unique and readable whatever the interval was.
 *
 * Fairness: a draw's server seed is committed by its hash when the draw opens (shown while bets are
 * taken) and revealed once it is drawn. The client seed is fixed before any bet: `<gameCode>-<numero>`;
 * the nonce is 0. Digit i (i = 0, 1, 2) is `floor(float[i] × 10)` of schemas/games/fair.ts's floats.
 */
import { fairFloats } from './fair.ts';

/** Operator-set draw interval bounds, in seconds. 30 s is the shortest a player can still bet in. */
export const LOTTERY_INTERVAL_SECONDS = { min: 30, max: 3600, default: 180 } as const;
/** Bets reach settlement this long after the close, so a wallet call in flight at the close can finish first. */
export const LOTTERY_SETTLE_GRACE_MS = 2_000;
/** Stake per bet, minor units: ৳1 to ৳5,000. */
export const LOTTERY_STAKE_MINOR = { min: 100, max: 500_000 } as const;
/** Stakes the page offers as chips (minor units). */
export const LOTTERY_STAKE_CHIPS_MINOR = [100, 500, 1_000, 5_000, 10_000] as const;
/** Bets one player may hold on one draw. */
export const LOTTERY_MAX_BETS_PER_DRAW = 20;

export const LOTTERY_BET_TYPES = ['exact3', 'last2', 'last1', 'big', 'small', 'odd', 'even'] as const;
export type TLotteryBetType = (typeof LOTTERY_BET_TYPES)[number];

/** The payout table's rows: one per kind of bet (big and small share one, odd and even too). */
export const LOTTERY_PAYOUT_KEYS = ['exact3', 'last2', 'last1', 'bigSmall', 'oddEven'] as const;
export type TLotteryPayoutKey = (typeof LOTTERY_PAYOUT_KEYS)[number];
/** A payout table: what a winning bet returns, in hundredths of its stake (90000 = ×900.00, stake included). */
export type TLotteryPayouts = Record<TLotteryPayoutKey, number>;

export const LOTTERY_PAYOUT_KEY: Record<TLotteryBetType, TLotteryPayoutKey> = {
  exact3: 'exact3',
  last2: 'last2',
  last1: 'last1',
  big: 'bigSmall',
  small: 'bigSmall',
  odd: 'oddEven',
  even: 'oddEven',
};

/** Chance of winning, as 1 in N, of each row (exact 3 digits: 1 in 1,000; big: 500 of 1,000 numbers…). */
export const LOTTERY_ODDS: Record<TLotteryPayoutKey, number> = { exact3: 1000, last2: 100, last1: 10, bigSmall: 2, oddEven: 2 };

/** The seeded table: 90 % back on the digit bets, 97.5 % on the even-money ones. */
export const LOTTERY_DEFAULT_PAYOUTS: TLotteryPayouts = { exact3: 90_000, last2: 9_000, last1: 900, bigSmall: 195, oddEven: 195 };

/**
 * What the operator may set for a row, in hundredths: a return to player between 50 % and 100 % (the
 * house never pays more than the odds; a table below half is not a lottery anyone would play), and a
 * win always above the stake.
 */
export function lotteryPayoutBounds(key: TLotteryPayoutKey): { min: number; max: number } {
  const fair = LOTTERY_ODDS[key] * 100;
  return { min: Math.max(101, Math.ceil(fair / 2)), max: fair };
}

/** Return to player of a row, as a fraction (0.9 = 90 %). */
export const lotteryReturnToPlayer = (key: TLotteryPayoutKey, payouts: TLotteryPayouts): number => payouts[key] / 100 / LOTTERY_ODDS[key];

/** Digits a bet type needs picked: exact3 three, last2 two, last1 one, the others none. */
export const LOTTERY_PICK_DIGITS: Record<TLotteryBetType, number> = { exact3: 3, last2: 2, last1: 1, big: 0, small: 0, odd: 0, even: 0 };

/** Whether `pick` is what the bet type needs (exactly its number of digits, or null). */
export function isLotteryPick(betType: TLotteryBetType, pick: string | null): boolean {
  const digits = LOTTERY_PICK_DIGITS[betType];
  if (digits === 0) return pick === null;
  return pick !== null && new RegExp(`^[0-9]{${digits}}$`).test(pick);
}

/** Whether a bet wins against a draw's result (three digits). */
export function lotteryBetWins(betType: TLotteryBetType, pick: string | null, result: string): boolean {
  const n = Number(result);
  switch (betType) {
    case 'exact3':
      return pick === result;
    case 'last2':
      return pick === result.slice(1);
    case 'last1':
      return pick === result.slice(2);
    case 'big':
      return n >= 500;
    case 'small':
      return n < 500;
    case 'odd':
      return n % 2 === 1;
    case 'even':
      return n % 2 === 0;
  }
}

/** What a bet returns (minor units, stake included; 0 when it loses), rounded down to the minor unit. */
export function lotteryWinMinor(bet: { betType: TLotteryBetType; pick: string | null; stakeMinor: number; payoutX100: number }, result: string): number {
  return lotteryBetWins(bet.betType, bet.pick, result) ? Math.floor((bet.stakeMinor * bet.payoutX100) / 100) : 0;
}

/** The draw a moment belongs to: it opened on the last multiple of the interval and closes on the next. */
export function lotteryDrawWindow(nowMs: number, intervalSeconds: number): { opensAt: number; closesAt: number } {
  const ms = intervalSeconds * 1000;
  const closesAt = (Math.floor(nowMs / ms) + 1) * ms;
  return { opensAt: closesAt - ms, closesAt };
}

/** A draw's numero: its closing time, `yyyymmdd-hhmmss` in UTC. */
export function lotteryNumero(closesAtMs: number): string {
  const iso = new Date(closesAtMs).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

/** A draw's client seed, fixed before any bet: `<gameCode>-<numero>`. */
export const lotteryClientSeed = (gameCode: string, numero: string): string => `${gameCode}-${numero}`;

/** The draw's result, three digits, from its revealed server seed and its client seed (nonce 0). */
export async function lotteryResult(serverSeed: string, clientSeed: string): Promise<string> {
  const floats = await fairFloats(serverSeed, clientSeed, 0, 3);
  return floats.map((f) => String(Math.floor(f * 10))).join('');
}
