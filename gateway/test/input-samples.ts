import type { z } from 'zod';
import { sampleInput, withValueAt } from '@wl/platform/test-support/input-samples';

/**
 * A sample input of a procedure's zod schema (docs/0015 tests): the platform's sampler
 * (platform/src/test-support/input-samples.ts), with the paths of the strings inside it, so a test
 * can put a hostile string in each string field of any procedure, including ones added later.
 */
export type TSample = { value: unknown; strings: string[][] };

/** The value at a path of a sample. */
const at = (value: unknown, path: readonly string[]): unknown => path.reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);

/** Every leaf that holds a string: string fields, and enums and literals of a string value. */
export function sample(schema: z.ZodType): TSample {
  const { value, leaves } = sampleInput(schema);
  const holdsString = (leaf: { path: string[]; type: string }) =>
    leaf.type === 'string' || ((leaf.type === 'enum' || leaf.type === 'literal') && typeof at(value, leaf.path) === 'string');
  return { value, strings: leaves.filter(holdsString).map((leaf) => leaf.path) };
}

export { withValueAt };
