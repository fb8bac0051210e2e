import type { z } from 'zod';

/**
 * Builds a sample input from a zod schema by walking it (docs/0015 tests): a small value for
 * every field, optional ones included, and the path of every string in it, so a test can put a
 * hostile string in each string field of any procedure, including ones added later.
 */

type TNode = {
  _zod: {
    def: { type: string } & Record<string, unknown>;
    bag: { minimum?: number; maximum?: number; format?: string };
  };
  safeParse(value: unknown): { success: boolean };
};

/** A value and the paths of the strings inside it. */
export type TSample = { value: unknown; strings: string[][] };

const FORMATS: Record<string, string> = {
  email: 'someone@example.com',
  url: 'https://example.com',
  uuid: '3f2b8c1e-5d4a-4b6e-9c1d-2a3b4c5d6e7f',
  datetime: '2024-01-01T00:00:00Z',
};

function stringSample(node: TNode): string {
  const { minimum = 0, maximum = 64, format } = node._zod.bag;
  if (format && FORMATS[format]) return FORMATS[format];
  // Upper-case letters fit the vendor and module codes ([A-Z0-9_]{2,32}) as well as free text.
  const plain = 'AB'.padEnd(Math.max(2, minimum), 'A').slice(0, Math.max(1, Math.min(maximum, 64)));
  // A pattern the plain sample misses (a code of 4 to 32 letters and digits): the first of a few
  // common shapes the schema takes, else the plain one.
  const schema = node as unknown as z.ZodType;
  if (schema.safeParse(plain).success) return plain;
  return ['ABCD1234', 'abcd1234', 'ABCDEFGH', '12345678', 'A1'].find((c) => schema.safeParse(c).success) ?? plain;
}

function child(def: Record<string, unknown>, key: string): TNode {
  return def[key] as TNode;
}

/** Walks a schema into a small sample; throws on a zod type it does not know, so none is skipped silently. */
export function sample(schema: z.ZodType, path: string[] = []): TSample {
  const node = schema as unknown as TNode;
  const def = node._zod.def;
  switch (def.type) {
    case 'string':
      return { value: stringSample(node), strings: [path] };
    case 'number':
    case 'bigint':
      return { value: Math.max(1, node._zod.bag.minimum ?? 1), strings: [] };
    case 'boolean':
      return { value: false, strings: [] };
    case 'enum': {
      const value = Object.values(def.entries as Record<string, unknown>)[0];
      return { value, strings: typeof value === 'string' ? [path] : [] };
    }
    case 'literal': {
      const value = (def.values as unknown[])[0];
      return { value, strings: typeof value === 'string' ? [path] : [] };
    }
    case 'null':
      return { value: null, strings: [] };
    case 'undefined':
    case 'void':
    case 'unknown':
    case 'any':
      return { value: undefined, strings: [] };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(child(def, 'innerType') as unknown as z.ZodType, path);
    case 'lazy':
      return sample((def.getter as () => z.ZodType)(), path);
    case 'pipe': {
      // A preprocess or a transform: sample the input side unless only the output side fits (an enum behind a lower-casing string).
      const fromIn = sample(child(def, 'in') as unknown as z.ZodType, path);
      if (node.safeParse(fromIn.value).success) return fromIn;
      const fromOut = sample(child(def, 'out') as unknown as z.ZodType, path);
      return node.safeParse(fromOut.value).success ? fromOut : fromIn;
    }
    case 'union': {
      const options = (def.options as z.ZodType[]).map((option) => sample(option, path));
      return options.find((option) => node.safeParse(option.value).success) ?? options[0]!;
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      const strings: string[][] = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const inner = sample(field, [...path, key]);
        if (inner.value !== undefined) value[key] = inner.value;
        strings.push(...inner.strings);
      }
      return { value, strings };
    }
    case 'record': {
      const key = String(sample(child(def, 'keyType') as unknown as z.ZodType).value);
      const inner = sample(child(def, 'valueType') as unknown as z.ZodType, [...path, key]);
      return { value: { [key]: inner.value }, strings: inner.strings };
    }
    case 'array': {
      const inner = sample(child(def, 'element') as unknown as z.ZodType, [...path, '0']);
      return { value: [inner.value], strings: inner.strings };
    }
    case 'intersection': {
      const left = sample(child(def, 'left') as unknown as z.ZodType, path);
      const right = sample(child(def, 'right') as unknown as z.ZodType, path);
      return { value: { ...(left.value as object), ...(right.value as object) }, strings: [...left.strings, ...right.strings] };
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
