import { describe, expect, it } from 'vitest';
import { localDigits } from './digits.ts';

describe('localDigits', () => {
  it('writes digits in Bengali script for BN, as Intl does for bn-BD, and leaves EN alone', () => {
    expect(localDigits('2024-01-02 03:04:05', 'bn')).toBe('২০২৪-০১-০২ ০৩:০৪:০৫');
    expect(localDigits('GMT+06:00', 'bn')).toBe(`GMT+${new Intl.NumberFormat('bn-BD', { minimumIntegerDigits: 2 }).format(6)}:${new Intl.NumberFormat('bn-BD', { minimumIntegerDigits: 2 }).format(0)}`);
    expect(localDigits('2024-01-02 03:04:05', 'en')).toBe('2024-01-02 03:04:05');
  });
});
