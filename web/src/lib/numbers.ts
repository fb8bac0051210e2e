/**
 * Every number the web shows a person goes through this module (docs/0056): money,
 * counts, rates, multipliers, dates and times, page numbers. BN writes Bengali digits (০–৯) with
 * the grouping and decimals the site uses in both languages (৳১২,৫০০.০০, from the locale
 * `en-u-nu-beng`); EN keeps ASCII digits.
 *
 * Dates and times: lib/dates.ts, the same way (apart so the first load stays small, docs/0022);
 * digits a person types into a number field: asciiDigits (@wl/schemas/domain/digits).
 *
 * Not through here: what goes to the server, CSV files (machine-readable, ASCII), the text of an
 * <input> the person edits, and data marked translate="no" (usernames, codes, ids).
 *
 * Written out here rather than with Intl.NumberFormat (docs/0060): the first Intl number formatter
 * a page makes loads ICU's number data, 12-60 ms in Chromium on the loaded machines here (x4 on
 * Lighthouse's phone), in whichever task formats the first number (the footer's year, in the home
 * load). The output is Intl's own for the locales `en` and `en-u-nu-beng` (numbers.test.ts compares
 * them over many values): the shortest decimal form of the value, rounded half away from zero,
 * grouped by three. What Intl writes with an exponent or not at all (from 1e21, below 1e-6, NaN,
 * infinities) still goes to Intl.
 */

/** The interface language as i18next and the settings name it ("bn", "en"; anything else counts as EN). */
type TLang = string;

const isBengali = (language: TLang) => language.startsWith('bn');

/** What a shown number may ask for: fixed decimals, a minimum number of integer digits, no grouping. */
export interface INumberOptions {
  /** Exactly this many decimals (default: up to 3, as Intl's own). */
  decimals?: number;
  /** At least this many integer digits, zero-padded (a clock's 05). */
  pad?: number;
  /** Thousands separators (default true); false for identifiers such as round numbers. */
  grouping?: boolean;
}

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** A number as the language writes it: 12,500.5 in EN, ১২,৫০০.৫ in BN. */
export function formatNumber(value: number, language: TLang, { decimals, pad = 1, grouping = true }: INumberOptions = {}): string {
  const bengali = isBengali(language);
  const minFraction = decimals ?? 0;
  const maxFraction = decimals ?? 3;
  // The shortest decimal form of the value, which Intl rounds (not the binary value: 1.0005 → 1.001).
  const shortest = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(shortest)) {
    // Exponents (from 1e21, below 1e-6), NaN, infinities: Intl's own words, made when first needed.
    return new Intl.NumberFormat(bengali ? 'en-u-nu-beng' : 'en', {
      minimumFractionDigits: minFraction,
      maximumFractionDigits: maxFraction,
      minimumIntegerDigits: pad,
      useGrouping: grouping,
    }).format(value);
  }
  let [int = '0', fraction = ''] = shortest.split('.');
  if (fraction.length > maxFraction) {
    // Half away from zero at the last kept decimal, carrying through the integer digits.
    let kept = int + fraction.slice(0, maxFraction);
    if (fraction[maxFraction]! >= '5') kept = String(BigInt(kept) + 1n).padStart(kept.length, '0');
    int = kept.slice(0, kept.length - maxFraction).replace(/^0+(?=\d)/, '');
    fraction = kept.slice(kept.length - maxFraction);
  }
  int = int.padStart(pad, '0');
  fraction = fraction.replace(/0+$/, '').padEnd(minFraction, '0');
  // Intl keeps the sign of a negative value, -0 and what rounds to 0 included ("-0").
  const text = `${value < 0 || Object.is(value, -0) ? '-' : ''}${grouping ? int.replace(/\B(?=(\d{3})+$)/g, ',') : int}${fraction && '.'}${fraction}`;
  return bengali ? text.replace(/\d/g, (d) => BENGALI_DIGITS[Number(d)]!) : text;
}

/** An integer without separators, zero-padded to `pad` digits (clock fields, years, round numbers). */
export function formatDigits(value: number, language: TLang, pad = 1): string {
  return formatNumber(value, language, { pad, grouping: false });
}

/**
 * An amount in minor units with 2 decimals and thousands separators (docs/rules/reach.md#r-1): "৳12,500.00" in EN,
 * "৳১২,৫০০.০০" in BN. Whole units and cents are formatted as integers apart, so no float rounding
 * ever shows up in a balance; the sign stays in front of the symbol ("-৳2,500.75").
 */
export function formatMinor(minor: number, language: TLang, currencySymbol = ''): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const whole = formatNumber(Math.floor(abs / 100), language);
  const cents = formatDigits(abs % 100, language, 2);
  return `${sign}${currencySymbol}${whole}.${cents}`;
}

/**
 * Identifiers among the values i18next puts into texts: numbers, but written without thousands
 * separators ("Round ১২৩৪৫", not "Round ১২,৩৪৫").
 */
const IDENTIFIER_KEYS = new Set(['id', 'no', 'numero', 'round', 'nonce']);

/**
 * The i18next formatter (i18n.ts, with interpolation.alwaysFormat): every number put into a text
 * (`{{count}}`, `{{min}}`, `{{rate}}`) is written in the text's language. Strings pass as they are;
 * amounts arrive already formatted by formatMinor, usernames and codes must keep their spelling.
 */
export const numberInterpolation = {
  type: 'formatter' as const,
  format(value: unknown, _format: string | undefined, lng: string | undefined, options?: { interpolationkey?: string }): unknown {
    return typeof value === 'number' ? formatNumber(value, lng ?? 'bn', { grouping: !IDENTIFIER_KEYS.has(options?.interpolationkey ?? '') }) : value;
  },
};
