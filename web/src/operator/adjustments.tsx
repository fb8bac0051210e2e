import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseAmountInput } from '@wl/schemas/domain/money';
import { Field, InputField, SubmitButton } from '../accounts/form-parts.tsx';
import { useTRPC } from '../api/trpc.ts';
import { formatMinor } from '../lib/numbers.ts';
import '../styles/money.css';
import '../styles/operator.css';
import { AdjustmentRow, SettingChangeRow } from './adjustment-rows.tsx';
import { newKey, refusalKey } from './parts.tsx';

/** The form's refusal line, shared with the queue's decisions. */
type TErrorLine = { error: string | null; setError: (key: string | null) => void };

/** Credit or debit a member with a reason; one key per attempt, renewed by any change. */
function AdjustmentForm({ line, onSettled }: { line: TErrorLine; onSettled: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [username, setUsername] = useState('');
  const [amount, setAmount] = useState('');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const [notice, setNotice] = useState<string | null>(null);
  const request = useMutation(
    trpc.operator.requestAdjustment.mutationOptions({
      onSuccess: (a) => {
        setNotice(a.status === 'applied' ? 'op_adjust_done_applied' : 'op_adjust_done_pending');
        setUsername('');
        setAmount('');
        setReason('');
        setKey(newKey());
      },
      onError: (err) => line.setError(refusalKey(err)),
      onSettled,
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const minor = parseAmountInput(amount);
    if (!username.trim() || !reason.trim()) return line.setError(!reason.trim() ? 'adjustment_reason_required' : 'not_empty');
    if (minor === null) return line.setError('amount_invalid');
    line.setError(null);
    request.mutate({ username: username.trim(), amountMinor: direction === 'credit' ? minor : -minor, reason: reason.trim(), key });
  };
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setKey(newKey());
      line.setError(null);
    };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="money__grid">
        <InputField label={t('op_adjust_username')} testId="operator.adjust.username" maxLength={64} value={username} onValue={changed(setUsername)} />
        <InputField label={t('money_amount')} testId="operator.adjust.amount" inputMode="decimal" maxLength={20} value={amount} onValue={changed(setAmount)} />
      </div>
      <fieldset className="money__channels">
        {(['credit', 'debit'] as const).map((d) => (
          <label key={d} className={`money__channel${direction === d ? ' is-active' : ''}`}>
            <input
              type="radio"
              name="adjust-direction"
              data-testid={`operator.adjust.${d}`}
              checked={direction === d}
              onChange={() => changed(setDirection)(d)}
            />
            <span>{t(`op_adjust_${d}`)}</span>
          </label>
        ))}
      </fieldset>
      <Field label={t('op_adjust_reason')}>
        <textarea
          className="input"
          data-testid="operator.adjust.reason"
          maxLength={500}
          rows={2}
          value={reason}
          onChange={(e) => changed(setReason)(e.target.value)}
        />
      </Field>
      {line.error && (
        <p className="form__error" role="alert" data-testid="operator.adjust.error">
          {t(line.error)}
        </p>
      )}
      {notice && (
        <p className="money__hint" role="status" data-testid="operator.adjust.notice">
          {t(notice)}
        </p>
      )}
      <SubmitButton testId="operator.adjust.submit" pending={request.isPending}>
        {t('op_adjust_submit')}
      </SubmitButton>
    </form>
  );
}

/**
 * Credit or debit a member with a reason; above the four-eyes amount, or above what one operator
 * may adjust alone in a day, it waits for a second operator. The same queue holds the changes of
 * the four-eyes limits and channels that wait for a second owner (docs/0066).
 */
export function OperatorAdjustments({ canWrite, canControl, operatorUsername }: { canWrite: boolean; canControl: boolean; operatorUsername: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery(trpc.operator.adjustments.queryOptions(undefined, { staleTime: 0 }));
  const [error, setError] = useState<string | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.operator.adjustments.queryKey() });
  const decide = useMutation(trpc.operator.decideAdjustment.mutationOptions({ onError: (err) => setError(refusalKey(err)), onSettled: refresh }));
  const decideSettings = useMutation(
    trpc.operator.decideMoneySettings.mutationOptions({
      onSuccess: (s) => qc.setQueryData(trpc.operator.moneySettings.queryKey(), s),
      onError: (err) => setError(refusalKey(err)),
      onSettled: refresh,
    }),
  );
  return (
    <section className="operator__section" data-testid="operator.adjustments">
      <h2>{t('op_adjust_title')}</h2>
      {list.data && <p className="money__hint">{t('op_adjust_four_eyes', { amount: formatMinor(list.data.fourEyesMinor, i18n.language) })}</p>}
      {canWrite && <AdjustmentForm line={{ error, setError }} onSettled={refresh} />}
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
