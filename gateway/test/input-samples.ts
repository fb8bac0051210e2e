import type { z } from 'zod';
import { sampleInput, withValueAt } from '@wl/platform/test-support/input-samples';

export { withValueAt };

/** A value and the paths of the strings inside it. */
export type TSample = { value: unknown; strings: string[][] };

const valueAt = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);

/**
 * A sample input made from a procedure's zod schema (docs/0015 tests) by the platform's sampler: a
 * small value for every field, optional ones included, and the path of every leaf holding a string
 * (string fields, and enums and literals of a string value), so a test can put a hostile string in
 * each string field of any procedure, including ones added later. Without the platform's date
 * shapes: the fuzz's base inputs stay those its run time was measured with (docs/0124).
 */
export function sample(schema: z.ZodType): TSample {
  const { value, leaves } = sampleInput(schema, [], { dateShapes: false });
  return { value, strings: leaves.filter((leaf) => typeof valueAt(value, leaf.path) === 'string').map((leaf) => leaf.path) };
}
