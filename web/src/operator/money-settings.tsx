import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TMoneySettings } from '@wl/schemas';
import { InputField, SubmitButton } from '../accounts/form-parts.tsx';
import { inputIssuesOf } from '../api/flow-errors.ts';
import { useTRPC } from '../api/trpc.ts';
import '../styles/money.css';
import '../styles/operator.css';
import { QueryError } from '../layout/form-controls.tsx';
import { AMOUNT_FIELDS, COUNT_FIELDS, draftOf, isControl, requestOf, type TDraft } from './money-settings-draft.ts';
import { refusalKey, Switch } from './parts.tsx';

/** The form's state over the settings the platform holds: the draft, the switches, the refusal, the save. */
function useMoneySettingsForm(s: TMoneySettings | undefined, canControl: boolean) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [enabled, setEnabled] = useState<Record<number, boolean>>({});
  const [single, setSingle] = useState<boolean | null>(null);
  const [error, setError] = useState<{ field: string | null; key: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.operator.setMoneySettings.mutationOptions({
      onSuccess: (next) => {
        qc.setQueryData(trpc.operator.moneySettings.queryKey(), next);
        setDraft(draftOf(next));
        setSaved(true);
        void qc.invalidateQueries({ queryKey: trpc.operator.adjustments.queryKey() });
      },
      onError: (err) => setError({ field: inputIssuesOf(err)[0]?.path ?? null, key: refusalKey(err) }),
    }),
  );
  const d = draft ?? (s ? draftOf(s) : {});
  const touched = () => setSaved(false);
  return {
    d,
    error,
    saved,
    pending: save.isPending,
    single: s ? (single ?? s.merchantWalletSingle) : false,
    setSingle: (v: boolean) => {
      setSingle(v);
      touched();
    },
    channelOn: (id: number, fallback: boolean) => enabled[id] ?? fallback,
    setChannelOn: (id: number, v: boolean) => {
      setEnabled({ ...enabled, [id]: v });
      touched();
    },
    edit: (k: string, v: string) => {
      setDraft({ ...d, [k]: v });
      touched();
      setError(null);
    },
    submit: (e: FormEvent) => {
      e.preventDefault();
      if (!s) return;
      const out = requestOf(d, s, enabled, single ?? s.merchantWalletSingle, canControl);
      if ('invalid' in out) return setError({ field: out.invalid, key: 'op_value_invalid' });
      setError(null);
      save.mutate(out.req);
    },
  };
}
type TMoneyForm = ReturnType<typeof useMoneySettingsForm>;

/** One text field of the form; an owner's field (a four-eyes limit, a channel's) is read-only to others. */
function MoneyInput({ form, k, label, locked }: { form: TMoneyForm; k: string; label: string; locked: boolean }) {
  return (
    <InputField
      label={label}
      testId={`operator.money.${k}`}
      disabled={locked}
      inputMode="decimal"
      maxLength={20}
      value={form.d[k] ?? ''}
      aria-invalid={form.error?.field === k}
      onValue={(v) => form.edit(k, v)}
    />
  );
}

/** A deposit channel's bounds, auto-settle seconds and on/off: the owner's (docs/0066). */
function ChannelFields({ form, c, locked }: { form: TMoneyForm; c: TMoneySettings['channels'][number]; locked: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset className="money__grid" data-testid={`operator.money.channel.${c.code}`}>
      <legend>{t(`deposit_channel_${c.code}`, { defaultValue: c.name })}</legend>
      <MoneyInput form={form} k={`c${c.id}.min`} label={t('op_settings_channel_min')} locked={locked} />
      <MoneyInput form={form} k={`c${c.id}.max`} label={t('op_settings_channel_max')} locked={locked} />
      <MoneyInput form={form} k={`c${c.id}.auto`} label={t('op_settings_channel_auto')} locked={locked} />
      <Switch
        label={t('op_settings_channel_enabled')}
        disabled={locked}
        checked={form.channelOn(c.id, c.enabled)}
        onChange={(on) => form.setChannelOn(c.id, on)}
      />
    </fieldset>
  );
}

/**
 * Withdraw limits, windows, four eyes, wallet mode and the deposit channels (money.read; saving needs
 * money.write). The four-eyes limits and the channels are the owner's, and a change of them waits
 * for a second owner (docs/0066): others see them read-only.
 */
export function OperatorMoneySettings({ canWrite, canControl }: { canWrite: boolean; canControl: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const current = useQuery(trpc.operator.moneySettings.queryOptions(undefined, { staleTime: 0 }));
  const s = current.data;
  const form = useMoneySettingsForm(s, canControl);
  if (!s) return current.error ? <QueryError error={current.error} /> : <span className="spinner" />;
  return (
    <section className="operator__section" data-testid="operator.money">
      <h2>{t('op_settings_title')}</h2>
      <p className="money__hint">{t('op_settings_controls_hint')}</p>
      {s.pendingChanges.length > 0 && (
        <p className="money__hint" role="status" data-testid="operator.money.pending">
          {t('op_settings_pending', { count: s.pendingChanges.length })}
        </p>
      )}
      <form className="form" onSubmit={form.submit} noValidate>
        <div className="money__grid">
          {[...AMOUNT_FIELDS, ...COUNT_FIELDS].map((f) => (
            <MoneyInput key={f} form={form} k={f} label={t(`op_settings_${f}`)} locked={!canWrite || (isControl(f) && !canControl)} />
          ))}
        </div>
        <Switch
          testId="operator.money.merchantWalletSingle"
          label={t('op_settings_merchantWalletSingle')}
          disabled={!canWrite}
          checked={form.single}
          onChange={form.setSingle}
        />
        <h3>{t('op_settings_channels')}</h3>
        {s.channels.map((c) => (
          <ChannelFields key={c.id} form={form} c={c} locked={!canWrite || !canControl} />
        ))}
        {form.error && (
          <p className="form__error" role="alert" data-testid="operator.money.error">
            {t(form.error.key)}
          </p>
        )}
        {form.saved && (
          <p className="money__hint" role="status" data-testid="operator.money.saved">
            {t('op_settings_saved')}
          </p>
        )}
        {canWrite && (
          <SubmitButton testId="operator.money.save" pending={form.pending}>
            {t('op_settings_save')}
          </SubmitButton>
        )}
      </form>
    </section>
  );
}
