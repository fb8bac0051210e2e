import { WPS_CODES, type TFieldErrors } from '@wl/schemas';
import { WpsError, wpsErrors } from './envelope.ts';

/**
 * Refusals every area builds the same way, so that no area imports another one's service just for
 * an error shape (platform/src/README.md: areas import the kernel, not each other).
 */

/** Code of a refusal because the object is no longer in the state the call needs (taken, full, decided). */
export const CONFLICT = 409;

/** A refusal that names the field it is about (the web shows it under that field). */
export function fieldError(field: string, issue: string): WpsError {
  return wpsErrors.badRequest({ field, issue });
}

/** 409: the object is no longer in the state the call needs. */
export function conflict(message: string): WpsError {
  return new WpsError(CONFLICT, message);
}

/** A 400 whose message is the first field's key and whose value carries every field's message. */
export function fieldErrorsFailure(fieldErrors: TFieldErrors, code = 400): WpsError {
  const first = Object.values(fieldErrors)[0];
  return new WpsError(code, first?.key ?? 'error_bad_request', { fieldErrors });
}

/** A refusal naming one form field (docs/rules/README.md#messages: first error per field). */
export function fieldFailure(field: string, key: string, params: Record<string, number> = {}, code: number = WPS_CODES.badRequest): WpsError {
  return fieldErrorsFailure({ [field]: { key, params } }, code);
}
