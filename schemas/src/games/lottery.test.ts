import { describe, expect, it } from 'vitest';
import { fairFloats } from './fair.ts';
import {
  LOTTERY_BET_TYPES,
  LOTTERY_DEFAULT_PAYOUTS,
  LOTTERY_ODDS,
  LOTTERY_PAYOUT_KEY,
  LOTTERY_PAYOUT_KEYS,
  isLotteryPick,
  lotteryBetWins,
  lotteryDrawWindow,
  lotteryNumero,
  lotteryPayoutBounds,
  lotteryResult,
  lotteryReturnToPlayer,
  lotteryWinMinor,
} from './lottery.ts';

const ALL = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

describe('lottery', () => {
  it('wins each bet type on exactly 1 in its odds of the 1,000 results', () => {
    const picks: Record<string, string | null> = { exact3: '407', last2: '07', last1: '7', big: null, small: null, odd: null, even: null };
    for (const type of LOTTERY_BET_TYPES) {
      const wins = ALL.filter((r) => lotteryBetWins(type, picks[type]!, r)).length;
      expect(wins, type).toBe(1000 / LOTTERY_ODDS[LOTTERY_PAYOUT_KEY[type]]);
    }
    expect(lotteryBetWins('exact3', '407', '407')).toBe(true);
    expect(lotteryBetWins('last2', '07', '907')).toBe(true);
    expect(lotteryBetWins('big', null, '499')).toBe(false);
    expect(lotteryBetWins('big', null, '500')).toBe(true);
    expect(lotteryBetWins('odd', null, '123')).toBe(true);
  });

  it('keeps the house edge: the default table returns 90 % to 97.5 %, and every bound is at most the odds', () => {
    for (const key of LOTTERY_PAYOUT_KEYS) {
      const rtp = lotteryReturnToPlayer(key, LOTTERY_DEFAULT_PAYOUTS);
      expect(rtp).toBeGreaterThanOrEqual(0.9);
      expect(rtp).toBeLessThan(1);
      const { min, max } = lotteryPayoutBounds(key);
      expect(LOTTERY_DEFAULT_PAYOUTS[key]).toBeGreaterThanOrEqual(min);
      expect(LOTTERY_DEFAULT_PAYOUTS[key]).toBeLessThanOrEqual(max);
      expect(lotteryReturnToPlayer(key, { ...LOTTERY_DEFAULT_PAYOUTS, [key]: max })).toBe(1);
      expect(min).toBeGreaterThan(100);
    }
  });

  it('pays stake × payout rounded down, and nothing on a loss', () => {
    expect(lotteryWinMinor({ betType: 'exact3', pick: '123', stakeMinor: 100, payoutX100: 90_000 }, '123')).toBe(90_000);
    expect(lotteryWinMinor({ betType: 'odd', pick: null, stakeMinor: 333, payoutX100: 195 }, '001')).toBe(649);
    expect(lotteryWinMinor({ betType: 'even', pick: null, stakeMinor: 333, payoutX100: 195 }, '001')).toBe(0);
  });

  it('checks picks: exactly the digits a bet type needs', () => {
    expect(isLotteryPick('exact3', '007')).toBe(true);
    expect(isLotteryPick('exact3', '07')).toBe(false);
    expect(isLotteryPick('last2', '1a')).toBe(false);
    expect(isLotteryPick('last1', null)).toBe(false);
    expect(isLotteryPick('big', null)).toBe(true);
    expect(isLotteryPick('big', '1')).toBe(false);
  });

  it('derives the schedule from the time alone: every moment of a draw agrees on it', () => {
    const t = Date.UTC(2026, 10, 25, 19, 44, 10);
    expect(lotteryDrawWindow(t, 180)).toEqual({ opensAt: Date.UTC(2026, 10, 25, 19, 42, 0), closesAt: Date.UTC(2026, 10, 25, 19, 45, 0) });
    expect(lotteryDrawWindow(Date.UTC(2026, 10, 25, 19, 45, 0), 180).opensAt).toBe(Date.UTC(2026, 10, 25, 19, 45, 0));
    expect(lotteryDrawWindow(t + 49_999, 180)).toEqual(lotteryDrawWindow(t, 180));
    expect(lotteryNumero(Date.UTC(2026, 10, 25, 19, 45, 0))).toBe('20261125-194500');
  });

  it('draws three digits from the fair floats (the documented formula)', async () => {
    const seed = 'ab'.repeat(32);
    const floats = await fairFloats(seed, 'WLG_LOTTO_3D-20261125-194500', 0, 3);
    const result = await lotteryResult(seed, 'WLG_LOTTO_3D-20261125-194500');
    expect(result).toMatch(/^[0-9]{3}$/);
    expect(result).toBe(floats.map((f) => Math.floor(f * 10)).join(''));
  });
});
