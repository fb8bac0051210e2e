import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseAmountInput } from '@wl/schemas/domain/money';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { InputField } from '../accounts/form-parts.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { formatMinor } from '../lib/numbers.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/money.css';
import '../styles/operator.css';
import { refusalKey, SectionHead } from './parts.tsx';

type TKind = 'bonus' | 'cash';
const DAY_MS = 86_400_000;
/** A datetime-local value a week from now, in the browser's time. */
const inAWeek = () => new Date(Date.now() + 7 * DAY_MS - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const whole = (text: string) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : NaN);

/**
 * Bonus and cash codes (docs/0118): money.read lists them with their uses; money.write (owner,
 * finance) creates one: a bonus with its turnover multiple and days, or cash; an amount, a cap and
 * an expiry. The platform checks every value again and audits the creation.
 */
export default function OperatorRewardCodes({ canWrite }: { canWrite: boolean }) {
  const ready = useAreaTexts('promotions', 'money', 'deposit');
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const codes = useQuery(trpc.operator.rewardCodes.queryOptions(undefined, { staleTime: 0 }));
  const [d, setD] = useState({ code: '', kind: 'bonus' as TKind, amount: '', multiple: '10', days: '14', cap: '100', expiresAt: inAWeek() });
  const set = (k: keyof typeof d) => (v: string) => setD((x) => ({ ...x, [k]: v }));
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(
    trpc.operator.createRewardCode.mutationOptions({
      onSuccess: () => {
        setError(null);
        setD((x) => ({ ...x, code: '', amount: '' }));
      },
      onError: (err: unknown) => setError(refusalKey(err)),
      onSettled: () => void qc.invalidateQueries({ queryKey: trpc.operator.rewardCodes.queryKey() }),
    }),
  );
  if (!ready) return <span className="spinner" aria-busy="true" />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amountMinor = parseAmountInput(d.amount);
    const expires = new Date(d.expiresAt);
    if (amountMinor === null || amountMinor <= 0 || Number.isNaN(whole(d.cap)) || Number.isNaN(expires.getTime())) {
      setError('reward_code_form_invalid');
      return;
    }
    create.mutate({
      code: d.code,
      kind: d.kind,
      amountMinor,
      turnoverMultiple: d.kind === 'bonus' ? whole(d.multiple) : null,
      validDays: d.kind === 'bonus' ? whole(d.days) : null,
      cap: whole(d.cap),
      expiresAt: expires.toISOString(),
    });
  };
  const rows = codes.data?.rows ?? [];
  return (
    <section className="operator__section" data-testid="operator.reward-codes">
      <SectionHead title={t('reward_code_console_title')} testId="operator.reward-codes" refreshText={t('op_refresh')} onRefresh={() => void codes.refetch()} />
      {canWrite && (
        <form className="form" onSubmit={submit} noValidate data-testid="operator.reward-codes.form">
          <InputField
            label={t('reward_code_label')}
            testId="operator.reward-codes.code"
            maxLength={32}
            autoComplete="off"
            value={d.code}
            onValue={set('code')}
          />
          <label className="field">
            <span className="field__label">{t('reward_code_kind')}</span>
            <select className="input" data-testid="operator.reward-codes.kind" value={d.kind} onChange={(e) => set('kind')(e.target.value)}>
              <option value="bonus">{t('reward_code_kind_bonus')}</option>
              <option value="cash">{t('reward_code_kind_cash')}</option>
            </select>
          </label>
          <InputField
            label={t('reward_code_amount')}
            testId="operator.reward-codes.amount"
            inputMode="decimal"
            maxLength={20}
            value={d.amount}
            onValue={set('amount')}
          />
          {d.kind === 'bonus' && (
            <>
              <InputField
                label={t('reward_code_multiple')}
                testId="operator.reward-codes.multiple"
                inputMode="numeric"
                maxLength={2}
                value={d.multiple}
                onValue={set('multiple')}
              />
              <InputField
                label={t('reward_code_days')}
                testId="operator.reward-codes.days"
                inputMode="numeric"
                maxLength={2}
                value={d.days}
                onValue={set('days')}
              />
            </>
          )}
          <InputField label={t('reward_code_cap')} testId="operator.reward-codes.cap" inputMode="numeric" maxLength={7} value={d.cap} onValue={set('cap')} />
          <InputField
            label={t('reward_code_expires')}
            type="datetime-local"
            testId="operator.reward-codes.expires"
            value={d.expiresAt}
            onValue={set('expiresAt')}
          />
          <button type="submit" className="btn btn--primary" data-testid="operator.reward-codes.submit" disabled={create.isPending}>
            {t('reward_code_create')}
          </button>
        </form>
      )}
      {(error ?? codes.error) && (
        <p className="form__error" role="alert" data-testid="operator.reward-codes.error">
          {t(error ?? errorKey(codes.error))}
        </p>
      )}
      {codes.isSuccess && rows.length === 0 && <p className="no-data">{t('reward_code_none')}</p>}
      <ul className="money__list">
        {rows.map((r) => (
          <li key={r.id} className="money__row" data-testid="operator.reward-codes.item" data-code={r.code}>
            <strong translate="no">{r.code}</strong>
            <span>{t(`reward_code_kind_${r.kind}`)}</span>
            <span>{formatMinor(r.amountMinor, i18n.language)}</span>
            <span>{t('reward_code_uses', { used: r.used, cap: r.cap })}</span>
            <time dateTime={r.expiresAt}>{localDateTime(r.expiresAt, i18n.language)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}
