import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useMachine } from '@xstate/react';
import { FlowError } from '@wl/flows/shared/flow-error';
import { accountTransferMachine, type TAccountTransferRequest } from '@wl/flows/transfer/account-transfer.machine';
import { FieldAlert, FormSubmit, InputField } from '../accounts/form-parts.tsx';
import { inputIssuesOf } from '../api/flow-errors.ts';
import { useQueryClient } from '@tanstack/react-query';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { useUi } from '../app/ui-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { useLatest } from '../lib/use-latest.ts';

export { useMoney } from './use-money.ts';

/** A fresh idempotency key for one transfer attempt; a resend of the same attempt reuses it. */
const newKey = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;

/**
 * The idempotency key of a transfer machine's attempt (flows/src/transfer/money-form.ts): the same
 * attempt sends the same key, so a double click moves the money once; a new attempt gets a new key.
 */
export function useAttemptKey(prefix: string): (attempt: number) => string {
  const current = useRef({ attempt: -1, key: '' });
  return useCallback(
    (attempt) => {
      if (current.current.attempt !== attempt) current.current = { attempt, key: newKey(prefix) };
      return current.current.key;
    },
    [prefix],
  );
}

/**
 * What a money machine made once in a useMemo uses (deposit, wallet): the calls, the query cache,
 * the latest session, the attempt's idempotency key and the trial notice.
 */
export function useMoneyMachineKit(keyPrefix: string) {
  return {
    trpc: useTRPC(),
    client: useTRPCClient(),
    qc: useQueryClient(),
    session: useLatest(useSession()),
    keyOf: useAttemptKey(keyPrefix),
    trialRefused: useTrialRefused(),
  };
}

/** The money machines' trialRefused action: a trial account is told it needs a real one (the platform refuses it anyway). */
export function useTrialRefused(): () => void {
  const ui = useLatest(useUi());
  return useCallback(() => ui.current.showInfo('in_need_true_account'), [ui]);
}

/** A money call's refusal as the transfer machines read it: its message key and the fields it named. */
export function moneyFlowError(err: unknown): FlowError {
  const fieldErrors = Object.fromEntries(inputIssuesOf(err).map((i) => [i.path, { key: i.message }]));
  return new FlowError(errorKey(err), { fieldErrors });
}

/** The amount input with its error (translated with `errorParams`), as every money form shows it; the placeholder is the transfer one unless given. */
export function AmountField({
  amount,
  error,
  onAmount,
  testId,
  placeholder,
  errorParams,
}: {
  amount: string;
  error: string | null;
  onAmount: (text: string) => void;
  testId: string;
  placeholder?: string;
  errorParams?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const errorId = `${testId.replace('.', '-')}-error`;
  return (
    <InputField
      label={t('money_amount')}
      testId={testId}
      inputMode="decimal"
      autoComplete="off"
      maxLength={20}
      placeholder={placeholder ?? t('transfer_amount_placeholder')}
      value={amount}
      aria-invalid={error !== null}
      aria-describedby={error ? errorId : undefined}
      onValue={onAmount}
    >
      <FieldAlert id={errorId} testId={`${testId}-error`} message={error} params={errorParams} />
    </InputField>
  );
}

/** The form's own error line (the transfer forms of the member and agent centres import it from here). */
export { FormError } from '../accounts/form-parts.tsx';

/**
 * The account transfer machine (amount and remark) with the page's call: `call` gets the amount,
 * the remark and the attempt's key, and runs after the money moved whatever the page refreshes.
 */
export function useAccountTransferMachine(prefix: string, call: (request: { amountMinor: number; remark: string; key: string }) => Promise<void>) {
  const keyOf = useAttemptKey(prefix);
  const trialRefused = useTrialRefused();
  // The machine is made once; its actor reaches the page's latest call through this.
  const latestCall = useLatest(call);
  return useMemo(
    () =>
      accountTransferMachine.provide({
        actors: {
          transfer: fromPromise(async ({ input }: { input: TAccountTransferRequest }) => {
            await latestCall.current({ amountMinor: input.amountMinor, remark: input.remark, key: keyOf(input.attempt) }).catch((err: unknown) => {
              throw moneyFlowError(err);
            });
          }),
        },
        actions: { trialRefused },
      }),
    [latestCall, keyOf, trialRefused],
  );
}

/**
 * A transfer to another account (the member's upline, an agent's downline) on the account transfer machine: `head`
 * (who and what is available), the amount, the remark, the error and submit, then `done` once the money moved.
 * `call` moves the money and refreshes the page's own queries; the header balance is refreshed here.
 */
export function AccountTransferForm({
  prefix,
  testPrefix,
  call,
  head,
  remarkLabel,
  remarkPlaceholder,
  submitLabel,
  done,
  money,
}: {
  prefix: string;
  testPrefix: string;
  call: (request: { amountMinor: number; remark: string; key: string }) => Promise<void>;
  head: ReactNode;
  remarkLabel: string;
  remarkPlaceholder?: string;
  submitLabel: string;
  done: (amount: string) => string;
  money: (minor: number) => string;
}) {
  const session = useSession();
  const machine = useAccountTransferMachine(prefix, async (request) => {
    await call(request);
    session.refreshBalance();
  });
  const [state, send] = useMachine(machine);
  const { amount, remark, fieldError, formError, sentMinor } = state.context;
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'transfer.submit' });
      }}
      noValidate
    >
      {head}
      <AmountField amount={amount} error={fieldError} onAmount={(text) => send({ type: 'transfer.amount', text })} testId={`${testPrefix}.amount`} />
      <InputField
        label={remarkLabel}
        testId={`${testPrefix}.remark`}
        maxLength={140}
        placeholder={remarkPlaceholder}
        value={remark}
        onValue={(text) => send({ type: 'transfer.remark', text })}
      />
      <FormSubmit errorTestId={`${testPrefix}.error`} error={formError} testId={`${testPrefix}.submit`} pending={state.matches('sending')}>
        {submitLabel}
      </FormSubmit>
      {sentMinor !== null && (
        <p className="money__hint" role="status" data-testid={`${testPrefix}.done`}>
          {done(money(sentMinor))}
        </p>
      )}
    </form>
  );
}
