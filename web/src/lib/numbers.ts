/**
 * Every number the web shows a person goes through this module (issue 11 item 4, docs/0056): money,
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
 * Intl objects are costly to create (tens of microseconds each; a report page shows hundreds of
 * numbers), so each formatter is made once per language and options and then reused.
 */

/** The interface language as i18next and the settings name it ("bn", "en"; anything else counts as EN). */
type TLang = string;

const isBengali = (language: TLang) => language.startsWith('bn');

const numberFormats = new Map<string, Intl.NumberFormat>();

/** What a shown number may ask for: fixed decimals, a minimum number of integer digits, no grouping. */
export interface INumberOptions {
  /** Exactly this many decimals (default: up to 3, as Intl's own). */
  decimals?: number;
  /** At least this many integer digits, zero-padded (a clock's 05). */
  pad?: number;
  /** Thousands separators (default true); false for identifiers such as round numbers. */
  grouping?: boolean;
}

function numberFormat(language: TLang, { decimals, pad = 1, grouping = true }: INumberOptions): Intl.NumberFormat {
  const locale = isBengali(language) ? 'en-u-nu-beng' : 'en';
  const key = `${locale}${decimals}${pad}${grouping}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals ?? 0, maximumFractionDigits: decimals ?? 3, minimumIntegerDigits: pad, useGrouping: grouping });
    numberFormats.set(key, f);
  }
  return f;
}

/** A number as the language writes it: 12,500.5 in EN, ১২,৫০০.৫ in BN. */
export function formatNumber(value: number, language: TLang, options: INumberOptions = {}): string {
  return numberFormat(language, options).format(value);
}

/** An integer without separators, zero-padded to `pad` digits (clock fields, years, round numbers). */
export function formatDigits(value: number, language: TLang, pad = 1): string {
  return numberFormat(language, { pad, grouping: false }).format(value);
}

/**
 * An amount in minor units with 2 decimals and thousands separators (SPEC §9): "৳12,500.00" in EN,
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

