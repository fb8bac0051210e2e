import type { TPatternId } from '../domain/merchant.ts';

/**
 * Predicates for the pattern kinds of docs/rules/accounts.md#a-11, one per patternId. They check the kind only; the
 * server's acceptedPattern and min/max length are checked by validateField.
 *
 * Choices where docs/rules/accounts.md#a-11 is terse:
 * - "letters" means ASCII letters A–Z, a–z and "digits" ASCII 0–9 (the usernames and passwords of
 *   the upstream are ASCII).
 * - ALNUM_WITH_UPPER ("letters, digits and at least one uppercase") needs at least one digit and
 *   at least one uppercase letter, and nothing but letters and digits.
 * - THAI_ONLY and KOREAN_ONLY accept words of that script separated by single spaces (full names).
 * - Dates must be real calendar dates (2024-02-29 yes, 2023-02-29 no).
 */

const THAI = '\\u0E00-\\u0E7F';
// Hangul syllables, Jamo and compatibility Jamo.
const KOREAN = '\\uAC00-\\uD7A3\\u1100-\\u11FF\\u3130-\\u318F';
const words = (chars: string) => new RegExp(`^[${chars}]+(?: [${chars}]+)*$`);

const LETTER_FIRST_ALNUM = /^[A-Za-z][A-Za-z0-9]*$/;
const ALNUM = /^[A-Za-z0-9]+$/;
const HAS_DIGIT = /\d/;
const HAS_LETTER = /[A-Za-z]/;
const HAS_UPPER = /[A-Z]/;
const DIGITS = /^[0-9]+$/;
const ENGLISH_LETTERS_SPACES = /^[A-Za-z ]*[A-Za-z][A-Za-z ]*$/;
const NO_SPACES = /^\S+$/u;
const THAI_WORDS = words(THAI);
const KOREAN_WORDS = words(KOREAN);
// Local part: RFC 5322 atext with single dots; domain: labels with a dot and a 2+ letter TLD.
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const MDY = /^(\d{2})-(\d{2})-(\d{4})$/;

/** True when year-month-day names a real day of the Gregorian calendar. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/** One predicate per pattern kind of docs/rules/accounts.md#a-11. */
export const PATTERN_PREDICATES: Readonly<Record<TPatternId, (value: string) => boolean>> = {
  LENGTH_ONLY: () => true,
  LETTER_FIRST_ALNUM: (v) => LETTER_FIRST_ALNUM.test(v),
  DIGITS_WITH_LETTERS: (v) => ALNUM.test(v) && HAS_DIGIT.test(v) && HAS_LETTER.test(v),
  EMAIL: (v) => v.length <= 254 && EMAIL.test(v),
  ALNUM_NO_SPECIAL: (v) => ALNUM.test(v),
  DIGITS_ONLY: (v) => DIGITS.test(v),
  ALNUM_WITH_UPPER: (v) => ALNUM.test(v) && HAS_DIGIT.test(v) && HAS_UPPER.test(v),
  ENGLISH_LETTERS_SPACES: (v) => ENGLISH_LETTERS_SPACES.test(v),
  NO_SPACES: (v) => NO_SPACES.test(v),
  THAI_ONLY: (v) => THAI_WORDS.test(v),
  KOREAN_ONLY: (v) => KOREAN_WORDS.test(v),
  DATE_YMD: (v) => {
    const m = YMD.exec(v);
    return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
  },
  DATE_MDY: (v) => {
    const m = MDY.exec(v);
    return m !== null && isCalendarDate(Number(m[3]), Number(m[1]), Number(m[2]));
  },
};

/** True when `value` has the shape of pattern kind `patternId` (docs/rules/accounts.md#a-11). */
export function matchesPatternKind(patternId: TPatternId, value: string): boolean {
  return PATTERN_PREDICATES[patternId](value);
}
