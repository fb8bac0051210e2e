import type { z } from 'zod';
import type { TSeededRandom } from '@wl/platform/test-support/seeded-random';
import { sample, withValueAt } from './input-samples.ts';

/**
 * Inputs for the schema-driven fuzz of every procedure (docs/0071): a valid input walked from the
 * procedure's zod schema (input-samples.ts), then that input broken one way at a time at the root and
 * in every field it has: wrong types, missing and extra keys, empty, 10 KB strings, control and
 * right-to-left characters, negative, zero, fractional and huge numbers, deep nesting and prototype
 * keys. A 1 MB string goes separately (it is over the body limit: its own request).
 */

/** One fuzz input: what it is (for the failure message) and the value (undefined: no input). */
export type TFuzzInput = { label: string; value: unknown };

export const TEN_KB = 'k'.repeat(10 * 1024);
export const ONE_MB = 'm'.repeat(1024 * 1024);

const HOSTILE_STRINGS: readonly [string, string][] = [
  ['empty', ''],
  ['blank', '   '],
  ['NUL', 'a\u0000b'],
  ['bell', 'a\u0007b'],
  ['escape sequence', '\u001b[2J\u001b[31m'],
  ['line breaks', 'a\r\nb'],
  ['DEL', 'a\u007fb'],
  ['right-to-left override', '\u202Eevil.exe'],
  ['right-to-left marks', '\u200F\u200Eabc'],
  ['zero-width', 'a\u200Bb\uFEFF'],
  ['Arabic', 'مرحبا'],
  ['Bengali', 'বাংলা'],
  ['above U+00FF', 'ŝŝŝŝŝŝŝŝŝŝ'],
  ['lone surrogate', 'a\uD800b'],
  ['emoji', '😀👍🏽'.repeat(4)],
  ['SQL', "' or 1=1; drop table members; --"],
  ['markup', '<script>alert(1)</script>'],
  ['path', '../../../etc/passwd'],
  ['template', '${7*7}{{7*7}}%s%n'],
  ['prototype word', '__proto__'],
  ['10 KB', TEN_KB],
];

const HOSTILE_NUMBERS: readonly [string, number][] = [
  ['negative', -1],
  ['zero', 0],
  ['fraction', 0.5],
  ['negative fraction', -0.25],
  ['2^31', 2 ** 31],
  ['beyond 2^53', 2 ** 53 + 2],
  ['negative huge', -(2 ** 60)],
  ['1e21', 1e21],
  ['max double', Number.MAX_VALUE],
  ['min double', Number.MIN_VALUE],
];

/** Amounts every money procedure refuses at the gateway, naming the amount field (a whole positive number of minor units only). */
export const BAD_AMOUNTS: readonly [string, unknown][] = [
  ['zero', 0],
  ['negative', -1],
  ['fraction', 1.5],
  ['1e21', 1e21],
  ['text', 'abc'],
];

const WRONG_TYPES: readonly [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['number', 7],
  ['string', 'x'],
  ['empty array', []],
  ['empty object', {}],
  ['array', [1, 'two', null]],
  ['object', { a: 1 }],
  ['numeric string', '12'],
];

/** An own `__proto__` key (JSON.parse makes it a plain key; an object literal would set the prototype). */
const protoKey = (): Record<string, unknown> => JSON.parse('{"__proto__":{"polluted":true,"isAdmin":true}}') as Record<string, unknown>;
const constructorKey = (): Record<string, unknown> => ({ constructor: { prototype: { polluted: true } } });

/** An object nested `depth` times, and an array likewise. */
export function deepObject(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}
function deepArray(depth: number): unknown {
  let value: unknown = [1];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Paths in a sample value and the kind of value found there (the sample comes from the schema). */
function fieldsOf(value: unknown, path: string[] = []): { path: string[]; kind: 'string' | 'number' | 'boolean' | 'object' | 'array' | 'other' }[] {
  if (typeof value === 'string') return [{ path, kind: 'string' }];
  if (typeof value === 'number') return [{ path, kind: 'number' }];
  if (typeof value === 'boolean') return [{ path, kind: 'boolean' }];
  if (Array.isArray(value)) return [{ path, kind: 'array' }, ...value.flatMap((v, i) => fieldsOf(v, [...path, String(i)]))];
  if (value !== null && typeof value === 'object') {
    const own = path.length > 0 ? [{ path, kind: 'object' as const }] : [];
    return [...own, ...Object.entries(value).flatMap(([k, v]) => fieldsOf(v, [...path, k]))];
  }
  return [{ path, kind: 'other' }];
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], value);
}

function withoutKey(value: unknown, path: readonly string[]): unknown {
  const parent = path.slice(0, -1);
  const key = path[path.length - 1]!;
  let copy: unknown = value;
  const holder = parent.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], value);
  if (holder && typeof holder === 'object' && !Array.isArray(holder)) {
    const rest = { ...(holder as Record<string, unknown>) };
    delete rest[key];
    copy = withValueAt(value, parent, rest);
  }
  return copy;
}

/** The valid sample of a schema, or undefined for a procedure without input. */
export function validInput(schema: z.ZodType | null): unknown {
  return schema ? sample(schema).value : undefined;
}

/**
 * At least `min` inputs for one procedure, at most `max`: the valid one first, then every root-level
 * breakage, then every breakage of every field (a seeded sample of them when there are more than fit),
 * then random combinations until there are `min`.
 */
export function fuzzInputs(schema: z.ZodType | null, random: TSeededRandom, min = 100, max = 110): TFuzzInput[] {
  const valid = validInput(schema);
  const isObject = valid !== null && typeof valid === 'object' && !Array.isArray(valid);
  const root: TFuzzInput[] = [
    { label: 'valid', value: valid },
    { label: 'no input', value: undefined },
    ...WRONG_TYPES.map(([label, value]) => ({ label: `root ${label}`, value })),
    { label: 'root deep object (500 levels)', value: deepObject(500) },
    { label: 'root deep array (500 levels)', value: deepArray(500) },
    { label: 'root 10 KB string', value: TEN_KB },
    { label: 'root negative', value: -1 },
    { label: 'root huge number', value: 1e308 },
    { label: 'root __proto__ key', value: isObject ? { ...(valid as object), ...protoKey() } : protoKey() },
    { label: 'root constructor key', value: isObject ? { ...(valid as object), ...constructorKey() } : constructorKey() },
    { label: 'extra key', value: isObject ? { ...(valid as object), extraKey: 'extra', isAdmin: true, memberId: 1 } : { extraKey: 'extra' } },
  ];
  const perField: TFuzzInput[] = [];
  for (const field of fieldsOf(valid)) {
    if (field.path.length === 0) continue;
    const at = field.path.join('.');
    const put = (label: string, replacement: unknown) => perField.push({ label: `${at}: ${label}`, value: withValueAt(valid, field.path, replacement) });
    perField.push({ label: `${at}: missing`, value: withoutKey(valid, field.path) });
    for (const [label, wrong] of WRONG_TYPES) put(label, wrong);
    put('deep object (200 levels)', deepObject(200));
    if (field.kind === 'string') for (const [label, text] of HOSTILE_STRINGS) put(label, text);
    if (field.kind === 'number') for (const [label, n] of HOSTILE_NUMBERS) put(label, n);
    if (field.kind === 'object') {
      put('__proto__ key', { ...(valueAt(valid, field.path) as object), ...protoKey() });
      put('constructor key', constructorKey());
    }
    if (field.kind === 'array')
      put(
        '10 000 elements',
        Array.from({ length: 10_000 }, () => 1),
      );
  }
  const room = Math.max(0, max - root.length);
  const chosen = perField.length <= room ? perField : pick(perField, room, random);
  const inputs = [...root, ...chosen];
  // Fewer fields than breakages to fill: random combinations of two, or hostile values at new keys.
  const pool = [...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, ...WRONG_TYPES];
  for (let n = 0; inputs.length < min; n++) {
    const [labelA, a] = pool[random.int(0, pool.length - 1)]!;
    if (perField.length >= 2) {
      const first = perField[random.int(0, perField.length - 1)]!;
      const second = fieldsOf(valid).filter((f) => f.path.length > 0);
      const target = second[random.int(0, second.length - 1)]!;
      inputs.push({ label: `${first.label} and ${target.path.join('.')}: ${labelA}`, value: withValueAt(first.value, target.path, a) });
    } else {
      const base = isObject ? (valid as object) : {};
      inputs.push({ label: `key k${n}: ${labelA}`, value: { ...base, [`k${n}`]: a } });
    }
  }
  return inputs;
}

function pick<T>(items: readonly T[], count: number, random: TSeededRandom): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

/** A string field of the valid input to carry the 1 MB string, or null (the root then carries it). */
export function firstStringPath(schema: z.ZodType | null): string[] | null {
  return schema ? (sample(schema).strings[0] ?? null) : null;
}
