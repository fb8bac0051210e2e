import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { formatDigits, formatMinor, formatNumber, numberInterpolation, type INumberOptions } from './numbers.ts';
import { formatMultiplier, formatPercent, localDigits, minorInputText } from './numbers-later.ts';

describe('formatMinor', () => {
  it('writes money with the same grouping and decimals in both languages, Bengali digits in BN', () => {
    expect(formatMinor(1250000, 'en', '৳')).toBe('৳12,500.00');
    expect(formatMinor(1250000, 'bn', '৳')).toBe('৳১২,৫০০.০০');
    expect(formatMinor(123456789, 'en', '৳')).toBe('৳1,234,567.89');
    expect(formatMinor(123456789, 'bn', '৳')).toBe('৳১,২৩৪,৫৬৭.৮৯');
    expect(formatMinor(100000, 'en', '$')).toBe('$1,000.00');
  });
  it('writes zero and small amounts padded', () => {
    expect(formatMinor(0, 'en', '৳')).toBe('৳0.00');
    expect(formatMinor(0, 'bn', '৳')).toBe('৳০.০০');
    expect(formatMinor(5, 'en')).toBe('0.05');
    expect(formatMinor(5, 'bn')).toBe('০.০৫');
    expect(formatMinor(99999, 'bn')).toBe('৯৯৯.৯৯');
  });
  it('keeps the sign in front of the symbol', () => {
    expect(formatMinor(-250075, 'en', '৳')).toBe('-৳2,500.75');
    expect(formatMinor(-250075, 'bn', '৳')).toBe('-৳২,৫০০.৭৫');
  });
  it('stays exact for the largest safe amounts (no float rounding)', () => {
    expect(formatMinor(Number.MAX_SAFE_INTEGER, 'en')).toBe('90,071,992,547,409.91');
    expect(formatMinor(Number.MAX_SAFE_INTEGER, 'bn')).toBe('৯০,০৭১,৯৯২,৫৪৭,৪০৯.৯১');
    expect(formatMinor(-Number.MAX_SAFE_INTEGER, 'bn', '৳')).toBe('-৳৯০,০৭১,৯৯২,৫৪৭,৪০৯.৯১');
  });
});

describe('formatNumber and friends', () => {
  it('writes counts grouped, with Bengali digits in BN only', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'bn')).toBe('১,২৩৪,৫৬৭');
    expect(formatNumber(0, 'bn')).toBe('০');
    expect(formatNumber(-42, 'bn')).toBe('-৪২');
    expect(formatNumber(-42, 'en')).toBe('-42');
  });
  it('writes decimals as asked', () => {
    expect(formatNumber(12.5, 'bn')).toBe('১২.৫');
    expect(formatNumber(12.5, 'en', { decimals: 2 })).toBe('12.50');
    expect(formatNumber(0.1234, 'bn')).toBe('০.১২৩');
    expect(formatPercent(97.5, 'en', 2)).toBe('97.50%');
    expect(formatPercent(97.5, 'bn', 2)).toBe('৯৭.৫০%');
    expect(formatPercent(-1.25, 'bn')).toBe('-১.২৫%');
  });
  it('writes identifiers and clock fields without separators, padded', () => {
    expect(formatDigits(2026, 'bn')).toBe('২০২৬');
    expect(formatDigits(5, 'bn', 2)).toBe('০৫');
    expect(formatDigits(5, 'en', 2)).toBe('05');
    expect(formatNumber(20261126001, 'en', { grouping: false })).toBe('20261126001');
  });
  it('writes multipliers from hundredths', () => {
    expect(formatMultiplier(250, 'en')).toBe('×2.50');
    expect(formatMultiplier(100000, 'bn')).toBe('×১,০০০.০০');
  });
  it('leaves EN texts alone and writes BN texts in Bengali digits', () => {
    expect(localDigits('472 · GMT+06:00', 'bn')).toBe('৪৭২ · GMT+০৬:০০');
    expect(localDigits('472 · GMT+06:00', 'en')).toBe('472 · GMT+06:00');
  });
});

describe('formatNumber writes what Intl.NumberFormat writes (docs/0060: it no longer makes one)', () => {
  // Integers and decimals of every size the site shows and beyond, halves that the shortest decimal
  // form rounds up while the binary value lies below them (1.0005, 2.675), negatives, -0, and what
  // still goes to Intl (exponents, NaN, infinities).
  const values: number[] = [
    0,
    -0,
    0.5,
    1.5,
    2.5,
    -2.5,
    1.0005,
    2.675,
    1.005,
    0.125,
    0.9995,
    0.9996,
    999.9995,
    123456.7895,
    -0.0004,
    -0.0005,
    4e-7,
    1e-6,
    9.999e20,
    1e21,
    1.5e22,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    Number.NaN,
    Infinity,
    -Infinity,
  ];
  for (let i = 1; i <= 3000; i++) {
    const mantissa = (i * 7919) % 1000003;
    values.push(mantissa / 10 ** (i % 9), -mantissa / 10 ** (i % 7), mantissa * 10 ** (i % 12), (mantissa + 0.5) / 10 ** (i % 4));
  }
  const forms: INumberOptions[] = [
    {},
    { decimals: 0 },
    { decimals: 1 },
    { decimals: 2 },
    { decimals: 3 },
    { grouping: false },
    { pad: 2, grouping: false },
    { pad: 4 },
  ];
  for (const language of ['en', 'bn']) {
    it(`in ${language}`, () => {
      const locale = language === 'bn' ? 'en-u-nu-beng' : 'en';
      const differences: string[] = [];
      for (const form of forms) {
        const intl = new Intl.NumberFormat(locale, {
          minimumFractionDigits: form.decimals ?? 0,
          maximumFractionDigits: form.decimals ?? 3,
          minimumIntegerDigits: form.pad ?? 1,
          useGrouping: form.grouping ?? true,
        });
        for (const v of values) {
          const ours = formatNumber(v, language, form);
          if (ours !== intl.format(v)) differences.push(`${v} ${JSON.stringify(form)}: ${ours} vs Intl ${intl.format(v)}`);
        }
      }
      expect(differences.slice(0, 10)).toEqual([]);
      expect(formatDigits(7, language, 3)).toBe(new Intl.NumberFormat(locale, { minimumIntegerDigits: 3, useGrouping: false }).format(7));
    });
  }
});

describe('inputs', () => {
  it('keeps an amount input in ASCII in every language', () => {
    expect(minorInputText(1250000)).toBe('12,500.00');
    expect(minorInputText(5)).toBe('0.05');
    expect(minorInputText(0)).toBe('0.00');
  });
});

describe('numbers put into texts', () => {
  it('are written in the language of the text, identifiers without separators', () => {
    const i18n = createI18n('bn', { en: { n: 'Round {{round}}: {{count}} bets, {{who}}' }, bn: { n: 'রাউন্ড {{round}}: {{count}}টি বাজি, {{who}}' } });
    expect(i18n.t('n', { round: 12345, count: 1500, who: 'user01' })).toBe('রাউন্ড ১২৩৪৫: ১,৫০০টি বাজি, user01');
    void i18n.changeLanguage('en');
    expect(i18n.t('n', { round: 12345, count: 1500, who: 'user01' })).toBe('Round 12345: 1,500 bets, user01');
  });
  it('leave strings alone (codes, usernames, amounts already formatted)', () => {
    expect(numberInterpolation.format('007', undefined, 'bn')).toBe('007');
    expect(numberInterpolation.format('৳12,500.00', undefined, 'bn')).toBe('৳12,500.00');
  });
});
