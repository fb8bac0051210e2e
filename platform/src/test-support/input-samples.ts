import type { z } from 'zod';

/**
 * A valid sample input made from a call's zod schema by walking it, for tests generated from the
 * call declarations (access/brand-isolation.test.ts): a small value for every field, optional ones
 * included, and the path and zod type of every leaf, so a test can find the fields that name a row
 * (an id) and put another value there. The gateway's tests put hostile strings in the string
 * leaves of the same samples (gateway/test/input-samples.ts).
 */

type TNode = {
  _zod: {
    def: { type: string } & Record<string, unknown>;
    bag: { minimum?: number; maximum?: number; format?: string };
  };
  safeParse(value: unknown): { success: boolean };
};

/** A leaf of a sample: where it is and its zod type (string, number, …). */
export type TSampleLeaf = { path: string[]; type: string };
/** A value and its leaves. */
export type TSample = { value: unknown; leaves: TSampleLeaf[] };
/**
 * `dateShapes`: a string the plain sample misses may be tried as a date and a date-time (valid
 * dates lead a call past its input check, where the isolation probes want to be). The gateway's
 * fuzz samples without them: its inputs stay those its run time was measured with (docs/0124).
 */
export type TSampleOptions = { dateShapes: boolean };

const FORMATS: Record<string, string> = {
  email: 'someone@example.com',
  url: 'https://example.com',
  uuid: '3f2b8c1e-5d4a-4b6e-9c1d-2a3b4c5d6e7f',
  datetime: '2024-01-01T00:00:00Z',
};

// A pattern the plain sample misses (a code of 4 to 32 letters and digits): the first of a few
// common shapes the schema takes, else the plain one. Upper-case letters fit the vendor and module
// codes ([A-Z0-9_]{2,32}) as well as free text.
const SHAPES = ['ABCD1234', 'abcd1234', 'ABCDEFGH', '12345678', 'A1'];
const DATE_SHAPES = ['2099-01-01T00:00:00.000Z', '2099-01-01'];

function stringSample(node: TNode, opts: TSampleOptions): string {
  const { minimum = 0, maximum = 64, format } = node._zod.bag;
  if (format && FORMATS[format]) return FORMATS[format];
  const plain = 'AB'.padEnd(Math.max(2, minimum), 'A').slice(0, Math.max(1, Math.min(maximum, 64)));
  const schema = node as unknown as z.ZodType;
  if (schema.safeParse(plain).success) return plain;
  return [...SHAPES, ...(opts.dateShapes ? DATE_SHAPES : [])].find((c) => schema.safeParse(c).success) ?? plain;
}

const inner = (def: Record<string, unknown>, key: string) => def[key] as z.ZodType;

/** Walks a schema into a small sample; throws on a zod type it does not know, so none is skipped silently. */
export function sampleInput(schema: z.ZodType, path: string[] = [], opts: TSampleOptions = { dateShapes: true }): TSample {
  const walk = (child: z.ZodType, at: string[] = path) => sampleInput(child, at, opts);
  const node = schema as unknown as TNode;
  const def = node._zod.def;
  const leaf = (value: unknown): TSample => ({ value, leaves: [{ path, type: def.type }] });
  switch (def.type) {
    case 'string':
      return leaf(stringSample(node, opts));
    case 'number':
    case 'bigint':
      return leaf(Math.max(1, node._zod.bag.minimum ?? 1));
    case 'boolean':
      return leaf(false);
    case 'enum':
      return leaf(Object.values(def.entries as Record<string, unknown>)[0]);
    case 'literal':
      return leaf((def.values as unknown[])[0]);
    case 'null':
      return leaf(null);
    case 'undefined':
    case 'void':
    case 'unknown':
    case 'any':
      return { value: undefined, leaves: [] };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(inner(def, 'innerType'));
    case 'lazy':
      return walk((def.getter as () => z.ZodType)());
    case 'pipe': {
      const fromIn = walk(inner(def, 'in'));
      if (node.safeParse(fromIn.value).success) return fromIn;
      const fromOut = walk(inner(def, 'out'));
      return node.safeParse(fromOut.value).success ? fromOut : fromIn;
    }
    case 'union': {
      const options = (def.options as z.ZodType[]).map((option) => walk(option));
      return options.find((option) => node.safeParse(option.value).success) ?? options[0]!;
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      const leaves: TSampleLeaf[] = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const s = walk(field, [...path, key]);
        if (s.value !== undefined) value[key] = s.value;
        leaves.push(...s.leaves);
      }
      return { value, leaves };
    }
    case 'record': {
      const key = String(walk(inner(def, 'keyType')).value);
      const s = walk(inner(def, 'valueType'), [...path, key]);
      return { value: { [key]: s.value }, leaves: s.leaves };
    }
    case 'array': {
      const s = walk(inner(def, 'element'), [...path, '0']);
      return { value: [s.value], leaves: s.leaves };
    }
    case 'intersection': {
      const left = walk(inner(def, 'left'));
      const right = walk(inner(def, 'right'));
      return { value: { ...(left.value as object), ...(right.value as object) }, leaves: [...left.leaves, ...right.leaves] };
    }
    default:
      throw new Error(`input-samples: no sample for zod type '${def.type}' at '${path.join('.')}'`);
  }
}

/** A copy of `value` with `replacement` at `path`. */
export function withValueAt(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...(value as object) };
  copy[head] = withValueAt(copy[head], rest, replacement);
  return copy;
}
