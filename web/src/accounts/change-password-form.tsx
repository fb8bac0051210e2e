import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { changePasswordMachine, type TChangePasswordRequest } from '@wl/flows/password/change-password.machine';
import { asFlow } from '../api/flow-errors.ts';
import { useTRPCClient } from '../api/trpc.ts';
import { fieldMessage } from './field-message.ts';
import { usePasswordRule } from './use-password-rule.ts';

/**
 * Change password (SPEC §5) on the flows' changePasswordMachine: old password (unless the forced
 * change right after login), new password by the server's rule, confirmation equal. Used by the
 * forced modal and the security centre with the same `change-password.*` test ids.
 */
export function ChangePasswordForm({ requireOldPassword, onChanged }: { requireOldPassword: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const passwordRule = usePasswordRule();
  const machine = useMemo(
    () =>
      changePasswordMachine.provide({
        actors: {
          changePassword: fromPromise<void, TChangePasswordRequest>(async ({ input }) => {
            await asFlow(() =>
              client.account.changePassword.mutate({
                ...(input.oldPassword !== undefined ? { oldPassword: input.oldPassword } : {}),
                newPassword: input.newPassword,
                confirmPassword: input.confirmNewPassword,
              }),
            );
          }),
        },
      }),
    [client],
  );
  const [state, send] = useMachine(machine, { input: { requireOldPassword, passwordRule } });
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const notified = useRef(false);
  const saving = state.matches('saving');
  const changed = state.matches('changed');

  useEffect(() => {
    if (changed && !notified.current) {
      notified.current = true;
      setOldPassword('');
      setNewPassword('');
      setConfirmPassword('');
      onChanged();
    }
  }, [changed, onChanged]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    send({ type: 'password.submit', ...(requireOldPassword ? { oldPassword } : {}), newPassword, confirmPassword });
  };
  const errors = state.context.fieldErrors;
  const fieldError = (field: string) => {
    const error = errors[field];
    return error ? (
      <span className="field__error" data-testid={`change-password.error.${field}`}>
        {fieldMessage(t, error)}
      </span>
    ) : null;
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="change-password.form">
      {requireOldPassword && (
        <label className="field">
          <span className="field__label">{t('old_password')}</span>
          <input className="input" type="password" autoComplete="current-password" data-testid="change-password.old" value={oldPassword} maxLength={128} onChange={(e) => setOldPassword(e.target.value)} />
          {fieldError('oldPassword')}
        </label>
      )}
      <label className="field">
        <span className="field__label">{t('new_password')}</span>
        <input className="input" type="password" autoComplete="new-password" data-testid="change-password.new" value={newPassword} maxLength={128} onChange={(e) => setNewPassword(e.target.value)} />
        {fieldError('newPassword')}
      </label>
      <label className="field">
        <span className="field__label">{t('confirm_password')}</span>
        <input className="input" type="password" autoComplete="new-password" data-testid="change-password.confirm" value={confirmPassword} maxLength={128} onChange={(e) => setConfirmPassword(e.target.value)} />
        {fieldError('confirmPassword')}
      </label>
      {state.context.error && !saving && (
        <p className="form__error" role="alert" data-testid="change-password.error">
          {t(state.context.error)}
        </p>
      )}
      {changed && (
        <p className="form__success" role="status" data-testid="change-password.success">
          {t('password_changed')}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" data-testid="change-password.submit" disabled={saving || changed} aria-busy={saving}>
        {saving ? <span className="spinner" aria-label={t('loading')} /> : t('change_password_submit')}
      </button>
    </form>
  );
}
