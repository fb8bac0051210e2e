import { describe, expect, it } from 'vitest';
import { asciiDigits, bengaliDigits } from './digits.ts';

describe('asciiDigits', () => {
  it('reads Bengali digits typed by a person as ASCII, and leaves everything else', () => {
    expect(asciiDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(asciiDigits('১২,৫০০.৫০')).toBe('12,500.50');
    expect(asciiDigits('-৩ 12.5')).toBe('-3 12.5');
    expect(asciiDigits('abc ক')).toBe('abc ক');
  });
});

describe('bengaliDigits', () => {
  it('writes numbers and the ASCII digits of a text in Bengali digits, and leaves everything else', () => {
    expect(bengaliDigits(1234567890)).toBe('১২৩৪৫৬৭৮৯০');
    expect(bengaliDigits(5)).toBe('৫');
    expect(bengaliDigits('#42 · ৩, abc')).toBe('#৪২ · ৩, abc');
    expect(bengaliDigits(-2.5)).toBe('-২.৫');
  });

  it('is undone by asciiDigits', () => {
    for (const n of [0, 7, 30, 1005, 9_876_543_210]) expect(asciiDigits(bengaliDigits(n))).toBe(String(n));
  });
});
