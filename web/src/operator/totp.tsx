import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../api/trpc.ts';
import { QueryError } from '../layout/form-controls.tsx';
import { InputField } from '../accounts/form-parts.tsx';

/** The operator's own authenticator (docs/0010): set up, confirm with a code; from then on login asks for a code. */
export function OperatorTotp({ enabled, onEnabled }: { enabled: boolean; onEnabled: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const setup = useMutation(trpc.operator.totpSetup.mutationOptions());
  const enable = useMutation(trpc.operator.totpEnable.mutationOptions({ onSuccess: onEnabled }));
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    const ok = /^[0-9]{6}$/.test(code.trim());
    setInvalid(!ok);
    if (ok) enable.mutate({ code: code.trim() });
  };
  return (
    <section className="operator__section" data-testid="operator.totp">
      <h2>{t('operator_totp')}</h2>
      <p data-testid="operator.totp.status">{t(enabled ? 'operator_totp_on' : 'operator_totp_off')}</p>
      {!enabled && !setup.data && (
        <button type="button" className="btn btn--ghost btn--small" data-testid="operator.totp.start" disabled={setup.isPending} onClick={() => setup.mutate()}>
          {t('operator_totp_start')}
        </button>
      )}
      {!enabled && setup.data && (
        <form className="form" onSubmit={confirm} noValidate>
          <p>{t('operator_totp_secret')}</p>
          <code data-testid="operator.totp.secret">{setup.data.secret}</code>
          <InputField
            label={t('operator_totp_code')}
            inputMode="numeric"
            testId="operator.totp.code"
            value={code}
            maxLength={6}
            autoComplete="one-time-code"
            onValue={setCode}
          >
            {invalid && (
              <span className="field__error" role="alert">
                {t('operator_totp_code_invalid')}
              </span>
            )}
          </InputField>
          <button type="submit" className="btn btn--primary btn--small" data-testid="operator.totp.confirm" disabled={enable.isPending}>
            {t('operator_totp_confirm')}
          </button>
        </form>
      )}
      <QueryError error={setup.error ?? enable.error} />
    </section>
  );
}
