import type { TFunction } from 'i18next';

/** A field message of the shared validators (schemas/rules) or of the gateway. */
export type TFieldMessage = { key: string; params?: { min?: number; max?: number; length?: number } };

const EXACT = /^pattern\.([A-Z_]+)\.exact$/;

/**
 * Translates a field message with its numbers filled in (docs/rules/accounts.md#a-11: min and max, one length when
 * they are equal). `pattern.<ID>.exact` lives under `pattern_exact.<ID>` because i18next reads
 * dots as nesting and `pattern.<ID>` is already a message.
 */
export function fieldMessage(t: TFunction, error: TFieldMessage): string {
  const exact = EXACT.exec(error.key);
  const key = exact ? `pattern_exact.${exact[1]}` : error.key;
  return t(key, { ...(error.params ?? {}) });
}
