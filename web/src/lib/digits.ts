import type { TLanguage } from '@wl/schemas';

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/**
 * A text's ASCII digits in the script of the language (issue 11: numbers shown in BN use Bengali
 * digits, as `Intl.NumberFormat('bn-BD')` writes them); EN keeps them as they are.
 */
export function localDigits(text: string, language: TLanguage): string {
  return language === 'bn' ? text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]!) : text;
}

/**
 * A moment as date and time in the language: Bengali digits and a 24-hour clock in BN (bn-BD's
 * 12-hour form writes "AM"/"PM" in Latin letters), day/month/year in EN.
 */
export function localDateTime(at: string | number | Date, language: string): string {
  return new Date(at).toLocaleString(language === 'bn' ? 'bn-BD' : 'en-GB', { hour12: false });
}
