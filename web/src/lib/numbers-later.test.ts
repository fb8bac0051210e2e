import { describe, expect, it } from 'vitest';
import { localDate, localDateTime } from './numbers-later.ts';

const ASCII_DIGIT = /[0-9]/;

describe('dates and times', () => {
  const at = '2026-01-02T15:04:05Z';
  it('writes a moment without Latin letters or ASCII digits in BN (24-hour clock), and day/month/year in EN', () => {
    expect(localDateTime(at, 'bn')).not.toMatch(/[A-Za-z0-9]/);
    expect(localDateTime(at, 'bn')).toMatch(/[০-৯]/);
    expect(localDateTime(at, 'en')).toMatch(/^\d{2}\/\d{2}\/2026, \d{2}:\d{2}:\d{2}$/);
    expect(localDateTime(at, 'en')).toBe(new Date(at).toLocaleString('en-GB', { hour12: false }));
    expect(localDateTime(at, 'bn')).toBe(new Date(at).toLocaleString('bn-BD', { hour12: false }));
  });
  it('writes a date alone', () => {
    expect(localDate(at, 'bn')).not.toMatch(ASCII_DIGIT);
    expect(localDate(at, 'en')).toMatch(/^\d{2}\/\d{2}\/2026$/);
  });
});
