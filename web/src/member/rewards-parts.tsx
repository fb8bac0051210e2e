import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../lib/numbers.ts';
import { localDigits } from '../lib/numbers-later.ts';
import { useSession } from '../session/session-context.tsx';

/** Minor units as money in the page's language, with the member's currency symbol. */
export function useMinorFormat(): (minor: number) => string {
  const { i18n } = useTranslation();
  const currency = useSession().balance?.currencySymbol ?? '';
  return useCallback((minor: number) => formatMinor(minor, i18n.language, currency), [i18n.language, currency]);
}

/** A rate in basis points as a percentage (80 → 0.80%), in the language's digits. */
export function ratePercent(rateBp: number, language: string): string {
  return localDigits(`${(rateBp / 100).toFixed(2)}%`, language);
}
