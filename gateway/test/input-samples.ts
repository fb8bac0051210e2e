import type { z } from 'zod';
import { sampleInput, withValueAt } from '@wl/platform/test-support/input-samples';

/**
 * A sample input of a procedure's zod schema (docs/0015 tests): the platform's sampler
 * (platform/src/test-support/input-samples.ts), with the paths of the strings inside it, so a test
 * can put a hostile string in each string field of any procedure, including ones added later.
 */
export type TSample = { value: unknown; strings: string[][] };

export function sample(schema: z.ZodType): TSample {
  const { value, leaves } = sampleInput(schema);
  return { value, strings: leaves.filter((leaf) => leaf.type === 'string').map((leaf) => leaf.path) };
}

export { withValueAt };
