import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAdjustment, TMoneySettingChange, TMoneySettings, TMoneySettingsRequest } from '@wl/schemas';
import { parseAmountInput } from '@wl/schemas/domain/money';
import { MONEY_CONTROL_FIELDS, MONEY_SETTING_BOUNDS } from '@wl/schemas/domain/money-settings';
import { Field, SubmitButton } from '../accounts/form-parts.tsx';
import { inputIssuesOf } from '../api/flow-errors.ts';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { asciiDigits } from '@wl/schemas/domain/digits';
import { formatMinor } from '../lib/numbers.ts';
import { localDateTime, minorInputText } from '../lib/numbers-later.ts';
import '../styles/money.css';
import '../styles/operator.css';

/** The message of a refusal: the first field the server named, else its message key. */
function refusalKey(err: unknown): string {
  return inputIssuesOf(err)[0]?.message ?? errorKey(err);
}

/** A fresh key for one operator submission (a double click sends the same one). */
const newKey = () => `op-${crypto.randomUUID()}`;

/**
 * Pending deposits, oldest first, with approve and reject (money.read to see, money.write to decide).
 * One above the four-eyes limit shows who gave the first approval; that operator is not offered the
 * second (the platform refuses it too, docs/0066).
 */
function OperatorDeposits({ canWrite, operatorUsername }: { canWrite: boolean; operatorUsername: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const pending = useQuery(trpc.operator.deposits.queryOptions({ status: 'pending' }, { staleTime: 0 }));
  const [remarks, setRemarks] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const done = {
    onSuccess: () => setError(null),
    onError: (err: unknown) => setError(refusalKey(err)),
    onSettled: () => void qc.invalidateQueries({ queryKey: trpc.operator.deposits.queryKey() }),
  };
  const approve = useMutation(trpc.operator.approveDeposit.mutationOptions(done));
  const reject = useMutation(trpc.operator.rejectDeposit.mutationOptions(done));
  const busy = approve.isPending || reject.isPending;
  const deposits = pending.data?.deposits ?? [];
  return (
    <section className="operator__section" data-testid="operator.deposits">
      <div className="operator__head">
        <h2>{t('op_deposits_title')}</h2>
        <button type="button" className="btn btn--ghost btn--small" data-testid="operator.deposits.refresh" onClick={() => void pending.refetch()}>
          {t('op_refresh')}
        </button>
      </div>
      {(error ?? pending.error) && (
        <p className="form__error" role="alert" data-testid="operator.deposits.error">
          {t(error ?? errorKey(pending.error))}
        </p>
      )}
      {pending.isSuccess && deposits.length === 0 && <p className="no-data">{t('op_deposits_empty')}</p>}
      <ul className="money__list">
        {deposits.map((d) => (
          <li key={d.id} className="money__row" data-testid="operator.deposits.item" data-reference={d.reference}>
            <span className="money__reference">{d.reference}</span>
            <span>
              {t('op_member')}: <strong translate="no">{d.username}</strong>
            </span>
            <span>{formatMinor(d.amountMinor, language)}</span>
            <span>{t(`deposit_channel_${d.channelCode}`, { defaultValue: d.channelName })}</span>
            <time dateTime={d.createdAt}>{localDateTime(d.createdAt, i18n.language)}</time>
            {d.firstApprovedBy !== null && (
              <span className="chip money-status money-status--pending" data-testid={`operator.deposits.first-approved.${d.reference}`}>
                {t('op_deposit_first_approved', { name: d.firstApprovedBy })}
              </span>
            )}
            {canWrite && (
              <span className="operator__filters">
                <input
                  className="input"
                  aria-label={t('op_remark')}
                  placeholder={t('op_remark')}
                  maxLength={140}
                  data-testid={`operator.deposits.remark.${d.reference}`}
                  value={remarks[d.id] ?? ''}
                  onChange={(e) => setRemarks((r) => ({ ...r, [d.id]: e.target.value }))}
                />
                {d.firstApprovedBy !== operatorUsername && (
                  <button type="button" className="btn btn--primary btn--small" disabled={busy} data-testid={`operator.deposits.approve.${d.reference}`} onClick={() => approve.mutate({ depositId: d.id })}>
                    {t('op_approve')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  disabled={busy}
                  data-testid={`operator.deposits.reject.${d.reference}`}
                  onClick={() => reject.mutate({ depositId: d.id, remark: remarks[d.id] ?? '' })}
                >
                  {t('op_reject')}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AdjustmentRow({ a, canDecide, onDecide, busy }: { a: TAdjustment; canDecide: boolean; onDecide?: (approve: boolean) => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const statusKey = a.status === 'applied' ? 'adjust_status_applied' : `money_status_${a.status}`;
  return (
    <li className="money__row" data-testid="operator.adjustments.item" data-id={a.id}>
      <strong translate="no">{a.username}</strong>
      <span>{formatMinor(a.amountMinor, language)}</span>
      <span className="operator__message-body">{a.reason}</span>
      <span>{t('op_adjust_requested_by', { name: a.requestedBy })}</span>
      <span className={`chip money-status money-status--${a.status}`}>{t(statusKey)}</span>
      {canDecide && onDecide && (
        <span className="operator__filters">
          <button type="button" className="btn btn--primary btn--small" disabled={busy} data-testid={`operator.adjustments.approve.${a.id}`} onClick={() => onDecide(true)}>
            {t('op_approve')}
          </button>
          <button type="button" className="btn btn--ghost btn--small" disabled={busy} data-testid={`operator.adjustments.reject.${a.id}`} onClick={() => onDecide(false)}>
            {t('op_reject')}
          </button>
        </span>
      )}
    </li>
  );
}

const CHANNEL_FIELD_KEYS: Record<string, string> = {
  minMinor: 'op_settings_channel_min',
  maxMinor: 'op_settings_channel_max',
  quickAmountsMinor: 'op_settings_channel_quick',
  autoSettleSeconds: 'op_settings_channel_auto',
  enabled: 'op_settings_channel_enabled',
};

/** One value of a settings change as the console shows it. */
function settingValue(field: string, v: TMoneySettingChange['items'][number]['before'], t: (k: string) => string, language: string): string {
  if (v === null) return '—';
  if (typeof v === 'boolean') return t(v ? 'op_on' : 'op_off');
  if (Array.isArray(v)) return v.map((x) => formatMinor(x, language)).join(', ');
  return field.endsWith('Minor') ? formatMinor(v, language) : String(v);
}

/** A pending change of the four-eyes limits or channels: a second owner approves or rejects it (docs/0066). */
function SettingChangeRow({ c, canDecide, onDecide, busy }: { c: TMoneySettingChange; canDecide: boolean; onDecide: (approve: boolean) => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <li className="money__row" data-testid="operator.settings-changes.item" data-id={c.id}>
      <strong>{t('op_settings_change_title')}</strong>
      <ul className="operator__message-body">
        {c.items.map((item) => (
          <li key={`${item.channelCode ?? ''}.${item.field}`}>
            {item.channelCode ? `${t(`deposit_channel_${item.channelCode}`, { defaultValue: item.channelCode })} · ${t(CHANNEL_FIELD_KEYS[item.field] ?? item.field)}` : t(`op_settings_${item.field}`)}:{' '}
            {settingValue(item.field, item.before, t, language)} → {settingValue(item.field, item.after, t, language)}
          </li>
        ))}
      </ul>
      <span>{t('op_adjust_requested_by', { name: c.requestedBy })}</span>
      <span className="chip money-status money-status--pending">{t('op_settings_change_waits')}</span>
      {canDecide && (
        <span className="operator__filters">
          <button type="button" className="btn btn--primary btn--small" disabled={busy} data-testid={`operator.settings-changes.approve.${c.id}`} onClick={() => onDecide(true)}>
            {t('op_approve')}
          </button>
          <button type="button" className="btn btn--ghost btn--small" disabled={busy} data-testid={`operator.settings-changes.reject.${c.id}`} onClick={() => onDecide(false)}>
            {t('op_reject')}
          </button>
        </span>
      )}
    </li>
  );
}

/**
 * Credit or debit a member with a reason; above the four-eyes amount, or above what one operator
 * may adjust alone in a day, it waits for a second operator. The same queue holds the changes of
 * the four-eyes limits and channels that wait for a second owner (docs/0066).
 */
function OperatorAdjustments({ canWrite, canControl, operatorUsername }: { canWrite: boolean; canControl: boolean; operatorUsername: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery(trpc.operator.adjustments.queryOptions(undefined, { staleTime: 0 }));
  const [username, setUsername] = useState('');
  const [amount, setAmount] = useState('');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.operator.adjustments.queryKey() });
  const request = useMutation(
    trpc.operator.requestAdjustment.mutationOptions({
      onSuccess: (a) => {
        setNotice(a.status === 'applied' ? 'op_adjust_done_applied' : 'op_adjust_done_pending');
        setUsername('');
        setAmount('');
        setReason('');
        setKey(newKey());
      },
      onError: (err) => setError(refusalKey(err)),
      onSettled: refresh,
    }),
  );
  const decide = useMutation(trpc.operator.decideAdjustment.mutationOptions({ onError: (err) => setError(refusalKey(err)), onSettled: refresh }));
  const decideSettings = useMutation(
    trpc.operator.decideMoneySettings.mutationOptions({
      onSuccess: (s) => qc.setQueryData(trpc.operator.moneySettings.queryKey(), s),
      onError: (err) => setError(refusalKey(err)),
      onSettled: refresh,
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const minor = parseAmountInput(amount);
    if (!username.trim() || !reason.trim()) return setError(!reason.trim() ? 'adjustment_reason_required' : 'not_empty');
    if (minor === null) return setError('amount_invalid');
    setError(null);
    request.mutate({ username: username.trim(), amountMinor: direction === 'credit' ? minor : -minor, reason: reason.trim(), key });
  };
  const changed = () => {
    setKey(newKey());
    setError(null);
  };
  return (
    <section className="operator__section" data-testid="operator.adjustments">
      <h2>{t('op_adjust_title')}</h2>
      {list.data && <p className="money__hint">{t('op_adjust_four_eyes', { amount: formatMinor(list.data.fourEyesMinor, language) })}</p>}
      {canWrite && (
        <form className="form" onSubmit={submit} noValidate>
          <div className="money__grid">
            <Field label={t('op_adjust_username')}>
              <input className="input" data-testid="operator.adjust.username" maxLength={64} value={username} onChange={(e) => { setUsername(e.target.value); changed(); }} />
            </Field>
            <Field label={t('money_amount')}>
              <input className="input" data-testid="operator.adjust.amount" inputMode="decimal" maxLength={20} value={amount} onChange={(e) => { setAmount(e.target.value); changed(); }} />
            </Field>
          </div>
          <fieldset className="money__channels">
            {(['credit', 'debit'] as const).map((d) => (
              <label key={d} className={`money__channel${direction === d ? ' is-active' : ''}`}>
                <input type="radio" name="adjust-direction" data-testid={`operator.adjust.${d}`} checked={direction === d} onChange={() => { setDirection(d); changed(); }} />
                <span>{t(`op_adjust_${d}`)}</span>
              </label>
            ))}
          </fieldset>
          <Field label={t('op_adjust_reason')}>
            <textarea className="input" data-testid="operator.adjust.reason" maxLength={500} rows={2} value={reason} onChange={(e) => { setReason(e.target.value); changed(); }} />
          </Field>
          {error && <p className="form__error" role="alert" data-testid="operator.adjust.error">{t(error)}</p>}
          {notice && <p className="money__hint" role="status" data-testid="operator.adjust.notice">{t(notice)}</p>}
          <SubmitButton testId="operator.adjust.submit" pending={request.isPending}>
            {t('op_adjust_submit')}
          </SubmitButton>
        </form>
      )}
      <h3>{t('op_adjust_queue')}</h3>
      {list.isSuccess && list.data.pending.length === 0 && list.data.settingChanges.length === 0 && <p className="no-data">{t('op_adjust_queue_empty')}</p>}
      <ul className="money__list" data-testid="operator.adjustments.pending">
        {(list.data?.settingChanges ?? []).map((c) => (
          <SettingChangeRow
            key={`s${c.id}`}
            c={c}
            busy={decideSettings.isPending}
            // A second owner decides; the platform refuses the author and every other role too.
            canDecide={canControl && c.requestedBy !== operatorUsername}
            onDecide={(approve) => decideSettings.mutate({ changeId: c.id, approve })}
          />
        ))}
        {(list.data?.pending ?? []).map((a) => (
          <AdjustmentRow
            key={a.id}
            a={a}
            busy={decide.isPending}
            // The platform refuses the requester; the console does not offer it either.
            canDecide={canWrite && a.requestedBy !== operatorUsername}
            onDecide={(approve) => decide.mutate({ adjustmentId: a.id, approve })}
          />
        ))}
      </ul>
      <h3>{t('op_adjust_recent')}</h3>
      <ul className="money__list" data-testid="operator.adjustments.recent">
        {(list.data?.recent ?? []).map((a) => (
          <AdjustmentRow key={a.id} a={a} busy={false} canDecide={false} />
        ))}
      </ul>
    </section>
  );
}

const AMOUNT_FIELDS = ['withdrawMinMinor', 'withdrawMaxMinor', ...MONEY_CONTROL_FIELDS] as const;
const isControl = (f: string) => (MONEY_CONTROL_FIELDS as readonly string[]).includes(f);
const COUNT_FIELDS = ['withdrawDailyCount', 'withdrawConfirmMinutes', 'bankAccountsMax'] as const;
type TDraft = Record<string, string>;

function draftOf(s: TMoneySettings): TDraft {
  const d: TDraft = {};
  for (const f of AMOUNT_FIELDS) d[f] = minorInputText(s[f]);
  for (const f of COUNT_FIELDS) d[f] = String(s[f]);
  for (const c of s.channels) {
    d[`c${c.id}.min`] = minorInputText(c.minMinor);
    d[`c${c.id}.max`] = minorInputText(c.maxMinor);
    d[`c${c.id}.auto`] = c.autoSettleSeconds === null ? '' : String(c.autoSettleSeconds);
  }
  return d;
}

/** A whole number within bounds, or null (the same bounds the server's schema enforces). */
function wholeIn(raw: string, b: { min: number; max: number }): number | null {
  const text = asciiDigits(raw.trim());
  if (!/^\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n >= b.min && n <= b.max ? n : null;
}

/** The settings request a draft makes, or the first field that is not valid. */
function requestOf(draft: TDraft, s: TMoneySettings, enabled: Record<number, boolean>, single: boolean, canControl: boolean): { req: TMoneySettingsRequest } | { invalid: string } {
  const req: TMoneySettingsRequest = { merchantWalletSingle: single, channels: [] };
  for (const f of AMOUNT_FIELDS) {
    // Only an owner changes the four-eyes limits and channels (docs/0066): others do not send them.
    if (isControl(f) && !canControl) continue;
    // A four-eyes limit may be 0 (every adjustment or approval needs a second operator).
    const v = isControl(f) && /^0+(\.0{1,2})?$/.test(draft[f]!.trim()) ? 0 : parseAmountInput(draft[f]!);
    if (v === null) return { invalid: f };
    req[f] = v;
  }
  for (const f of COUNT_FIELDS) {
    const v = wholeIn(draft[f]!, MONEY_SETTING_BOUNDS[f]);
    if (v === null) return { invalid: f };
    req[f] = v;
  }
  if (!canControl) {
    delete req.channels;
    return { req };
  }
  for (const c of s.channels) {
    const min = parseAmountInput(draft[`c${c.id}.min`]!);
    const max = parseAmountInput(draft[`c${c.id}.max`]!);
    const autoRaw = draft[`c${c.id}.auto`]!.trim();
    const auto = autoRaw === '' ? null : wholeIn(autoRaw, MONEY_SETTING_BOUNDS.autoSettleSeconds);
    if (min === null) return { invalid: `c${c.id}.min` };
    if (max === null) return { invalid: `c${c.id}.max` };
    if (autoRaw !== '' && auto === null) return { invalid: `c${c.id}.auto` };
    req.channels!.push({ id: c.id, minMinor: min, maxMinor: max, autoSettleSeconds: auto, enabled: enabled[c.id] ?? c.enabled });
  }
  return { req };
}

/**
 * Withdraw limits, windows, four eyes, wallet mode and the deposit channels (money.read; saving needs
 * money.write). The four-eyes limits and the channels are the owner's, and a change of them waits
 * for a second owner (docs/0066): others see them read-only.
 */
function OperatorMoneySettings({ canWrite, canControl }: { canWrite: boolean; canControl: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const current = useQuery(trpc.operator.moneySettings.queryOptions(undefined, { staleTime: 0 }));
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [enabled, setEnabled] = useState<Record<number, boolean>>({});
  const [single, setSingle] = useState<boolean | null>(null);
  const [error, setError] = useState<{ field: string | null; key: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.operator.setMoneySettings.mutationOptions({
      onSuccess: (s) => {
        qc.setQueryData(trpc.operator.moneySettings.queryKey(), s);
        setDraft(draftOf(s));
        setSaved(true);
        void qc.invalidateQueries({ queryKey: trpc.operator.adjustments.queryKey() });
      },
      onError: (err) => setError({ field: inputIssuesOf(err)[0]?.path ?? null, key: refusalKey(err) }),
    }),
  );
  const s = current.data;
  if (!s) return current.error ? <p className="form__error" role="alert">{t(errorKey(current.error))}</p> : <span className="spinner" />;
  const d = draft ?? draftOf(s);
  const edit = (k: string, v: string) => {
    setDraft({ ...d, [k]: v });
    setSaved(false);
    setError(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const out = requestOf(d, s, enabled, single ?? s.merchantWalletSingle, canControl);
    if ('invalid' in out) return setError({ field: out.invalid, key: 'op_value_invalid' });
    setError(null);
    save.mutate(out.req);
  };
  const input = (k: string, label: string, control = false) => (
    <Field key={k} label={label}>
      <input className="input" data-testid={`operator.money.${k}`} disabled={!canWrite || (control && !canControl)} inputMode="decimal" maxLength={20} value={d[k] ?? ''} aria-invalid={error?.field === k} onChange={(e) => edit(k, e.target.value)} />
    </Field>
  );
  return (
    <section className="operator__section" data-testid="operator.money">
      <h2>{t('op_settings_title')}</h2>
      <p className="money__hint">{t('op_settings_controls_hint')}</p>
      {s.pendingChanges.length > 0 && (
        <p className="money__hint" role="status" data-testid="operator.money.pending">
          {t('op_settings_pending', { count: s.pendingChanges.length })}
        </p>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <div className="money__grid">
          {[...AMOUNT_FIELDS, ...COUNT_FIELDS].map((f) => input(f, t(`op_settings_${f}`), isControl(f)))}
        </div>
        <label className="switch-row">
          <span className="switch-row__label">{t('op_settings_merchantWalletSingle')}</span>
          <input type="checkbox" role="switch" className="switch" disabled={!canWrite} data-testid="operator.money.merchantWalletSingle" checked={single ?? s.merchantWalletSingle} onChange={(e) => { setSingle(e.target.checked); setSaved(false); }} />
        </label>
        <h3>{t('op_settings_channels')}</h3>
        {s.channels.map((c) => (
          <fieldset key={c.id} className="money__grid" data-testid={`operator.money.channel.${c.code}`}>
            <legend>{t(`deposit_channel_${c.code}`, { defaultValue: c.name })}</legend>
            {input(`c${c.id}.min`, t('op_settings_channel_min'), true)}
            {input(`c${c.id}.max`, t('op_settings_channel_max'), true)}
            {input(`c${c.id}.auto`, t('op_settings_channel_auto'), true)}
            <label className="switch-row">
              <span className="switch-row__label">{t('op_settings_channel_enabled')}</span>
              <input type="checkbox" role="switch" className="switch" disabled={!canWrite || !canControl} checked={enabled[c.id] ?? c.enabled} onChange={(e) => { setEnabled({ ...enabled, [c.id]: e.target.checked }); setSaved(false); }} />
            </label>
          </fieldset>
        ))}
        {error && <p className="form__error" role="alert" data-testid="operator.money.error">{t(error.key)}</p>}
        {saved && <p className="money__hint" role="status" data-testid="operator.money.saved">{t('op_settings_saved')}</p>}
        {canWrite && (
          <SubmitButton testId="operator.money.save" pending={save.isPending}>
            {t('op_settings_save')}
          </SubmitButton>
        )}
      </form>
    </section>
  );
}

/** The console's money panels (issue 8 item 10): shown to roles with money.read; deciding and saving need money.write. */
export default function OperatorMoneyPanels({ canWrite, canControl, operatorUsername }: { canWrite: boolean; canControl: boolean; operatorUsername: string }) {
  const ready = useAreaTexts('money', 'deposit');
  if (!ready) return <span className="spinner" aria-busy="true" />;
  return (
    <>
      <OperatorDeposits canWrite={canWrite} operatorUsername={operatorUsername} />
      <OperatorAdjustments canWrite={canWrite} canControl={canControl} operatorUsername={operatorUsername} />
      <OperatorMoneySettings canWrite={canWrite} canControl={canControl} />
    </>
  );
}
