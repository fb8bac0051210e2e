import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_LIMIT_PERIODS } from '@wl/schemas/domain/protection';
import { errorKey } from '../api/trpc.ts';
import { FieldAlert, TextInput } from '../accounts/form-parts.tsx';
import { RestrictedBanner, useExclusion } from './exclusion-parts.tsx';
import { DepositRoomNote, parseLimitInput, ProtectionLink, useProtection } from './protection-parts.tsx';
import '../styles/protection.css';

type TPeriod = (typeof DEPOSIT_LIMIT_PERIODS)[number]['kind'];

/**
 * Before the member's first deposit (docs/0102): would it like a deposit limit? A limit set here
 * applies at once; the answer (set or skipped) is recorded and the prompt goes.
 */
function FirstDepositPrompt({ protection }: { protection: ReturnType<typeof useProtection> }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<TPeriod>('deposit_24h');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = protection.set.isPending || protection.prompt.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = parseLimitInput(period, typed);
    if (value === null) return setProblem('rg_value_invalid');
    setProblem(null);
    protection.set.mutate({ kind: period, value }, { onSuccess: () => protection.prompt.mutate('set'), onError: (err) => setProblem(errorKey(err)) });
  };
  return (
    <form className="protection__prompt" noValidate onSubmit={submit} data-testid="deposit.protection-prompt" aria-labelledby="rg-prompt">
      <h3 id="rg-prompt">{t('rg_prompt_title')}</h3>
      <p className="rewards__note">{t('rg_prompt_text')}</p>
      <fieldset className="protection__head">
        <legend className="field__label">{t('rg_prompt_period')}</legend>
        {DEPOSIT_LIMIT_PERIODS.map((p) => (
          <label key={p.kind} className="money__channel">
            <input type="radio" name="rg-period" value={p.kind} checked={period === p.kind} onChange={() => setPeriod(p.kind)} />
            <span>{t(`rg_kind_${p.kind}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span className="field__label">{t('rg_new_value')}</span>
        <TextInput
          testId="deposit.protection-amount"
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          value={typed}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'rg-prompt-error' : undefined}
          onValue={setTyped}
        />
      </label>
      <FieldAlert id="rg-prompt-error" testId="deposit.protection-error" message={problem} />
      <div className="protection__actions">
        <button type="submit" className="btn" data-testid="deposit.protection-set" disabled={busy}>
          {t('rg_prompt_set')}
        </button>
        <button type="button" className="btn btn--ghost" data-testid="deposit.protection-skip" disabled={busy} onClick={() => protection.prompt.mutate('skip')}>
          {t('rg_prompt_skip')}
        </button>
      </div>
    </form>
  );
}

/**
 * The deposit page's protection part around `children` (the form): before the first deposit the
 * prompt above it (the form stays usable: the prompt asks, it does not stand in the way), else the
 * room the member's deposit limits leave; the link to them below.
 */
export function DepositProtection({ children }: { children: ReactNode }) {
  const protection = useProtection();
  const s = protection.status.data;
  // A closed account (time-out, self-exclusion: docs/0105) deposits nothing: the banner instead of the form.
  const closed = useExclusion().status.data?.exclusion ?? null;
  if (closed) {
    return (
      <>
        <RestrictedBanner exclusion={closed} />
        <ProtectionLink />
      </>
    );
  }
  return (
    <>
      {s?.promptDue ? <FirstDepositPrompt protection={protection} /> : s && <DepositRoomNote room={s.deposit} />}
      {children}
      <ProtectionLink />
    </>
  );
}
