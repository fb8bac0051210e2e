import { describe, expect, it } from 'vitest';
import { fittingCount } from './fitting-count.ts';

describe('fittingCount', () => {
  it('keeps every entry when they all fit, without room for the more entry', () => {
    expect(fittingCount([100, 100, 100], 300, 96)).toBe(3);
  });
  it('keeps as many as fit beside the more entry when some do not', () => {
    expect(fittingCount([100, 100, 100], 299, 96)).toBe(2);
    expect(fittingCount([100, 100, 100], 295, 96)).toBe(1);
    expect(fittingCount([100, 100, 100], 90, 96)).toBe(0);
  });
});
