import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { FlowError } from '@wl/flows/shared/flow-error';
import { accountTransferMachine, type TAccountTransferRequest } from '@wl/flows/transfer/account-transfer.machine';
import { Field } from '../accounts/form-parts.tsx';
import { inputIssuesOf } from '../api/flow-errors.ts';
import { errorKey } from '../api/trpc.ts';
import { useUi } from '../app/ui-context.tsx';

/** A fresh idempotency key for one transfer attempt; a resend of the same attempt reuses it. */
const newKey = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;

/**
 * The idempotency key of a transfer machine's attempt (flows/src/transfer/money-form.ts): the same
 * attempt sends the same key, so a double click moves the money once; a new attempt gets a new key.
 */
export function useAttemptKey(prefix: string): (attempt: number) => string {
  const current = useRef({ attempt: -1, key: '' });
  return (attempt) => {
    if (current.current.attempt !== attempt) current.current = { attempt, key: newKey(prefix) };
    return current.current.key;
  };
}

/** A money call's refusal as the transfer machines read it: its message key and the fields it named. */
export function moneyFlowError(err: unknown): FlowError {
  const fieldErrors = Object.fromEntries(inputIssuesOf(err).map((i) => [i.path, { key: i.message }]));
  return new FlowError(errorKey(err), { fieldErrors });
}

/** The amount input with its error, as every transfer form shows it. */
export function AmountField({ amount, error, onAmount, testId }: { amount: string; error: string | null; onAmount: (text: string) => void; testId: string }) {
  const { t } = useTranslation();
  const errorId = `${testId.replace('.', '-')}-error`;
  return (
    <Field label={t('money_amount')}>
      <input
        className="input"
        data-testid={testId}
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
        placeholder={t('transfer_amount_placeholder')}
        value={amount}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onAmount(e.target.value)}
      />
      {error && (
        <span className="field__error" id={errorId} role="alert" data-testid={`${testId}-error`}>
          {t(error)}
        </span>
      )}
    </Field>
  );
}

/** The form's own error line. */
export function FormError({ message, testId }: { message: string | null; testId: string }) {
  const { t } = useTranslation();
  return message ? (
    <p className="form__error" role="alert" data-testid={testId}>
      {t(message)}
    </p>
  ) : null;
}

/**
 * The account transfer machine (amount and remark) with the page's call: `call` gets the amount,
 * the remark and the attempt's key, and runs after the money moved whatever the page refreshes.
 */
export function useAccountTransferMachine(prefix: string, call: (request: { amountMinor: number; remark: string; key: string }) => Promise<void>) {
  const ui = useUi();
  const keyOf = useAttemptKey(prefix);
  // The machine is made once; its actor and action reach the page's latest call and UI through this.
  const page = useRef({ call, ui, keyOf });
  useEffect(() => {
    page.current = { call, ui, keyOf };
  });
  return useMemo(
    () =>
      accountTransferMachine.provide({
        actors: {
          transfer: fromPromise(async ({ input }: { input: TAccountTransferRequest }) => {
            const { call: send, keyOf: key } = page.current;
            await send({ amountMinor: input.amountMinor, remark: input.remark, key: key(input.attempt) }).catch((err: unknown) => {
              throw moneyFlowError(err);
            });
          }),
        },
        actions: { trialRefused: () => page.current.ui.showInfo('in_need_true_account') },
      }),
    [],
  );
}
