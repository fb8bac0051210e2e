import { describe, expect, it } from 'vitest';
import { CRASH_MAX_X100, crashPayoutMinor, crashPointOf, crashX100Of, flightMsOf, multiplierX100At } from './crash.ts';
import { fairFloats } from './fair.ts';

const GRID = 2 ** 32;
/** The smallest k (of the 2³² floats fairFloats can give, k / 2³²) whose crash point reaches `x100`: the function is monotone. */
function firstReaching(x100: number): number {
  let lo = 0;
  let hi = GRID;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (crashX100Of(mid / GRID) >= x100) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

describe('the crash point', () => {
  it('returns 99 % to a cash-out at any target, counted exactly over every float fairFloats can give', () => {
    for (const target of [101, 150, 200, 247, 1000, 5000, 25_000, CRASH_MAX_X100]) {
      const reaching = GRID - firstReaching(target);
      const rtp = (reaching / GRID) * (target / 100);
      expect(rtp).toBeGreaterThan(0.99 - 1e-6);
      expect(rtp).toBeLessThan(0.99 + 1e-6);
    }
    // About one round in fifty crashes at ×1.00, before any cash-out can win.
    expect(firstReaching(101) / GRID).toBeCloseTo(1 - 0.99 / 1.01, 6);
  });

  it('follows the documented formula and is capped at ×1000', () => {
    expect(crashX100Of(0)).toBe(100);
    expect(crashX100Of(0.5)).toBe(198);
    expect(crashX100Of(0.75)).toBe(396);
    expect(crashX100Of(1 - 1 / GRID)).toBe(CRASH_MAX_X100);
    expect(() => crashX100Of(1)).toThrow(RangeError);
  });

  it('is recomputed from the revealed seed, the game code and the round number', async () => {
    const seed = 'c'.repeat(64);
    const [f] = await fairFloats(seed, 'WLG_CRASH_ROCKET', 42, 1);
    expect(await crashPointOf(seed, 'WLG_CRASH_ROCKET', 42)).toBe(crashX100Of(f!));
  });

  it('the flight reaches the crash point at its last ms and not before', () => {
    for (const c of [100, 101, 150, 200, 999, 12_345, CRASH_MAX_X100]) {
      const ms = flightMsOf(c);
      expect(multiplierX100At(ms)).toBeGreaterThanOrEqual(c);
      if (ms > 0) expect(multiplierX100At(ms - 1)).toBeLessThan(c);
    }
    expect(multiplierX100At(6000)).toBe(200);
    expect(crashPayoutMinor(1000, 237)).toBe(2370);
    expect(crashPayoutMinor(333, 150)).toBe(499);
  });
});
