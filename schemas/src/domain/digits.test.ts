import { describe, expect, it } from 'vitest';
import { asciiDigits } from './digits.ts';

describe('asciiDigits', () => {
  it('reads Bengali digits typed by a person as ASCII, and leaves everything else', () => {
    expect(asciiDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(asciiDigits('১২,৫০০.৫০')).toBe('12,500.50');
    expect(asciiDigits('-৩ 12.5')).toBe('-3 12.5');
    expect(asciiDigits('abc ক')).toBe('abc ক');
  });
});
