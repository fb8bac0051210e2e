import { FlowError } from '@wl/flows/shared/flow-error';
import { errorKey } from './trpc.ts';

/** A field message as the gateway sends it in `data.upstream.fieldErrors` (SPEC §5). */
export type TUpstreamFieldError = { key: string; params?: { min?: number; max?: number; length?: number } };

/** What the gateway puts beside the message key of a failed call (issue 3 contract). */
export type TUpstreamDetails = {
  code?: number;
  captchaRequired?: boolean;
  retryAfterSeconds?: number;
  fieldErrors?: Record<string, TUpstreamFieldError>;
};

/** Reads `data.upstream` of a tRPC error, or an empty object. */
export function upstreamOf(err: unknown): TUpstreamDetails {
  if (!err || typeof err !== 'object') return {};
  const data = (err as { data?: { upstream?: unknown } }).data;
  const upstream = data?.upstream;
  return upstream && typeof upstream === 'object' ? (upstream as TUpstreamDetails) : {};
}

const TOO_MANY = new Set(['sms_too_many_requests', 'error_too_many_requests']);

/** Turns a tRPC failure into the flows' error shape (message key, captcha and too-many flags). */
export function toFlowError(err: unknown): FlowError {
  if (err instanceof FlowError) return err;
  const key = errorKey(err);
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
