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

const isBengali = (language: TLang) => language === 'bn' || language.startsWith('bn-');

const numberFormats = new Map<string, Intl.NumberFormat>();

/** What a shown number may ask for: fixed or bounded decimals, a minimum number of integer digits, no grouping. */
export interface INumberOptions {
  /** Exactly this many decimals. */
  decimals?: number;
  /** At most this many decimals (default 3, as Intl's own). */
  maxDecimals?: number;
  /** At least this many integer digits, zero-padded (a clock's 05). */
  pad?: number;
  /** Thousands separators (default true); false for identifiers such as round numbers and years. */
  grouping?: boolean;
}

function numberFormat(language: TLang, o: INumberOptions): Intl.NumberFormat {
  const bn = isBengali(language);
  const min = o.decimals ?? 0;
  const max = o.decimals ?? o.maxDecimals ?? 3;
  const pad = o.pad ?? 1;
  const grouping = o.grouping ?? true;
  const key = `${bn ? 'bn' : 'en'}|${min}|${max}|${pad}|${grouping ? 1 : 0}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(bn ? 'en-u-nu-beng' : 'en', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      minimumIntegerDigits: pad,
      useGrouping: grouping,
    });
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

/** A percentage from its number (12.5 → "12.5%" / "১২.৫%"). */
export function formatPercent(value: number, language: TLang, decimals?: number): string {
  return `${formatNumber(value, language, decimals === undefined ? { maxDecimals: 2 } : { decimals })}%`;
}

/**
 * An amount in minor units with 2 decimals and thousands separators (SPEC §9): "৳12,500.00" in EN,
 * "৳১২,৫০০.০০" in BN. Whole units and cents are formatted as integers apart, so no float rounding
 * ever shows up in a balance; the sign stays in front of the symbol ("-৳2,500.75").
 */
export function formatMinor(minor: number, language: TLang, currencySymbol = ''): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const whole = numberFormat(language, {}).format(Math.floor(abs / 100));
  const cents = formatDigits(abs % 100, language, 2);
  return `${sign}${currencySymbol}${whole}.${cents}`;
}

/** A multiplier from hundredths (250 → "×2.50" / "×২.৫০"), exact like money. */
export function formatMultiplier(x100: number, language: TLang): string {
  return `×${formatMinor(x100, language)}`;
}

/**
 * An amount in minor units as the text of an amount <input> ("12500.00"): ASCII digits and no
 * separators in every language, as the person edits it and as it is read back (parseable, sent on).
 */
export function minorInputText(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The ten digits as the language writes them, from Intl itself ("0123456789" in EN). */
const digitsOf = (language: TLang) => Array.from({ length: 10 }, (_, d) => formatDigits(d, language));
let bengaliDigits: string[] | undefined;

/**
 * A text built elsewhere with ASCII digits (a lottery result "472", a clock "2026-01-02") with its
 * digits in the language's script; EN keeps it as it is.
 */
export function localDigits(text: string, language: TLang): string {
  if (!isBengali(language)) return text;
  bengaliDigits ??= digitsOf('bn');
  const table = bengaliDigits;
  return text.replace(/[0-9]/g, (d) => table[Number(d)]!);
}

/**
 * Identifiers among the values i18next puts into texts: numbers, but written without thousands
 * separators ("Round ১২৩৪৫", not "Round ১২,৩৪৫").
 */
const IDENTIFIER_KEYS = new Set(['id', 'no', 'numero', 'round', 'nonce', 'code', 'reference', 'year']);

/**
 * The i18next formatter (i18n.ts, with interpolation.alwaysFormat): every number put into a text
 * (`{{count}}`, `{{min}}`, `{{rate}}`) is written in the text's language. Strings pass as they are;
 * amounts arrive already formatted by formatMinor, usernames and codes must keep their spelling.
 */
export const numberInterpolation = {
  type: 'formatter' as const,
  init() {},
  add() {},
  addCached() {},
  format(value: unknown, _format: string | undefined, lng: string | undefined, options?: { interpolationkey?: string }): unknown {
    if (typeof value !== 'number' || !Number.isFinite(value)) return value;
    const key = options?.interpolationkey ?? '';
    return formatNumber(value, lng ?? 'bn', { grouping: !IDENTIFIER_KEYS.has(key) });
  },
};

/** The masked form of a hidden balance (SPEC §2: shown as ***). */
export const MASKED_BALANCE = '***';
