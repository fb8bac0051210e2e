import type { TLanguage } from '@wl/schemas';

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/**
 * A text's ASCII digits in the script of the language (issue 11: numbers shown in BN use Bengali
 * digits, as `Intl.NumberFormat('bn-BD')` writes them); EN keeps them as they are.
 */
export function localDigits(text: string, language: TLanguage): string {
  return language === 'bn' ? text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]!) : text;
}
