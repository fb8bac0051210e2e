import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TDeposit, TDepositChannel } from '@wl/schemas';
import { parseAmountInput } from '@wl/schemas/domain/money';
import { Field, SubmitButton } from '../accounts/form-parts.tsx';
import { inputIssuesOf } from '../api/flow-errors.ts';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useUi } from '../app/ui-context.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { formatMinor } from '../lib/numbers.ts';
import { minorInputText } from '../lib/numbers-later.ts';
import { useSession } from '../session/session-context.tsx';
import '../styles/money.css';

/** How often an open pending order asks for its status (display only; the platform settles it). */
const PENDING_REFRESH_MS = 3_000;

/** A fresh idempotency key for one deposit attempt: a resend of the same attempt reuses it. */
function newKey(): string {
  return `dep-${crypto.randomUUID()}`;
}

/** The channel's name in the page language (brand names have a Bengali spelling), else the server's. */
function channelName(t: TFunction, c: { code: string; name: string }): string {
  return t(`deposit_channel_${c.code}`, { defaultValue: c.name });
}

/**
 * What is wrong with an amount typed for a channel, or null: the same rules the platform enforces
 * (a positive amount with at most 2 decimals, within the channel's min and max).
 */
export function amountProblem(text: string, channel: Pick<TDepositChannel, 'minMinor' | 'maxMinor'>): 'amount_invalid' | 'deposit_amount_below_min' | 'deposit_amount_above_max' | null {
  const minor = parseAmountInput(text);
  if (minor === null) return 'amount_invalid';
  if (minor < channel.minMinor) return 'deposit_amount_below_min';
  if (minor > channel.maxMinor) return 'deposit_amount_above_max';
  return null;
}

function StatusChip({ status }: { status: TDeposit['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`chip money-status money-status--${status}`} data-testid="deposit.status" data-status={status}>
      {t(`money_status_${status}`)}
    </span>
  );
}

/**
 * Member deposit (SPEC §2 depositv2, issue 8 item 2): channels with their limits, an amount form
 * with quick amounts, then the pending order with its reference and status. Every rule shown here
 * is enforced by the platform too; trial accounts never reach this page (member-page guard) and
 * are refused by the platform anyway.
 */
export default function DepositPage() {
  const ready = useAreaTexts('money', 'deposit');
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const ui = useUi();
  const session = useSession();
  const channels = useQuery(trpc.deposit.channels.queryOptions(undefined, { staleTime: 0 }));
  const [channelId, setChannelId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const [orderId, setOrderId] = useState<number | null>(null);

  const list = channels.data?.channels ?? [];
  const channel = list.find((c) => c.id === channelId) ?? list[0] ?? null;
  const currency = session.balance?.currencySymbol ?? '';
  const money = (minor: number) => formatMinor(minor, language, currency);

  const recent = useQuery(
    trpc.deposit.list.queryOptions(
      { pageNo: 1, pageSize: 10 },
      {
        staleTime: 0,
        // While the open order is pending, ask again now and then (the settle job or an operator decides it).
        refetchInterval: (q) => (q.state.data?.deposits.some((d) => d.id === orderId && d.status === 'pending') ? PENDING_REFRESH_MS : false),
      },
    ),
  );
  const order = recent.data?.deposits.find((d) => d.id === orderId) ?? null;
  const orderStatus = order?.status;
  useEffect(() => {
    // The money arrived: the header balance shows it.
    if (orderStatus === 'approved') session.refreshBalance();
  }, [orderStatus]);

  const create = useMutation(
    trpc.deposit.create.mutationOptions({
      onSuccess: (d) => {
        setOrderId(d.id);
        setAmount('');
        setKey(newKey());
        void qc.invalidateQueries({ queryKey: trpc.deposit.list.queryKey() });
      },
      onError: (err) => {
        const message = errorKey(err);
        if (message === 'in_need_true_account') {
          ui.showInfo(message);
          return;
        }
        const issue = inputIssuesOf(err).find((i) => i.path === 'amountMinor' || i.path === 'channelId');
        if (issue) setFieldError(issue.message);
        else setFormError(message);
      },
    }),
  );

  const limits = useMemo(() => (channel ? { min: money(channel.minMinor), max: money(channel.maxMinor) } : { min: '', max: '' }), [channel, currency]);

  if (!ready || channels.isLoading) return <div className="page-loading" aria-busy="true" data-testid="deposit.loading" />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!channel) return;
    const problem = amountProblem(amount, channel);
    setFieldError(problem);
    if (problem) return;
    create.mutate({ channelId: channel.id, amountMinor: parseAmountInput(amount)!, key });
  };

  return (
    <div className="member-content money" data-testid="deposit.page">
      <section className="card">
        <h2>{t('deposit_title')}</h2>
        {channels.error && (
          <p className="form__error" role="alert">
            {t(errorKey(channels.error))}
          </p>
        )}
        {channel && (
          <form className="form" onSubmit={submit} noValidate>
            <fieldset className="money__channels">
              <legend className="field__label">{t('deposit_channel')}</legend>
              {list.map((c) => (
                <label key={c.id} className={`money__channel${c.id === channel.id ? ' is-active' : ''}`} data-testid={`deposit.channel.${c.code}`}>
                  <input
                    type="radio"
                    name="deposit-channel"
                    value={c.id}
                    checked={c.id === channel.id}
                    onChange={() => {
                      setChannelId(c.id);
                      setFieldError(null);
                      setKey(newKey());
                    }}
                  />
                  <span>{channelName(t, c)}</span>
                </label>
              ))}
            </fieldset>
            <p className="money__limits" data-testid="deposit.limits">
              {t('money_min_max', limits)}
            </p>
            <Field label={t('money_amount')}>
              <input
                className="input"
                data-testid="deposit.amount"
                inputMode="decimal"
                autoComplete="off"
                maxLength={20}
                placeholder={t('deposit_amount_placeholder')}
                value={amount}
                aria-invalid={fieldError !== null}
                aria-describedby={fieldError ? 'deposit-amount-error' : undefined}
                onChange={(e) => {
                  setAmount(e.target.value);
                  setFieldError(null);
                  setKey(newKey());
                }}
              />
              {fieldError && (
                <span className="field__error" id="deposit-amount-error" role="alert" data-testid="deposit.amount-error">
                  {t(fieldError, limits)}
                </span>
              )}
            </Field>
            {channel.quickAmountsMinor.length > 0 && (
              <div className="money__quick" role="group" aria-label={t('deposit_quick_amounts')}>
                {channel.quickAmountsMinor.map((q) => (
                  <button
                    key={q}
                    type="button"
                    className={`btn btn--ghost btn--small${parseAmountInput(amount) === q ? ' is-active' : ''}`}
                    data-testid={`deposit.quick.${q}`}
                    aria-pressed={parseAmountInput(amount) === q}
                    onClick={() => {
                      setAmount(minorInputText(q));
                      setFieldError(null);
                      setKey(newKey());
                    }}
                  >
                    {money(q)}
                  </button>
                ))}
              </div>
            )}
            {formError && (
              <p className="form__error" role="alert" data-testid="deposit.error">
                {t(formError)}
              </p>
            )}
            <SubmitButton testId="deposit.submit" pending={create.isPending}>
              {t('deposit_submit')}
            </SubmitButton>
          </form>
        )}
      </section>

      {order && (
        <section className="card money__order" data-testid="deposit.order" aria-live="polite">
          <h2>{t('deposit_order_title')}</h2>
          <dl className="money__facts">
            <dt>{t('money_reference')}</dt>
            <dd className="money__reference" data-testid="deposit.reference">
              {order.reference}
            </dd>
            <dt>{t('money_amount')}</dt>
            <dd data-testid="deposit.order-amount">{money(order.amountMinor)}</dd>
            <dt>{t('deposit_channel')}</dt>
            <dd>{channelName(t, { code: order.channelCode, name: order.channelName })}</dd>
          </dl>
          <StatusChip status={order.status} />
          {order.status === 'pending' && (
            <p className="money__hint">
              {list.find((c) => c.code === order.channelCode)?.autoSettleSeconds != null
                ? t('deposit_order_simulated')
                : t('deposit_order_hint', { channel: channelName(t, { code: order.channelCode, name: order.channelName }) })}
            </p>
          )}
        </section>
      )}

      <section className="card">
        <h2>{t('deposit_recent')}</h2>
        {recent.isSuccess && recent.data.deposits.length === 0 && <p className="no-data">{t('deposit_none')}</p>}
        <ul className="money__list" data-testid="deposit.recent">
          {(recent.data?.deposits ?? []).map((d) => (
            <li key={d.id} className="money__row" data-testid="deposit.recent.item" data-reference={d.reference}>
              <span className="money__reference">{d.reference}</span>
              <span>{money(d.amountMinor)}</span>
              <span className={`chip money-status money-status--${d.status}`}>{t(`money_status_${d.status}`)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
