import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TSecuritySettings } from '@wl/schemas';
import { asciiDigits } from '@wl/schemas/domain/digits';
import { useTRPC } from '../api/trpc.ts';
import '../styles/operator.css';
import { QueryError } from '../layout/form-controls.tsx';
import { AwaitingApproval } from './parts.tsx';

const SECURITY_FIELDS: readonly { key: keyof TSecuritySettings; max: number }[] = [
  { key: 'captchaAfterFailures', max: 100 },
  { key: 'lockAfterFailures', max: 100 },
  { key: 'lockWindowMinutes', max: 1440 },
  { key: 'lockMinutes', max: 1440 },
  { key: 'idleTimeoutMinutes', max: 1440 },
  { key: 'sessionLifetimeHours', max: 2160 },
];

const shownSettings = (settings: TSecuritySettings): Record<string, string> =>
  Object.fromEntries(SECURITY_FIELDS.map(({ key }) => [key, String(settings[key])]));

/** Whole number within 1..max, or null: the same bounds the server's schema enforces. */
export function parseThreshold(raw: string, max: number): number | null {
  const text = asciiDigits(raw.trim());
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= max ? n : null;
}

/**
 * Login security thresholds per merchant (docs/rules/operator.md: captcha and lock after failures,
 * idle timeout). A change waits for a second operator's approval (docs/0127): the form keeps the
 * values in force and says which draft holds the change.
 */
export function OperatorSecurity() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const current = useQuery(trpc.operator.security.queryOptions(undefined, { staleTime: 0 }));
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  // The thresholds are sensitive (docs/0127): the answer is the values in force and the draft the change waits in.
  const save = useMutation(
    trpc.operator.setSecurity.mutationOptions({
      onSuccess: ({ awaitingApproval: _draft, ...settings }) => {
        qc.setQueryData(trpc.operator.security.queryKey(), settings);
        setDraft(shownSettings(settings));
        void qc.invalidateQueries({ queryKey: trpc.operator.configDrafts.queryKey() });
      },
    }),
  );
  useEffect(() => {
    if (current.data) setDraft(shownSettings(current.data));
  }, [current.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values: Partial<TSecuritySettings> = {};
    const wrong = new Set<string>();
    for (const { key, max } of SECURITY_FIELDS) {
      const n = parseThreshold(draft[key] ?? '', max);
      if (n === null) wrong.add(key);
      else values[key] = n;
    }
    setInvalid(wrong);
    if (wrong.size === 0) save.mutate(values);
  };

  return (
    <form className="operator__section form" data-testid="operator.security" onSubmit={submit} noValidate>
      <h2>{t('operator_security')}</h2>
      <p className="operator__role">{t('operator_change_second_needed')}</p>
      {SECURITY_FIELDS.map(({ key, max }) => (
        <label key={key} className="field">
          <span className="field__label">{t(`operator_security_${key}`)}</span>
          <input
            className="input"
            inputMode="numeric"
            data-testid={`operator.security.${key}`}
            value={draft[key] ?? ''}
            maxLength={4}
            aria-invalid={invalid.has(key)}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
          />
          {invalid.has(key) && (
            <span className="field__error" role="alert" data-testid={`operator.security.error.${key}`}>
              {t('operator_security_range', { min: 1, max })}
            </span>
          )}
        </label>
      ))}
      <QueryError error={current.error ?? save.error} />
      {save.isSuccess && invalid.size === 0 && <AwaitingApproval testId="operator.security" draftId={save.data.awaitingApproval?.draftId ?? null} />}
      <button type="submit" className="btn btn--primary" data-testid="operator.security.save" disabled={save.isPending || !current.data}>
        {save.isPending ? <span className="spinner" /> : t('operator_security_save')}
      </button>
    </form>
  );
}
