import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { validateConfirmation, validateField, type TFieldError } from '@wl/schemas/rules/validate-field';
import { errorKey, useTRPCClient } from '../api/trpc.ts';
import { usePasswordRule } from '../accounts/use-password-rule.ts';
import { useUi } from '../app/ui-context.tsx';
import { FormSubmit, NewPasswordFields, usePasswordPair } from '../accounts/form-parts.tsx';

/**
 * /resetPassword?token=… : the one-time link of the forgot-by-email mail (valid 30 minutes). The new
 * password follows the server's rule and its confirmation must match (docs/rules/accounts.md#a-11), the same shared
 * validators as registration; the token goes to the server once, never into storage.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const ui = useUi();
  const rule = usePasswordRule();
  const [params] = useSearchParams();
  const resetToken = params.get('token') ?? '';
  const passwords = usePasswordPair();
  const { newPassword, confirmPassword } = passwords;
  const [errors, setErrors] = useState<Record<string, TFieldError>>({});
  const [error, setError] = useState<string | null>(resetToken ? null : 'reset_link_invalid');
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || done) return;
    const next: Record<string, TFieldError> = {};
    const password = validateField(newPassword, rule, { required: true });
    const confirm = validateField(confirmPassword, rule, { required: true }) ?? validateConfirmation(confirmPassword, newPassword);
    if (password) next.newPassword = password;
    if (confirm) next.confirmPassword = confirm;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    if (!resetToken) {
      setError('reset_link_invalid');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await client.account.resetByLink.mutate({ resetToken, newPassword: newPassword.trim(), confirmPassword: confirmPassword.trim() });
      setDone(true);
      passwords.clear();
    } catch (err) {
      setError(errorKey(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="page-card" data-testid="reset.page">
      <h1>{t('reset_title')}</h1>
      {done ? (
        <div className="form">
          <p className="form__success" role="status" data-testid="reset.success">
            {t('reset_done')}
          </p>
          <button type="button" className="btn btn--primary" data-testid="reset.login" onClick={ui.openLogin}>
            {t('login')}
          </button>
        </div>
      ) : (
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <NewPasswordFields
            testIds={{ newPassword: 'reset.new-password', confirmPassword: 'reset.confirm-password' }}
            pair={passwords}
            errors={errors}
            errorTestId="reset.error"
          />
          <FormSubmit errorTestId="reset.error" error={error} testId="reset.submit" pending={pending}>
            {t('submit')}
          </FormSubmit>
          <Link to="/" className="link-btn">
            {t('back_home')}
          </Link>
        </form>
      )}
    </section>
  );
}
