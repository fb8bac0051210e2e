import type { FastifyReply } from 'fastify';
import { WPS_CODES, WPS_MESSAGES, type TEnvelope, type TInputIssueValue } from '@wl/schemas';

/** A refusal the routes turn into a `{ success: false }` envelope (docs/rules/README.md#calls). */
export class WpsError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: string,
    readonly value: unknown = null,
    /** Overrides the HTTP status derived from the code (login failures answer 200, upstream style). */
    readonly httpStatus?: number,
  ) {
    super(messageKey);
    this.name = 'WpsError';
  }
}

/** Shorthands for the refusals every area uses. */
export const wpsErrors = {
  /** With the offending field when the input was refused (docs/0015: every bad request names its field). */
  badRequest: (issue: TInputIssueValue | null = null) => new WpsError(WPS_CODES.badRequest, WPS_MESSAGES.badRequest, issue),
  notLoggedIn: () => new WpsError(WPS_CODES.notLoggedIn, WPS_MESSAGES.notLoggedIn),
  notFound: () => new WpsError(WPS_CODES.notFound, WPS_MESSAGES.notFound),
  forbidden: () => new WpsError(WPS_CODES.forbidden, WPS_MESSAGES.forbidden),
  trialNeedsRealAccount: () => new WpsError(WPS_CODES.forbidden, WPS_MESSAGES.trialNeedsRealAccount),
  /** 503: too busy now, or past the gateway's deadline before commit; nothing was done (docs/0078). */
  busy: () => new WpsError(WPS_CODES.busy, WPS_MESSAGES.busy),
};

// Codes that are HTTP statuses travel as such; upstream-specific codes (459, 460, 462, 543, 727…)
// answer HTTP 200 with success:false, as the upstream does.
const HTTP_CODES = new Set<number>([400, 401, 403, 404, 409, 413, 429, 500, 503]);

/** The HTTP status for an envelope code. */
export function httpStatusFor(code: number): number {
  return HTTP_CODES.has(code) ? code : 200;
}

/** A success envelope. */
export function ok<T>(value: T): TEnvelope<T> {
  return { success: true, value, message: null };
}

/** The Retry-After of a busy answer. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/** Sends a failure envelope for a WpsError. */
export function sendError(reply: FastifyReply, err: WpsError): FastifyReply {
  const body: TEnvelope<unknown> = { success: false, value: err.value, message: err.messageKey, code: err.code };
  // Busy: nothing was done, and the same call may come again in a second (docs/0078).
  if (err.code === WPS_CODES.busy) reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
  return reply.code(err.httpStatus ?? httpStatusFor(err.code)).send(body);
}
