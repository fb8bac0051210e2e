/**
 * The built-in slot (docs/0039): 5 reels × 3 rows, 25 fixed lines, a bet per line. Pure and shared by
 * the game server, the page's paytable and the verify view.
 *
 * A spin's reel stops come from the round's first five fair floats: `stop[i] = floor(float[i] ×
 * length of reel i)`; row r of reel i shows `reel[i][(stop[i] + r) mod length]`. A line pays the
 * longest run from the leftmost reel of one symbol (wilds stand in for any symbol), at least 3 long,
 * times the bet per line; a run of wilds alone pays as wilds when that is more.
 */

export const SLOT_SYMBOLS = ['wild', 'tiger', 'ilish', 'lotus', 'boat', 'mango', 'a', 'k', 'q', 'j'] as const;
export type TSlotSymbol = (typeof SLOT_SYMBOLS)[number];

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;

/** Pays for 3, 4 and 5 in a run, as multiples of the bet per line. */
export const SLOT_PAYTABLE: Record<TSlotSymbol, readonly [number, number, number]> = {
  wild: [50, 250, 1000],
  tiger: [25, 100, 500],
  ilish: [20, 75, 250],
  lotus: [15, 50, 150],
  boat: [10, 40, 125],
  mango: [8, 25, 100],
  a: [6, 15, 60],
  k: [5, 12, 50],
  q: [5, 10, 40],
  j: [4, 10, 30],
};

/** How often each symbol is on each reel (32 stops per reel). Return to player ≈ 95.55 % (slotReturnToPlayer). */
const STRIP_COUNTS: Record<TSlotSymbol, readonly [number, number, number, number, number]> = {
  wild: [3, 3, 3, 3, 3],
  tiger: [2, 2, 2, 2, 2],
  ilish: [2, 2, 2, 2, 2],
  lotus: [3, 3, 3, 3, 3],
  boat: [3, 3, 3, 3, 3],
  mango: [3, 3, 3, 3, 3],
  a: [4, 4, 4, 4, 4],
  k: [4, 4, 4, 4, 4],
  q: [4, 4, 4, 4, 4],
  j: [4, 4, 4, 4, 4],
};

/** The reel strips: symbols interleaved so equal ones are spread out, each reel turned by 7 stops more than the last. */
export const SLOT_STRIPS: readonly (readonly TSlotSymbol[])[] = Array.from({ length: SLOT_REELS }, (_, reel) => {
  const pool = SLOT_SYMBOLS.map((s) => ({ s, left: STRIP_COUNTS[s][reel]! }));
  const strip: TSlotSymbol[] = [];
  while (pool.some((p) => p.left > 0)) {
    for (const p of pool) {
      if (p.left > 0) {
        strip.push(p.s);
        p.left--;
      }
    }
  }
  const turn = (reel * 7) % strip.length;
  return [...strip.slice(turn), ...strip.slice(0, turn)];
});

/** The 25 lines, each the row (0 top, 1 middle, 2 bottom) it takes on each reel. */
export const SLOT_LINES: readonly (readonly [number, number, number, number, number])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
];

/** Bets per line the game takes, in minor units (৳0.10 to ৳20; 25 lines, so ৳2.50 to ৳500 a spin). */
export const SLOT_BETS_PER_LINE_MINOR = [10, 20, 50, 100, 200, 500, 1000, 2000] as const;

export type TSlotLineWin = { line: number; symbol: TSlotSymbol; count: number; winMinor: number };
export type TSlotSpin = {
  stops: number[];
  /** grid[row][reel] */
  grid: TSlotSymbol[][];
  lines: TSlotLineWin[];
  stakeMinor: number;
  winMinor: number;
};

/** The pay of one line's five symbols, as a multiple of the bet per line, and what paid. */
export function linePay(symbols: readonly TSlotSymbol[]): { symbol: TSlotSymbol; count: number; multiple: number } | null {
  let wilds = 0;
  while (wilds < symbols.length && symbols[wilds] === 'wild') wilds++;
  const first = symbols.find((s) => s !== 'wild');
  let run = 0;
  if (first) while (run < symbols.length && (symbols[run] === first || symbols[run] === 'wild')) run++;
  const wildPay = wilds >= 3 ? SLOT_PAYTABLE.wild[wilds - 3]! : 0;
  const runPay = first && run >= 3 ? SLOT_PAYTABLE[first][run - 3]! : 0;
  if (wildPay === 0 && runPay === 0) return null;
  return wildPay >= runPay ? { symbol: 'wild', count: wilds, multiple: wildPay } : { symbol: first!, count: run, multiple: runPay };
}

/** The spin for five fair floats at a bet per line. */
export function slotSpin(floats: readonly number[], betPerLineMinor: number): TSlotSpin {
  if (floats.length < SLOT_REELS) throw new RangeError('a spin needs five floats');
  const stops = SLOT_STRIPS.map((strip, i) => Math.floor(floats[i]! * strip.length));
  const grid = Array.from({ length: SLOT_ROWS }, (_, row) => SLOT_STRIPS.map((strip, i) => strip[(stops[i]! + row) % strip.length]!));
  const lines: TSlotLineWin[] = [];
  SLOT_LINES.forEach((rows, index) => {
    const pay = linePay(rows.map((row, reel) => grid[row]![reel]!));
    if (pay) lines.push({ line: index + 1, symbol: pay.symbol, count: pay.count, winMinor: pay.multiple * betPerLineMinor });
  });
  return { stops, grid, lines, stakeMinor: betPerLineMinor * SLOT_LINES.length, winMinor: lines.reduce((sum, l) => sum + l.winMinor, 0) };
}

/**
 * The slot's exact return to player: every line sees one uniformly random stop per reel, reels
 * independent, so each line returns the same expected multiple; 25 lines at 25 × the line bet.
 */
export function slotReturnToPlayer(): number {
  const freq = SLOT_STRIPS.map((strip) => {
    const m = new Map<TSlotSymbol, number>();
    for (const s of strip) m.set(s, (m.get(s) ?? 0) + 1 / strip.length);
    return [...m.entries()];
  });
  let expected = 0;
  const walk = (reel: number, picked: TSlotSymbol[], p: number) => {
    if (reel === SLOT_REELS) {
      expected += p * (linePay(picked)?.multiple ?? 0);
      return;
    }
    for (const [s, q] of freq[reel]!) walk(reel + 1, [...picked, s], p * q);
  };
  walk(0, [], 1);
  return expected;
}
