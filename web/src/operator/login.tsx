import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InputField } from '../accounts/form-parts.tsx';
import { LoginFields, useLoginCredentials } from '../forms/login-fields.tsx';
import { captchaRequired, errorKey, useTRPC } from '../api/trpc.ts';
import { setOperatorToken } from '../session/session-storage.ts';

/** The operator's login: username and password, then a captcha after failures and the authenticator's code when set (docs/0010, docs/0067). */
export function OperatorLogin({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const creds = useLoginCredentials();
  const [totpCode, setTotpCode] = useState('');
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [needsTotp, setNeedsTotp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // After failures the platform asks for a captcha; an operator with an authenticator for a code.
  const captchaQuery = useQuery(trpc.session.captcha.queryOptions(undefined, { enabled: needsCaptcha, staleTime: 0, gcTime: 0 }));
  const login = useMutation(
    trpc.operator.login.mutationOptions({
      onSuccess: (r) => {
        setOperatorToken(r.token);
        creds.setPassword('');
        onDone();
      },
      onError: (e) => {
        const key = errorKey(e);
        setError(key);
        creds.setCaptcha('');
        if (key === 'error_operator_totp_required' || key === 'error_operator_totp_wrong') setNeedsTotp(true);
        if (captchaRequired(e)) {
          if (needsCaptcha) void captchaQuery.refetch();
          setNeedsCaptcha(true);
        }
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (creds.isBlank(needsCaptcha) || (needsTotp && !totpCode.trim())) {
      setError('not_empty');
      return;
    }
    setError(null);
    const captchaId = captchaQuery.data?.captchaId;
    login.mutate({
      username: creds.username.trim(),
      password: creds.password.trim(),
      ...(needsCaptcha && captchaId ? { captchaId, captcha: creds.captcha.trim() } : {}),
      ...(needsTotp ? { totpCode: totpCode.trim() } : {}),
    });
  };
  return (
    <form className="form operator__card" onSubmit={submit} noValidate>
      <h1>{t('operator_title')}</h1>
      <LoginFields
        prefix="operator"
        credentials={creds}
        captcha={needsCaptcha ? { image: captchaQuery.data?.image, onRefresh: () => void captchaQuery.refetch() } : null}
        error={error}
        pending={login.isPending}
      >
        {needsTotp && (
          <InputField
            label={t('operator_totp_code')}
            inputMode="numeric"
            testId="operator.totp-code"
            autoComplete="one-time-code"
            value={totpCode}
            maxLength={6}
            onValue={setTotpCode}
          />
        )}
      </LoginFields>
    </form>
  );
}
