import { ZPromotionTerms, type TPromotionTerms } from '@wl/schemas/domain/promotion-terms/index';

/*
 * A promotion's terms as form fields (docs/0098): one field per value of the kind's terms, nested
 * objects (the bonus terms, the weights) as groups. Money (`…Minor`) is typed in whole units; an
 * empty field is null where the terms allow it (no stake cap). The object built back is checked
 * with ZPromotionTerms, as the server checks it again.
 */

/** One field: its path in the terms, and the text typed. */
export type TTermsField = { path: readonly string[]; text: string };

const isMoney = (key: string) => key.endsWith('Minor');

/** The fields of a terms object, in its order (the kind itself is not a field). */
export function termsFields(terms: TPromotionTerms): TTermsField[] {
  const walk = (value: unknown, path: string[]): TTermsField[] => {
    if (value !== null && typeof value === 'object')
      return Object.entries(value).flatMap(([k, v]) => (path.length === 0 && k === 'kind' ? [] : walk(v, [...path, k])));
    const key = path[path.length - 1] ?? '';
    const text = value === null ? '' : typeof value === 'number' && isMoney(key) ? String(value / 100) : String(value);
    return [{ path, text }];
  };
  return walk(terms, []);
}

/** A field's value back: a number where the text is one (money in minor units), null when empty, else the text ('first', 'any'). */
function valueOf(field: TTermsField): unknown {
  const text = field.text.trim();
  if (text === '') return null;
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  return isMoney(field.path[field.path.length - 1] ?? '') ? Math.round(n * 100) : n;
}

/** The terms the fields say for a kind, or null when the server would refuse them. */
export function termsOf(kind: TPromotionTerms['kind'], fields: readonly TTermsField[]): TPromotionTerms | null {
  const out: Record<string, unknown> = { kind };
  for (const f of fields) {
    let at = out;
    f.path.slice(0, -1).forEach((k) => (at = (at[k] ??= {}) as Record<string, unknown>));
    at[f.path[f.path.length - 1]!] = valueOf(f);
  }
  const parsed = ZPromotionTerms.safeParse(out);
  return parsed.success ? parsed.data : null;
}
