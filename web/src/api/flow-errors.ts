import { FlowError } from '@wl/flows/shared/flow-error';
import { errorKey } from './trpc.ts';

/** A field message as the gateway sends it in `data.upstream.fieldErrors` (docs/rules/accounts.md#a-11). */
export type TUpstreamFieldError = { key: string; params?: { min?: number; max?: number; length?: number } };

/** What the gateway puts beside the message key of a failed call (docs/rules/accounts.md contract). */
export type TUpstreamDetails = {
  code?: number;
  captchaRequired?: boolean;
  retryAfterSeconds?: number;
  fieldErrors?: Record<string, TUpstreamFieldError>;
  /** A withdrawal's forfeit warning: the bonus money that would be lost (docs/0095). */
  bonusMinor?: number;
};

/** Reads `data.upstream` of a tRPC error, or an empty object. */
export function upstreamOf(err: unknown): TUpstreamDetails {
  if (!err || typeof err !== 'object') return {};
  const data = (err as { data?: { upstream?: unknown } }).data;
  const upstream = data?.upstream;
  return upstream && typeof upstream === 'object' ? (upstream as TUpstreamDetails) : {};
}

/** One refused field as the gateway names it in `data.issues` (dotted path and message key). */
export type TInputIssue = { path: string; message: string };

/** Reads `data.issues` of a tRPC error: the fields a bad request named (input checks and upstream refusals alike). */
export function inputIssuesOf(err: unknown): TInputIssue[] {
  if (!err || typeof err !== 'object') return [];
  const issues = (err as { data?: { issues?: unknown } }).data?.issues;
  return Array.isArray(issues) ? (issues as TInputIssue[]) : [];
}

const TOO_MANY = new Set(['sms_too_many_requests', 'error_too_many_requests']);

/** A bad request refused for control characters (NUL and the like) says so rather than "enter correct information". */
function refinedKey(err: unknown, key: string): string {
  if (key !== 'error_bad_request') return key;
  return inputIssuesOf(err).some((issue) => issue.message === 'invalid_characters') ? 'error_invalid_characters' : key;
}

/** Turns a tRPC failure into the flows' error shape (message key, captcha and too-many flags). */
export function toFlowError(err: unknown): FlowError {
  if (err instanceof FlowError) return err;
  const key = refinedKey(err, errorKey(err));
  const upstream = upstreamOf(err);
  return new FlowError(key, {
    captchaRequired: upstream.captchaRequired === true || key === 'error_captcha_required' || key === 'error_captcha_wrong',
    tooManyRequests: TOO_MANY.has(key),
  });
}

/** Runs a call and rethrows its failure as a FlowError (what the flows' actors must throw). */
export async function asFlow<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toFlowError(err);
  }
}
