/**
 * The rest of lib/numbers.ts (docs/0056): what only pages loaded later show, kept
 * apart so the first load stays within its budget (docs/0022). Dates and times, rates, multipliers,
 * texts with digits (a lottery result, a clock), an amount input's text. The same rules: Bengali
 * digits in BN, each Intl formatter made once per language and form.
 */
import { formatDigits, formatMinor, formatNumber } from './numbers.ts';

type TLang = string;

const isBengali = (language: TLang) => language.startsWith('bn');

/** A percentage from its number (12.5 → "12.5%" / "১২.৫%"). */
export function formatPercent(value: number, language: TLang, decimals?: number): string {
  return `${formatNumber(value, language, { decimals })}%`;
}

/** A multiplier from hundredths (250 → "×2.50" / "×২.৫০"), exact like money. */
export function formatMultiplier(x100: number, language: TLang): string {
  return `×${formatMinor(x100, language)}`;
}

/**
 * An amount in minor units as the text of an amount <input> ("12,500.00"): ASCII digits in every
 * language, as the person edits it and as parseAmountInput reads it back. (Bengali digits typed
 * into it are read too.)
 */
export function minorInputText(minor: number): string {
  return formatMinor(minor, 'en');
}

/** The ten digits as the language writes them ("0123456789" in EN). */
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

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The parts of a moment each shown form writes, as Date#toLocaleString writes them by default. */
const DATE_TIME_PARTS: Record<'dateTime' | 'date', Intl.DateTimeFormatOptions> = {
  dateTime: { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hour12: false },
  date: { year: 'numeric', month: 'numeric', day: 'numeric' },
};

function dateTimeFormat(language: TLang, form: keyof typeof DATE_TIME_PARTS): Intl.DateTimeFormat {
  const bn = isBengali(language);
  const key = `${bn ? 'bn' : 'en'}|${form}`;
  let f = dateTimeFormats.get(key);
  if (!f) {
    // bn-BD writes Bengali digits and month order; its 12-hour form would write "AM"/"PM" in Latin
    // letters, hence the 24-hour clock. EN: day/month/year.
    f = new Intl.DateTimeFormat(bn ? 'bn-BD' : 'en-GB', DATE_TIME_PARTS[form]);
    dateTimeFormats.set(key, f);
  }
  return f;
}

/** A moment as date and time in the language: Bengali digits and a 24-hour clock in BN, day/month/year in EN. */
export function localDateTime(at: string | number | Date, language: TLang): string {
  return dateTimeFormat(language, 'dateTime').format(new Date(at));
}

/** A moment's date alone, as localDateTime writes it. */
export function localDate(at: string | number | Date, language: TLang): string {
  return dateTimeFormat(language, 'date').format(new Date(at));
}

/** The masked form of a hidden balance (docs/rules/money.md#m-16: shown as ***). */
export const MASKED_BALANCE = '***';
