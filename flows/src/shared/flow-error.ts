import { WPS_MESSAGES } from '@wl/schemas/wps/messages';

/** Details a failed side effect may carry back into a machine. */
export type TFlowErrorDetails = {
  /** docs/rules/accounts.md#a-5 Login: the failed answer asks for a captcha from now on. */
  captchaRequired?: boolean;
  /** docs/rules/accounts.md#a-16 SMS code: the answer was 'too many requests'. */
  tooManyRequests?: boolean;
  /** docs/rules/accounts.md#a-11: the fields the server refused, each with its message key (and numbers). */
  fieldErrors?: Record<string, TFlowFieldError>;
};

/** One refused field as the server names it: a message key and the numbers it takes. */
export type TFlowFieldError = { key: string; params?: { min?: number; max?: number; length?: number } };

/**
 * The error an actor throws when the server answered with a failure. `messageKey` is a translation
 * key (docs/rules/README.md#messages); machines put it in context for the page to show.
 */
export class FlowError extends Error {
  override readonly name = 'FlowError';
  constructor(
    readonly messageKey: string,
    readonly details: TFlowErrorDetails = {},
  ) {
    super(messageKey);
  }
}

/** Turns anything an actor threw into a FlowError; unknown errors become `error_unknown`. */
export function toFlowError(error: unknown): FlowError {
  if (error instanceof FlowError) return error;
  // Errors may cross a structured-clone or tRPC boundary and lose their prototype: read the shape.
  if (typeof error === 'object' && error !== null && 'messageKey' in error) {
    const { messageKey, details } = error as { messageKey: unknown; details?: unknown };
    if (typeof messageKey === 'string' && messageKey.length > 0) {
      return new FlowError(messageKey, typeof details === 'object' && details !== null ? (details as TFlowErrorDetails) : {});
    }
  }
  return new FlowError(WPS_MESSAGES.internal);
}

/** docs/rules/accounts.md#a-11: the message a required field shows when left empty. */
export const NOT_EMPTY = 'not_empty';

/** The params of an action or guard that reads a failed actor's error. */
export const withError = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** What a machine does with a failed actor: its `storeFailure` action, given the error. */
export const storeFailure = { type: 'storeFailure', params: withError } as const;
