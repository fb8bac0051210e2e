import { parseAmountInput } from '@wl/schemas/domain/money';
import { WPS_MESSAGES } from '@wl/schemas/wps/messages';
import { storeFailure, toFlowError, withError } from '../shared/flow-error.ts';

/**
 * What every transfer form holds beside its own fields: the typed amount, the message under it, the
 * form's message, and the attempt number. The attempt changes whenever the request would (a new
 * amount, target or remark, or after the money moved), and the caller sends one idempotency key per
 * attempt: a double click sends the same key and the platform moves the money once.
 */
export type TMoneyFormContext = {
  amount: string;
  fieldError: string | null;
  formError: string | null;
  attempt: number;
};

export const MONEY_FORM_START: TMoneyFormContext = { amount: '', fieldError: null, formError: null, attempt: 0 };

/** The message a transfer form shows for an amount it will not send: only a well-formed amount goes. */
export function amountError(amount: string): string | null {
  return parseAmountInput(amount) === null ? 'amount_invalid' : null;
}

/** A trial account's refusal: the caller shows the real-account notice, the form shows nothing. */
export function isTrialRefusal(error: unknown): boolean {
  return toFlowError(error).messageKey === WPS_MESSAGES.trialNeedsRealAccount;
}

/**
 * Where a refusal shows: under the amount when the server named it, else under the form (the first
 * field it named, or its message).
 */
export function refusal(error: unknown): Pick<TMoneyFormContext, 'fieldError' | 'formError'> {
  const failure = toFlowError(error);
  const fields = failure.details.fieldErrors ?? {};
  const amount = fields['amountMinor'];
  if (amount) return { fieldError: amount.key, formError: null };
  return { fieldError: null, formError: Object.values(fields)[0]?.key ?? failure.messageKey };
}

/** A new amount typed: its old message goes, and it is a new attempt. */
export function typedAmount(context: TMoneyFormContext, text: string): Partial<TMoneyFormContext> {
  return { amount: text, fieldError: null, attempt: context.attempt + 1 };
}

/**
 * A refused money call goes back to `target`: a trial account's refusal runs the `trialRefused`
 * action (the caller's real-account notice), any other is stored by `storeFailure`.
 */
export const moneyRefused = <TTarget extends string>(target: TTarget) =>
  [
    { guard: { type: 'trialRefusal', params: withError }, target, actions: 'trialRefused' },
    { target, actions: storeFailure },
  ] as const;
