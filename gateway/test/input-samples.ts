import type { z } from 'zod';
import { sampleInput, withValueAt } from '@wl/platform/test-support/input-samples';

/**
 * A sample input made from a procedure's zod schema (docs/0015 tests), as the platform's tests walk
 * a call's schema (`sampleInput`): a small value for every field, optional ones included, and the
 * path of every string in it, so a test can put a hostile string in each string field of any
 * procedure, including ones added later. Without the platform's date shapes: the fuzz's base inputs
 * stay those its run time was measured with (docs/0124).
 */

/** A value and the paths of the strings inside it. */
export type TSample = { value: unknown; strings: string[][] };

export { withValueAt };

const valueAt = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);

export function sample(schema: z.ZodType): TSample {
  const { value, leaves } = sampleInput(schema, [], { dateShapes: false });
  return { value, strings: leaves.filter((leaf) => typeof valueAt(value, leaf.path) === 'string').map((leaf) => leaf.path) };
}
