import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CaptchaInput, Field, FormError, SubmitButton } from '../accounts/form-parts.tsx';
import { captchaRequired, errorKey, useTRPC } from '../api/trpc.ts';
import { setOperatorToken } from '../session/session-storage.ts';

/** The operator's login: username and password, then a captcha after failures and the authenticator's code when set (docs/0010, docs/0067). */
export function OperatorLogin({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
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
        setPassword('');
        onDone();
      },
      onError: (e) => {
        const key = errorKey(e);
        setError(key);
        setCaptcha('');
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
    if (!username.trim() || !password.trim() || (needsCaptcha && !captcha.trim()) || (needsTotp && !totpCode.trim())) {
      setError('not_empty');
      return;
    }
    setError(null);
    const captchaId = captchaQuery.data?.captchaId;
    login.mutate({
      username: username.trim(),
      password: password.trim(),
      ...(needsCaptcha && captchaId ? { captchaId, captcha: captcha.trim() } : {}),
      ...(needsTotp ? { totpCode: totpCode.trim() } : {}),
    });
  };
  return (
    <form className="form operator__card" onSubmit={submit} noValidate>
      <h1>{t('operator_title')}</h1>
      <Field label={t('username')}>
        <input
          className="input"
          data-testid="operator.username"
          autoComplete="username"
          value={username}
          maxLength={200}
          onChange={(e) => setUsername(e.target.value)}
        />
      </Field>
      <Field label={t('password')}>
        <input
          className="input"
          type="password"
          data-testid="operator.password"
          autoComplete="current-password"
          value={password}
          maxLength={128}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      {needsTotp && (
        <Field label={t('operator_totp_code')}>
          <input
            className="input"
            inputMode="numeric"
            data-testid="operator.totp-code"
            autoComplete="one-time-code"
            value={totpCode}
            maxLength={6}
            onChange={(e) => setTotpCode(e.target.value)}
          />
        </Field>
      )}
      {needsCaptcha && (
        <Field label={t('captcha')}>
          <CaptchaInput
            testId="operator.captcha"
            value={captcha}
            onChange={setCaptcha}
            image={captchaQuery.data?.image}
            onRefresh={() => void captchaQuery.refetch()}
          />
        </Field>
      )}
      <FormError testId="operator.error" message={error} />
      <SubmitButton testId="operator.submit" pending={login.isPending}>
        {t('login')}
      </SubmitButton>
    </form>
  );
}
