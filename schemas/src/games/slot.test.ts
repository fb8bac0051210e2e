import { describe, expect, it } from 'vitest';
import { linePay, SLOT_LINES, SLOT_PAYTABLE, SLOT_STRIPS, slotReturnToPlayer, slotSpin } from './slot.ts';

describe('slot', () => {
  it('has 5 reels of 32 stops and 25 distinct lines', () => {
    expect(SLOT_STRIPS.map((s) => s.length)).toEqual([32, 32, 32, 32, 32]);
    expect(new Set(SLOT_LINES.map((l) => l.join(''))).size).toBe(25);
  });

  it('returns between 94 % and 97 % to the player, computed exactly', () => {
    const rtp = slotReturnToPlayer();
    expect(rtp).toBeGreaterThan(0.94);
    expect(rtp).toBeLessThan(0.97);
  });

  it('pays the leftmost run with wilds standing in, and wild runs as wilds when that is more', () => {
    expect(linePay(['tiger', 'tiger', 'tiger', 'q', 'tiger'])).toEqual({ symbol: 'tiger', count: 3, multiple: SLOT_PAYTABLE.tiger[0] });
    expect(linePay(['wild', 'lotus', 'wild', 'lotus', 'j'])).toEqual({ symbol: 'lotus', count: 4, multiple: SLOT_PAYTABLE.lotus[1] });
    expect(linePay(['wild', 'wild', 'wild', 'j', 'k'])).toEqual({ symbol: 'wild', count: 3, multiple: SLOT_PAYTABLE.wild[0] });
    expect(linePay(['wild', 'wild', 'wild', 'wild', 'wild'])).toEqual({ symbol: 'wild', count: 5, multiple: SLOT_PAYTABLE.wild[2] });
    expect(linePay(['j', 'j', 'k', 'j', 'j'])).toBeNull();
    expect(linePay(['k', 'wild', 'wild', 'q', 'q'])).toEqual({ symbol: 'k', count: 3, multiple: SLOT_PAYTABLE.k[0] });
  });

  it('reads the grid from the stops and sums the line wins', () => {
    const spin = slotSpin([0, 0.5, 0.999, 0.25, 0.75], 100);
    expect(spin.stops).toEqual([0, 16, 31, 8, 24]);
    expect(spin.grid[0]).toEqual(SLOT_STRIPS.map((s, i) => s[spin.stops[i]!]));
    expect(spin.grid[2]![2]).toBe(SLOT_STRIPS[2]![(31 + 2) % 32]);
    expect(spin.stakeMinor).toBe(2500);
    expect(spin.winMinor).toBe(spin.lines.reduce((n, l) => n + l.winMinor, 0));
    for (const l of spin.lines) {
      const symbols = SLOT_LINES[l.line - 1]!.map((row, reel) => spin.grid[row]![reel]!);
      expect(linePay(symbols)!.multiple * 100).toBe(l.winMinor);
    }
  });

  it('over many spins pays close to its exact return', () => {
    let paid = 0;
    let staked = 0;
    // A fixed sequence of floats (a linear congruential walk), so the figure cannot flake.
    let x = 12345;
    const next = () => ((x = (x * 1103515245 + 12345) % 2 ** 31), x / 2 ** 31);
    for (let i = 0; i < 30_000; i++) {
      const spin = slotSpin([next(), next(), next(), next(), next()], 10);
      paid += spin.winMinor;
      staked += spin.stakeMinor;
    }
    expect(Math.abs(paid / staked - slotReturnToPlayer())).toBeLessThan(0.05);
  });
});
