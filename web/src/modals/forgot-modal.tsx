import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { FlowError } from '@wl/flows/shared/flow-error';
import { forgotPasswordMachine, type TForgotTab, type TResetByMobileRequest } from '@wl/flows/password/forgot-password.machine';
import type { TSmsRequest } from '@wl/flows/sms/sms-countdown.machine';
import type { TMemberInfo } from '@wl/schemas';
import { validateConfirmation, type TFieldError } from '@wl/schemas/rules/validate-field';
import { asFlow } from '../api/flow-errors.ts';
import { useTRPCClient } from '../api/trpc.ts';
import { DEFAULT_DIALING_CODE } from '../accounts/countries.tsx';
import { MobileCodeFields, useMobileCode } from '../accounts/phone-fields.tsx';
import { usePasswordRule } from '../accounts/use-password-rule.ts';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import type { TLoginOutcome } from './login-actors.ts';
import { useSignInOnce } from '../accounts/use-sign-in-once.ts';
import { Modal } from './modal.tsx';
import { FieldMessage, FormAlt, FormSubmit, InputField, NewPasswordFields, TabBar, usePasswordPair } from '../accounts/form-parts.tsx';

/**
 * Forgot password (docs/rules/accounts.md#a-15) on the flows' forgotPasswordMachine: the email tab sends a reset link
 * (answer in_been_out whether or not the account matches); the mobile tab (CHNGPASSVERIF3, then
 * the default) resets with an SMS code, logs in and goes to /. Tabs come from ScreenConfig.
 */
export function ForgotModal({ onClose, onLogin, onLoggedIn }: { onClose: () => void; onLogin: () => void; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const config = useScreenConfig();
  const passwordRule = usePasswordRule();
  const tabs = config.forms.forgotPassword.tabs as TForgotTab[];
  const outcome = useRef<Extract<TLoginOutcome, { kind: 'session' }> | null>(null);
  const country = useRef<string>(DEFAULT_DIALING_CODE);
  const confirm = useRef('');
  const machine = useMemo(
    () =>
      forgotPasswordMachine.provide({
        actors: {
          sendResetEmail: fromPromise<void, { username: string; email: string }>(async ({ input }) => {
            await asFlow(() => client.account.forgotByEmail.mutate(input));
          }),
          resetByMobile: fromPromise<void, TResetByMobileRequest>(async ({ input }) => {
            const answer = await asFlow<TLoginOutcome>(() =>
              client.account.resetByMobile.mutate({
                mobileNum: input.mobileNum,
                countryDialingCode: country.current,
                verificationCode: input.verificationCode,
                newPassword: input.newPassword,
                confirmPassword: confirm.current.trim(),
              }),
            );
            outcome.current = answer.kind === 'session' ? answer : null;
          }),
          // The reset answer is already a session (docs/rules/accounts.md contract): no second login call.
          autoLogin: fromPromise<{ token: string }, { mobileNum: string; password: string }>(async () => {
            if (!outcome.current) throw new FlowError('password_reset_login_again');
            return { token: outcome.current.token };
          }),
          loadMember: fromPromise<TMemberInfo, { token: string }>(async () => {
            if (!outcome.current) throw new FlowError('error_unknown');
            return outcome.current.member;
          }),
        },
      }),
    [client],
  );
  const [state, send] = useMachine(machine, { input: { tabs, passwordRule } });
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const phone = useMobileCode();
  const { country: countryCode, mobile, code } = phone;
  const passwords = usePasswordPair();
  const { newPassword, confirmPassword } = passwords;
  const [confirmError, setConfirmError] = useState<TFieldError | null>(null);
  country.current = countryCode;
  confirm.current = confirmPassword;
  const ctx = state.context;
  const busy = state.matches('sendingEmail') || state.matches('resetting') || state.matches('loggingIn') || state.matches('loadingMember');

  useSignInOnce(state.matches('loggedIn'), ctx.token, ctx.member ?? outcome.current?.member, onLoggedIn);

  const sendResetSms = useCallback(
    (request: TSmsRequest) =>
      client.session.sendSms.mutate({ purpose: 'reset', mobileNum: request.mobileNum, countryDialingCode: request.countryDialingCode ?? DEFAULT_DIALING_CODE }),
    [client],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (ctx.tab === 'email') {
      send({ type: 'forgot.submitEmail', username, email });
      return;
    }
    // docs/rules/accounts.md#a-11: the confirmation must equal the new password ('inconsistent twice').
    const mismatch = newPassword.trim() === '' ? null : validateConfirmation(confirmPassword, newPassword);
    setConfirmError(mismatch);
    if (mismatch) return;
    send({ type: 'forgot.submitMobile', mobileNum: mobile, verificationCode: code, newPassword });
  };
  const fieldError = (field: string, error: TFieldError | undefined | null) => <FieldMessage testId={`forgot.error.${field}`} error={error} />;

  const sent = state.matches('emailSent');
  return (
    <Modal testId="forgot.modal" title={t('forgot_title')} onClose={onClose} closeTestId="forgot.close" size="small">
      {sent ? (
        <div className="form">
          <p className="form__success" role="status" data-testid="forgot.success">
            {t('in_been_out')}
          </p>
          <button type="button" className="btn btn--primary btn--block" data-testid="forgot.back-to-login" onClick={onLogin}>
            {t('login')}
          </button>
        </div>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          {tabs.length > 1 && (
            <TabBar
              tabs={tabs}
              active={ctx.tab}
              testIdPrefix="forgot.tab"
              label={(tab) => t(`forgot_tab_${tab}`)}
              onSelect={(tab) => send({ type: 'forgot.tab', tab })}
            />
          )}
          {ctx.tab === 'email' ? (
            <>
              <InputField label={t('username')} testId="forgot.username" autoComplete="username" value={username} maxLength={200} onValue={setUsername}>
                {fieldError('username', ctx.fieldErrors.username)}
              </InputField>
              <InputField label={t('email')} type="email" testId="forgot.email" autoComplete="email" value={email} maxLength={254} onValue={setEmail}>
                {fieldError('email', ctx.fieldErrors.email)}
              </InputField>
            </>
          ) : (
            <>
              <MobileCodeFields
                prefix="forgot"
                phone={phone}
                send={sendResetSms}
                mobileError={fieldError('mobileNum', ctx.fieldErrors.mobileNum)}
                codeError={fieldError('verificationCode', ctx.fieldErrors.verificationCode)}
              />
              <NewPasswordFields
                testIds={{ newPassword: 'forgot.new-password', confirmPassword: 'forgot.confirm-password' }}
                pair={passwords}
                errors={{ newPassword: ctx.fieldErrors.newPassword, confirmPassword: confirmError }}
                errorTestId="forgot.error"
              />
            </>
          )}
          <FormSubmit errorTestId="forgot.error" error={busy ? null : ctx.error} testId="forgot.submit" pending={busy}>
            {t('submit')}
          </FormSubmit>
          <FormAlt testId="forgot.login-link" onClick={onLogin}>
            {t('back_to_login')}
          </FormAlt>
        </form>
      )}
    </Modal>
  );
}
