import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../lib/numbers.ts';
import { useSession } from '../session/session-context.tsx';

/**
 * Formats minor units in the member's currency and the page language. A module of its own: the
 * records pages use it without the money forms' machines (xstate, the schemas; docs/0086).
 */
export function useMoney(): (minor: number) => string {
  const { i18n } = useTranslation();
  const currency = useSession().balance?.currencySymbol ?? '';
  return useCallback((minor: number) => formatMinor(minor, i18n.language, currency), [i18n.language, currency]);
}
