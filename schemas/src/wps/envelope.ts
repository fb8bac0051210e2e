import { z } from 'zod';

/** The upstream answers every call with this envelope (docs/rules/README.md#calls). */
export function ZEnvelope<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    value: value.nullable(),
    message: z.string().nullable(),
    /** Upstream error code when success is false (e.g. 543 feature off, 401 not logged in). */
    code: z.number().int().optional(),
  });
}
export type TEnvelope<T> = { success: boolean; value: T | null; message: string | null; code?: number };

/**
 * Value of a 400 whose input was refused: the first offending field (dotted path, '' for the whole
 * input) and the issue's key (`invalid_characters`, `too_big`, ...), so clients can say what is wrong.
 */
export const ZInputIssueValue = z.object({ field: z.string().max(200), issue: z.string().max(64) });
export type TInputIssueValue = z.infer<typeof ZInputIssueValue>;

// Plain constants live in a module without zod so that browsers can import them alone.
export { WPS_CODES, WPS_MESSAGES } from './messages.ts';
