import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDepositChannel } from '@wl/schemas';
import { parseAmountInput } from '@wl/schemas/domain/money';
import type { TDepositContext, TDepositEvent } from '@wl/flows/deposit/deposit.machine';
import { FormSubmit } from '../accounts/form-parts.tsx';
import { minorInputText } from '../lib/numbers-later.ts';
import { channelName } from './deposit-parts.tsx';
import { DepositMatchNote } from './deposit-match-note.tsx';
import { AmountField } from './transfer-parts.tsx';

type TDepositFormProps = {
  channels: TDepositChannel[];
  /** The chosen channel (the first one until the member picks). */
  channel: TDepositChannel;
  context: TDepositContext;
  pending: boolean;
  send: (event: TDepositEvent) => void;
  money: (minor: number) => string;
};

/** Channels with their limits, the amount with quick amounts, and submit; the deposit machine holds what was chosen and typed. */
export function DepositForm({ channels, channel, context, pending, send, money }: TDepositFormProps) {
  const { t } = useTranslation();
  const { amount, fieldError, formError } = context;
  const limits = useMemo(() => ({ min: money(channel.minMinor), max: money(channel.maxMinor) }), [channel, money]);
  const typed = parseAmountInput(amount);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'deposit.submit', channel });
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <fieldset className="money__channels">
        <legend className="field__label">{t('deposit_channel')}</legend>
        {channels.map((c) => (
          <label key={c.id} className={`money__channel${c.id === channel.id ? ' is-active' : ''}`} data-testid={`deposit.channel.${c.code}`}>
            <input
              type="radio"
              name="deposit-channel"
              value={c.id}
              checked={c.id === channel.id}
              onChange={() => send({ type: 'deposit.channel', channelId: c.id })}
            />
            <span>{channelName(t, c)}</span>
          </label>
        ))}
      </fieldset>
      <p className="money__limits" data-testid="deposit.limits">
        {t('money_min_max', limits)}
      </p>
      <AmountField
        amount={amount}
        error={fieldError}
        onAmount={(text) => send({ type: 'deposit.amount', text })}
        testId="deposit.amount"
        placeholder={t('deposit_amount_placeholder')}
        errorParams={limits}
      />
      {channel.quickAmountsMinor.length > 0 && (
        <div className="money__quick" role="group" aria-label={t('deposit_quick_amounts')}>
          {channel.quickAmountsMinor.map((q) => (
            <button
              key={q}
              type="button"
              className={`btn btn--ghost btn--small${typed === q ? ' is-active' : ''}`}
              data-testid={`deposit.quick.${q}`}
              aria-pressed={typed === q}
              onClick={() => send({ type: 'deposit.amount', text: minorInputText(q) })}
            >
              {money(q)}
            </button>
          ))}
        </div>
      )}
      <DepositMatchNote typed={typed} money={money} />
      <FormSubmit errorTestId="deposit.error" error={formError} testId="deposit.submit" pending={pending}>
        {t('deposit_submit')}
      </FormSubmit>
    </form>
  );
}
