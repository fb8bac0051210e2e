import { describe, expect, it } from 'vitest';
import { localDateTime, localDigits } from './digits.ts';

describe('localDigits', () => {
  it('writes digits in Bengali script for BN, as Intl does for bn-BD, and leaves EN alone', () => {
    expect(localDigits('2024-01-02 03:04:05', 'bn')).toBe('২০২৪-০১-০২ ০৩:০৪:০৫');
    expect(localDigits('GMT+06:00', 'bn')).toBe(`GMT+${new Intl.NumberFormat('bn-BD', { minimumIntegerDigits: 2 }).format(6)}:${new Intl.NumberFormat('bn-BD', { minimumIntegerDigits: 2 }).format(0)}`);
    expect(localDigits('2024-01-02 03:04:05', 'en')).toBe('2024-01-02 03:04:05');
  });
});

describe('localDateTime', () => {
  it('writes a moment without Latin letters in BN (24-hour clock, Bengali digits), and day/month/year in EN', () => {
    const at = '2026-01-02T15:04:05Z';
    expect(localDateTime(at, 'bn')).not.toMatch(/[A-Za-z0-9]/);
    expect(localDateTime(at, 'bn')).toMatch(/[০-৯]/);
    expect(localDateTime(at, 'en')).toMatch(/^\d{2}\/\d{2}\/2026, \d{2}:\d{2}:\d{2}$/);
  });
});
