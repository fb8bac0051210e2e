import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { changePasswordMachine, type TChangePasswordRequest } from '@wl/flows/password/change-password.machine';
import { asFlow } from '../api/flow-errors.ts';
import { useTRPCClient } from '../api/trpc.ts';
import { usePasswordRule } from './use-password-rule.ts';
import { FieldMessage, FormError, NewPasswordFields, PasswordField, SubmitButton, usePasswordPair } from './form-parts.tsx';

/**
 * Change password (docs/rules/accounts.md#a-13) on the flows' changePasswordMachine: old password (unless the forced
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
  const passwords = usePasswordPair();
  const { newPassword, confirmPassword, clear } = passwords;
  const notified = useRef(false);
  const saving = state.matches('saving');
  const changed = state.matches('changed');

  useEffect(() => {
    if (changed && !notified.current) {
      notified.current = true;
      setOldPassword('');
      clear();
      onChanged();
    }
  }, [changed, onChanged, clear]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    send({ type: 'password.submit', ...(requireOldPassword ? { oldPassword } : {}), newPassword, confirmPassword });
  };
  const errors = state.context.fieldErrors;
  const fieldError = (field: string) => <FieldMessage testId={`change-password.error.${field}`} error={errors[field]} />;

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="change-password.form">
      {requireOldPassword && (
        <PasswordField label={t('old_password')} testId="change-password.old" value={oldPassword} onValue={setOldPassword}>
          {fieldError('oldPassword')}
        </PasswordField>
      )}
      <NewPasswordFields
        testIds={{ newPassword: 'change-password.new', confirmPassword: 'change-password.confirm' }}
        pair={passwords}
        errors={errors}
        errorTestId="change-password.error"
      />
      <FormError testId="change-password.error" message={saving ? null : state.context.error} />
      {changed && (
        <p className="form__success" role="status" data-testid="change-password.success">
          {t('password_changed')}
        </p>
      )}
      <SubmitButton testId="change-password.submit" pending={saving} disabled={saving || changed}>
        {t('change_password_submit')}
      </SubmitButton>
    </form>
  );
}
