import { describe, expect, it } from 'vitest';
import { formatMinor } from './money.ts';

describe('formatMinor', () => {
  it('shows two decimals and thousands separators from minor units', () => {
    expect(formatMinor(123456789, '৳')).toBe('৳1,234,567.89');
    expect(formatMinor(100000, '$')).toBe('$1,000.00');
  });
  it('pads small amounts', () => {
    expect(formatMinor(0, '৳')).toBe('৳0.00');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(99999)).toBe('999.99');
  });
  it('keeps the sign in front of the symbol', () => {
    expect(formatMinor(-250075, '৳')).toBe('-৳2,500.75');
  });
});
