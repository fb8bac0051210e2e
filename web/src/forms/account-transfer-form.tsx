import type { ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { SubmitButton } from '../accounts/form-parts.tsx';
import { AmountField, FormError, type useAccountTransferMachine } from '../member/transfer-parts.tsx';
import { InputField } from './input-field.tsx';

/** What an account transfer form says: the remark's label (and hint), the button, and the line after a sent transfer. */
export type TAccountTransferTexts = { remark: string; remarkPlaceholder?: string; submit: string; done: (amount: string) => string };

/**
 * Money to another account with a remark, on the flows account transfer machine (the member to the
 * upline, an agent to a downline): what the caller puts first (the target, the balance), the amount,
 * the remark, the form's error, the button, and the done line. Test ids `<prefix>.amount`,
 * `.remark`, `.error`, `.submit`, `.done`.
 */
export function AccountTransferForm({
  prefix,
  machine,
  texts,
  money,
  children,
}: {
  prefix: string;
  machine: ReturnType<typeof useAccountTransferMachine>;
  texts: TAccountTransferTexts;
  money: (minor: number) => string;
  children: ReactNode;
}) {
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
      {children}
      <AmountField amount={amount} error={fieldError} onAmount={(text) => send({ type: 'transfer.amount', text })} testId={`${prefix}.amount`} />
      <InputField
        label={texts.remark}
        testId={`${prefix}.remark`}
        maxLength={140}
        placeholder={texts.remarkPlaceholder}
        value={remark}
        onValue={(text) => send({ type: 'transfer.remark', text })}
      />
      <FormError message={formError} testId={`${prefix}.error`} />
      <SubmitButton testId={`${prefix}.submit`} pending={state.matches('sending')}>
        {texts.submit}
      </SubmitButton>
      {sentMinor !== null && (
        <p className="money__hint" role="status" data-testid={`${prefix}.done`}>
          {texts.done(money(sentMinor))}
        </p>
      )}
    </form>
  );
}
