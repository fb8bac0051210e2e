import { describe, expect, it } from 'vitest';
import { parseThreshold } from './security.tsx';

describe('operator security thresholds', () => {
  it('accepts whole numbers from 1 to the field maximum, as the server does', () => {
    expect(parseThreshold('3', 100)).toBe(3);
    expect(parseThreshold(' 30 ', 1440)).toBe(30);
    expect(parseThreshold('1440', 1440)).toBe(1440);
    // Bengali digits typed on a Bengali keyboard read the same (docs/0056).
    expect(parseThreshold('৩০', 1440)).toBe(30);
  });
  it('refuses zero, too large, decimals, negatives, words and scripts', () => {
    for (const raw of ['0', '101', '2.5', '-1', 'ten', '', '<script>', '1e2']) expect(parseThreshold(raw, 100)).toBeNull();
  });
});
