import { describe, expect, it } from 'vitest';
import { applyRate, contractEarning, periodAt, tiersProblem, withinCap, type TContractTerms } from './contracts.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const daily = (...tiers: [number, number][]): TContractTerms => ({ kind: 'daily', tiers: tiers.map(([minBetMinor, rateBp]) => ({ minBetMinor, rateBp })) });
const figures = (validBetMinor: number, payoutMinor = 0, activeMembers = 1, qualifyingBetMinor = validBetMinor) => ({
  validBetMinor,
  payoutMinor,
  activeMembers,
  qualifyingBetMinor,
});

describe('contract rules (docs/0049)', () => {
  it('pays the highest tier reached, rounded down to the minor unit', () => {
    const terms = daily([0, 10], [1_000_000, 20], [5_000_000, 35]);
    expect(contractEarning(terms, figures(999_999))).toEqual({ baseMinor: 999_999, rateBp: 10, amountMinor: 999 });
    expect(contractEarning(terms, figures(1_000_000))).toEqual({ baseMinor: 1_000_000, rateBp: 20, amountMinor: 2_000 });
    expect(contractEarning(terms, figures(7_777_777)).amountMinor).toBe(27_222);
    expect(contractEarning(daily([500, 10]), figures(499)).amountMinor).toBe(0);
    expect(applyRate(Number.MAX_SAFE_INTEGER, 1)).toBe(Math.floor(Number.MAX_SAFE_INTEGER / 10_000));
  });

  it('real-time: the loss rate when the team lost or broke even, the profit rate when it won, on qualifying bets only', () => {
    const rt: TContractTerms = { kind: 'realtime', profitRateBp: 20, lossRateBp: 40, minSingleBetMinor: 1_000 };
    expect(contractEarning(rt, figures(10_000, 5_000, 1, 9_000))).toEqual({ baseMinor: 9_000, rateBp: 40, amountMinor: 36 });
    expect(contractEarning(rt, figures(10_000, 10_000, 1, 9_000)).rateBp).toBe(40);
    expect(contractEarning(rt, figures(10_000, 10_001, 1, 9_000))).toEqual({ baseMinor: 9_000, rateBp: 20, amountMinor: 18 });
  });

  it('dividend: the team loss at the tier whose three minimums are all reached; nothing when the team won', () => {
    const dv: TContractTerms = {
      kind: 'dividend',
      period: 'W',
      tiers: [
        { minValidBetMinor: 0, minLossMinor: 0, minActive: 1, rateBp: 500 },
        { minValidBetMinor: 100_000, minLossMinor: 50_000, minActive: 3, rateBp: 1_000 },
      ],
    };
    expect(contractEarning(dv, figures(200_000, 100_000, 3))).toEqual({ baseMinor: 100_000, rateBp: 1_000, amountMinor: 10_000 });
    expect(contractEarning(dv, figures(200_000, 100_000, 2))).toEqual({ baseMinor: 100_000, rateBp: 500, amountMinor: 5_000 });
    expect(contractEarning(dv, figures(200_000, 300_000, 5)).amountMinor).toBe(0);
  });

  it('a downline rate never exceeds the cap at the same level', () => {
    const cap = daily([0, 20], [1_000_000, 40]);
    expect(withinCap(daily([0, 20], [1_000_000, 40]), cap)).toBe(true);
    expect(withinCap(daily([0, 10], [2_000_000, 40]), cap)).toBe(true);
    expect(withinCap(daily([0, 10], [500_000, 30]), cap)).toBe(false);
    expect(withinCap(daily([0, 21]), cap)).toBe(false);
    expect(withinCap({ kind: 'hourly', tiers: [{ minBetMinor: 0, rateBp: 1 }] }, cap)).toBe(false);
    const rt = (p: number, l: number): TContractTerms => ({ kind: 'realtime', profitRateBp: p, lossRateBp: l, minSingleBetMinor: 0 });
    expect(withinCap(rt(30, 50), rt(30, 50))).toBe(true);
    expect(withinCap(rt(31, 10), rt(30, 50))).toBe(false);
    const dv = (period: 'D' | 'M', rateBp: number): TContractTerms => ({
      kind: 'dividend',
      period,
      tiers: [{ minValidBetMinor: 0, minLossMinor: 0, minActive: 1, rateBp }],
    });
    expect(withinCap(dv('M', 500), dv('M', 1_000))).toBe(true);
    expect(withinCap(dv('D', 500), dv('M', 1_000))).toBe(false);
    expect(tiersProblem(daily([0, 10], [0, 20]))).toBe('contract_tiers_order');
    expect(tiersProblem(daily([0, 20], [10, 10]))).toBe('contract_tiers_order');
    expect(tiersProblem(daily([0, 10], [10, 20]))).toBeNull();
  });

  it('periods: epoch windows, local hours, days, Monday weeks, half months and months', () => {
    const at = Date.UTC(2026, 10, 25, 19, 7, 30); // Wednesday 25 Nov 2026, 01:07:30 on the 26th in UTC+6
    expect(periodAt('realtime', null, at, 360)).toEqual({ start: Date.UTC(2026, 10, 25, 19, 5), end: Date.UTC(2026, 10, 25, 19, 10) });
    expect(periodAt('realtime', null, at, 360, 20).end - periodAt('realtime', null, at, 360, 20).start).toBe(20_000);
    expect(periodAt('hourly', null, at, 360)).toEqual({ start: Date.UTC(2026, 10, 25, 19), end: Date.UTC(2026, 10, 25, 20) });
    expect(periodAt('hourly', null, at, 330).start).toBe(Date.UTC(2026, 10, 25, 18, 30));
    const localDay = Date.UTC(2026, 10, 26) - 6 * HOUR;
    expect(periodAt('daily', null, at, 360)).toEqual({ start: localDay, end: localDay + DAY });
    expect(periodAt('dividend', 'W', at, 360)).toEqual({ start: Date.UTC(2026, 10, 23) - 6 * HOUR, end: Date.UTC(2026, 10, 30) - 6 * HOUR });
    expect(periodAt('dividend', 'H', at, 360)).toEqual({ start: Date.UTC(2026, 10, 16) - 6 * HOUR, end: Date.UTC(2026, 11, 1) - 6 * HOUR });
    expect(periodAt('dividend', 'H', Date.UTC(2026, 1, 3), 360)).toEqual({ start: Date.UTC(2026, 1, 1) - 6 * HOUR, end: Date.UTC(2026, 1, 16) - 6 * HOUR });
    expect(periodAt('dividend', 'M', Date.UTC(2026, 11, 31, 20), 360)).toEqual({
      start: Date.UTC(2027, 0, 1) - 6 * HOUR,
      end: Date.UTC(2027, 1, 1) - 6 * HOUR,
    });
  });
});
