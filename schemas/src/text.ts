import { z } from 'zod';

/**
 * Hostile strings (docs/0015): every string a client sends goes through these builders, so no
 * text reaches the database unvalidated. PostgreSQL refuses NUL in text (a 500 before this), and no
 * control character belongs in a name, a code or a password; every string has a length bound too,
 * checked first and alone so a megabyte is refused before any other work.
 */

/** Message key of a string refused for a control character; the web translates it (EN and BN). */
export const INVALID_CHARACTERS = 'invalid_characters';

// C0 controls (NUL first) and DEL. Multi-line text may keep tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const SINGLE_LINE = /^[^\u0000-\u001F\u007F]*$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

// A lone UTF-16 surrogate is no character: PostgreSQL refuses its JSON escape in a jsonb column (the
// audit log's before and after), which answered 500 before this (docs/0111).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string holds a lone surrogate, which no text may keep. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** True when a string holds a control character zText refuses (tab and line breaks count unless multi-line), or a lone surrogate. */
export function hasControlCharacters(text: string, multiline = false): boolean {
  return !(multiline ? MULTI_LINE : SINGLE_LINE).test(text) || hasLoneSurrogate(text);
}

/** Path of the first NUL in a value (in a key or a string, however deep), or null: the platform's backstop. */
export function nulPath(value: unknown, path: readonly string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [...path] : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, inner] of entries) {
    // The key itself is named with its NUL shown as U+FFFD: the answer must not echo the NUL back.
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\uFFFD')];
    const found = nulPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Options of zText: `max` is required on purpose, every string is bounded. */
export type TTextOptions = {
  max: number;
  min?: number;
  /** Trim surrounding white space (default true; false for secrets and tokens, taken as sent). */
  trim?: boolean;
  /** Allow tab, line feed and carriage return (free text such as a message body). */
  multiline?: boolean;
};

/** A client string: bounded, no control characters (`invalid_characters`), trimmed unless told. */
export function zText({ max, min, trim = true, multiline = false }: TTextOptions) {
  let text = z.string().max(max, { abort: true });
  if (trim) text = text.trim();
  text = text.regex(multiline ? MULTI_LINE : SINGLE_LINE, { message: INVALID_CHARACTERS }).refine((s) => !hasLoneSurrogate(s), { message: INVALID_CHARACTERS });
  return min === undefined ? text : text.min(min);
}

/** A secret (password): taken as typed, never trimmed, but still bounded and free of control characters. */
export function zSecret(max = 128, min?: number) {
  return zText({ max, min, trim: false });
}
