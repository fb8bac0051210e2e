import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaInput, Field, FormError, InputField, SubmitButton } from '../accounts/form-parts.tsx';

/** What a back-office login's fields hold: the typed username, password and captcha answer. */
export function useLoginCredentials() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  /** A field left blank (the captcha only when it is asked for): the login is not sent. */
  const isBlank = (needsCaptcha: boolean) => !username.trim() || !password.trim() || (needsCaptcha && !captcha.trim());
  return { username, setUsername, password, setPassword, captcha, setCaptcha, isBlank };
}
export type TLoginCredentials = ReturnType<typeof useLoginCredentials>;

/** The captcha the server asked for: its image and the refresh. */
export type TLoginCaptcha = { image: string | undefined; onRefresh: () => void };

/**
 * A back-office login's fields (/agent, the operator console): username, password, what the caller
 * adds after them (the operator's authenticator code), the captcha once asked for, the form's error
 * and the login button. Test ids `<prefix>.username`, `.password`, `.captcha`, `.error`, `.submit`.
 */
export function LoginFields({
  prefix,
  credentials: c,
  captcha,
  error,
  pending,
  children,
}: {
  prefix: string;
  credentials: TLoginCredentials;
  /** null until the server asks for a captcha. */
  captcha: TLoginCaptcha | null;
  error: string | null | undefined;
  pending: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <InputField label={t('username')} testId={`${prefix}.username`} autoComplete="username" value={c.username} maxLength={200} onValue={c.setUsername} />
      <InputField
        label={t('password')}
        type="password"
        testId={`${prefix}.password`}
        autoComplete="current-password"
        value={c.password}
        maxLength={128}
        onValue={c.setPassword}
      />
      {children}
      {captcha && (
        <Field label={t('captcha')}>
          <CaptchaInput testId={`${prefix}.captcha`} value={c.captcha} onChange={c.setCaptcha} image={captcha.image} onRefresh={captcha.onRefresh} />
        </Field>
      )}
      <FormError testId={`${prefix}.error`} message={error} />
      <SubmitButton testId={`${prefix}.submit`} pending={pending}>
        {t('login')}
      </SubmitButton>
    </>
  );
}
