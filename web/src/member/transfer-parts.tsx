import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmountInput } from '@wl/schemas/domain/money';
import { Field } from '../accounts/form-parts.tsx';
import { inputIssuesOf } from '../api/flow-errors.ts';
import { errorKey } from '../api/trpc.ts';
import { useUi } from '../app/ui-context.tsx';

/** A fresh idempotency key for one transfer attempt; a resend of the same attempt reuses it. */
const newKey = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;

/**
 * The amount and the key of one money form: the typed text, its field error, the form error, and a
 * key that changes whenever the request would (a new amount, a new target), so a double click
 * sends the same key and the platform moves the money once.
 */
export function useMoneyForm(prefix: string) {
  const ui = useUi();
  const [amount, setAmountText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [key, setKey] = useState(() => newKey(prefix));
  const renew = () => setKey(newKey(prefix));
  return {
    amount,
    fieldError,
    formError,
    key,
    renew,
    setAmount: (text: string) => {
      setAmountText(text);
      setFieldError(null);
      renew();
    },
    /** The amount in minor units, or null after showing why not. */
    parsed: (): number | null => {
      setFormError(null);
      const minor = parseAmountInput(amount);
      setFieldError(minor === null ? 'amount_invalid' : null);
      return minor;
    },
    done: () => {
      setAmountText('');
      renew();
    },
    /** A refusal: the trial dialog, a field message under the amount, or one under the form. */
    failed: (err: unknown) => {
      const message = errorKey(err);
      if (message === 'in_need_true_account') {
        ui.showInfo(message);
        return;
      }
      const issue = inputIssuesOf(err).find((i) => i.path === 'amountMinor');
      if (issue) setFieldError(issue.message);
      else setFormError(inputIssuesOf(err)[0]?.message ?? message);
    },
  };
}

export type TMoneyForm = ReturnType<typeof useMoneyForm>;

/** The amount input with its error, as every transfer form shows it. */
export function AmountField({ form, testId }: { form: TMoneyForm; testId: string }) {
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
        value={form.amount}
        aria-invalid={form.fieldError !== null}
        aria-describedby={form.fieldError ? errorId : undefined}
        onChange={(e) => form.setAmount(e.target.value)}
      />
      {form.fieldError && (
        <span className="field__error" id={errorId} role="alert" data-testid={`${testId}-error`}>
          {t(form.fieldError)}
        </span>
      )}
    </Field>
  );
}

/** The form's own error line. */
export function FormError({ form, testId }: { form: TMoneyForm; testId: string }) {
  const { t } = useTranslation();
  return form.formError ? (
    <p className="form__error" role="alert" data-testid={testId}>
      {t(form.formError)}
    </p>
  ) : null;
}
