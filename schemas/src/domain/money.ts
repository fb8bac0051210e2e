import { z } from 'zod';
import { asciiDigits } from './digits.ts';

/** Largest amount any money call accepts, in minor units (1e12 minor = 10 billion major units). */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000;

/** An amount in minor units: a positive safe integer up to MAX_AMOUNT_MINOR (DESIGN.md: never floats). */
export const ZAmountMinor = z.number().int().positive().max(MAX_AMOUNT_MINOR).refine(Number.isSafeInteger);
export type TAmountMinor = z.infer<typeof ZAmountMinor>;

// Digits with optional thousands separators ("1,250" / "1250"), then at most two decimals.
const AMOUNT_TEXT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/**
 * Parses what a member types as an amount ("1,250.50" → 125050 minor units; Bengali digits as typed
 * on a Bengali keyboard, "১,২৫০.৫০", read the same). Refuses more than two
 * decimals, signs, exponent notation, misplaced separators and anything above MAX_AMOUNT_MINOR:
 * null. Shared by the web and the servers so both read an amount the same way.
 */
export function parseAmountInput(text: string): number | null {
  if (typeof text !== 'string' || text.length > 32) return null;
  const trimmed = asciiDigits(text.trim());
  if (!AMOUNT_TEXT.test(trimmed)) return null;
  const [whole = '', fraction = ''] = trimmed.replaceAll(',', '').split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor) || minor <= 0 || minor > MAX_AMOUNT_MINOR) return null;
  return minor;
}
