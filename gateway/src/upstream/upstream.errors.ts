import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { WPS_CODES, WPS_MESSAGES } from '@wl/schemas';

/** Message key the web translates when the upstream cannot be reached (docs/rules/reach.md#r-23 "network link abnormal"). */
export const NETWORK_ERROR_KEY = 'error_network';

/** The upstream could not be reached or did not answer in time. */
export class UpstreamUnavailableError extends Error {
  override readonly name = 'UpstreamUnavailableError';
  readonly messageKey = NETWORK_ERROR_KEY;
  constructor(
    readonly path: string,
    readonly reason: 'timeout' | 'network' | 'status',
    options?: { cause?: unknown },
  ) {
    super(`upstream ${path} unavailable (${reason})`, options);
  }
}

/** The upstream answered something that is not the wps contract (a bug on one side). */
export class UpstreamProtocolError extends Error {
  override readonly name = 'UpstreamProtocolError';
  readonly messageKey = WPS_MESSAGES.internal;
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(`upstream ${path} broke the contract: ${detail}`);
  }
}

/** The upstream answered `success: false`; `messageKey` is its translated-message key. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    readonly code: number,
    readonly messageKey: string,
    /** The envelope's value on failure (e.g. `{ captcha: true }` after a failed login). */
    readonly value: unknown = null,
  ) {
    super(messageKey);
  }
}

/** 409: the upstream's conflict code (username_taken, mobile_taken); not in WPS_CODES of docs/rules/README.md#calls. */
const CONFLICT_CODE = 409;

/** Maps an upstream code to the tRPC code the web reacts to; the message key travels unchanged. */
export function trpcCodeOf(code: number): TRPC_ERROR_CODE_KEY {
  switch (code) {
    case WPS_CODES.notLoggedIn:
      return 'UNAUTHORIZED';
    // Not a member (462), not an agent on /agent (463), a switched-off function (543) and a change that
    // needs a fresh step-up first (465: the web asks for the password and retries, docs/0068) are
    // refusals of who is asking or what the merchant allows, not faults: never a 5xx towards the browser.
    case WPS_CODES.forbidden:
    case WPS_CODES.notMember:
    case WPS_CODES.notAgent:
    case WPS_CODES.passwordChangeRequired:
    case WPS_CODES.stepUpRequired:
    case WPS_CODES.featureOff:
      return 'FORBIDDEN';
    case WPS_CODES.badRequest:
    case WPS_CODES.captchaRequired:
      return 'BAD_REQUEST';
    case WPS_CODES.notFound:
      return 'NOT_FOUND';
    // 734 (UPSTREAM-NOTES): a game is already open for the member; the web offers to close it.
    case CONFLICT_CODE:
    case WPS_CODES.gameAlreadyOpen:
      return 'CONFLICT';
    // Over the platform's body limit: the caller sent too much, not a fault of either side.
    case WPS_CODES.payloadTooLarge:
      return 'PAYLOAD_TOO_LARGE';
    // A locked account (461) is temporary and carries retryAfterSeconds like a rate limit.
    case WPS_CODES.tooManyRequests:
    case WPS_CODES.locked:
      return 'TOO_MANY_REQUESTS';
    // Busy (docs/0078): the platform did nothing; the web says so and the same call may be sent again.
    case WPS_CODES.busy:
      return 'SERVICE_UNAVAILABLE';
    default:
      // Anything else the upstream reports about the request itself (game already open, ...) is the
      // caller's to fix; only its own failures are internal.
      return code >= 500 && code < 600 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST';
  }
}

/** Turns any upstream failure into the TRPCError the client sees; other errors pass through. */
export function toTRPCError(error: unknown): unknown {
  if (error instanceof TRPCError) return error;
  if (error instanceof UpstreamUnavailableError) {
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: error.messageKey, cause: error });
  }
  if (error instanceof UpstreamError) {
    return new TRPCError({ code: trpcCodeOf(error.code), message: error.messageKey, cause: error });
  }
  if (error instanceof UpstreamProtocolError) {
    return new TRPCError({ code: 'BAD_GATEWAY', message: error.messageKey, cause: error });
  }
  return error;
}
