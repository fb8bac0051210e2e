import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaInput, Field, FormError, SubmitButton } from '../accounts/form-parts.tsx';
import { InputField } from './input-field.tsx';

/** The captcha the server asked for: the typed answer and the image with its refresh. */
export type TLoginCaptcha = { value: string; onValue: (value: string) => void; image: string | undefined; onRefresh: () => void };

/**
 * A back-office login's fields (/agent, the operator console): username, password, what the caller
 * adds after them (the operator's authenticator code), the captcha once asked for, the form's error
 * and the login button. Test ids `<prefix>.username`, `.password`, `.captcha`, `.error`, `.submit`.
 */
export function LoginFields({
  prefix,
  username,
  onUsername,
  password,
  onPassword,
  captcha,
  error,
  pending,
  children,
}: {
  prefix: string;
  username: string;
  onUsername: (value: string) => void;
  password: string;
  onPassword: (value: string) => void;
  /** null until the server asks for a captcha. */
  captcha: TLoginCaptcha | null;
  error: string | null | undefined;
  pending: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <InputField label={t('username')} testId={`${prefix}.username`} autoComplete="username" value={username} maxLength={200} onValue={onUsername} />
      <InputField
        label={t('password')}
        type="password"
        testId={`${prefix}.password`}
        autoComplete="current-password"
        value={password}
        maxLength={128}
        onValue={onPassword}
      />
      {children}
      {captcha && (
        <Field label={t('captcha')}>
          <CaptchaInput testId={`${prefix}.captcha`} value={captcha.value} onChange={captcha.onValue} image={captcha.image} onRefresh={captcha.onRefresh} />
        </Field>
      )}
      <FormError testId={`${prefix}.error`} message={error} />
      <SubmitButton testId={`${prefix}.submit`} pending={pending}>
        {t('login')}
      </SubmitButton>
    </>
  );
}
