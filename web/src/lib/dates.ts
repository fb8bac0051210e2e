/**
 * Dates and times as the web shows them (issue 11 item 4, docs/0056), beside lib/numbers.ts and the
 * same way: Bengali digits in BN, each Intl formatter made once per language and form. Kept apart
 * from numbers.ts because only pages loaded later show dates (the first load's budget, docs/0022).
 */

type TLang = string;

const isBengali = (language: TLang) => language === 'bn' || language.startsWith('bn-');

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
