import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { FlowError } from '@wl/flows/shared/flow-error';
import { forgotPasswordMachine, type TForgotTab, type TResetByMobileRequest } from '@wl/flows/password/forgot-password.machine';
import type { TSmsRequest } from '@wl/flows/sms/sms-countdown.machine';
import { validateConfirmation, type TFieldError, type TMemberInfo } from '@wl/schemas';
import { asFlow } from '../api/flow-errors.ts';
import { useTRPCClient } from '../api/trpc.ts';
import { CountrySelect, DEFAULT_DIALING_CODE } from '../accounts/countries.tsx';
import { fieldMessage } from '../accounts/field-message.ts';
import { SmsSendButton } from '../accounts/sms-send-button.tsx';
import { usePasswordRule } from '../accounts/use-password-rule.ts';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import type { TLoginOutcome } from './login-actors.ts';
import { useSession } from '../session/session-context.tsx';
import { Modal } from './modal.tsx';

/**
 * Forgot password (SPEC §4) on the flows' forgotPasswordMachine: the email tab sends a reset link
 * (answer in_been_out whether or not the account matches); the mobile tab (CHNGPASSVERIF3, then
 * the default) resets with an SMS code, logs in and goes to /. Tabs come from ScreenConfig.
 */
export function ForgotModal({ onClose, onLogin, onLoggedIn }: { onClose: () => void; onLogin: () => void; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const config = useScreenConfig();
  const session = useSession();
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
          // The reset answer is already a session (issue 3 contract): no second login call.
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
  const [mobile, setMobile] = useState('');
  const [countryCode, setCountryCode] = useState<string>(DEFAULT_DIALING_CODE);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [confirmError, setConfirmError] = useState<TFieldError | null>(null);
  const [smsError, setSmsError] = useState<string | null>(null);
  country.current = countryCode;
  confirm.current = confirmPassword;
  const ctx = state.context;
  const busy = state.matches('sendingEmail') || state.matches('resetting') || state.matches('loggingIn') || state.matches('loadingMember');
  const done = useRef(false);

  useEffect(() => {
    if (state.matches('loggedIn') && !done.current && ctx.token) {
      done.current = true;
      const member = ctx.member ?? outcome.current?.member;
      if (member) session.signIn(ctx.token, member);
      onLoggedIn();
    }
  }, [state, ctx.token, ctx.member, session, onLoggedIn]);

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
    // SPEC §5: the confirmation must equal the new password ('inconsistent twice').
    const mismatch = newPassword.trim() === '' ? null : validateConfirmation(confirmPassword, newPassword);
    setConfirmError(mismatch);
    if (mismatch) return;
    send({ type: 'forgot.submitMobile', mobileNum: mobile, verificationCode: code, newPassword });
  };
  const fieldError = (field: string, error: TFieldError | undefined | null) =>
    error ? (
      <span className="field__error" data-testid={`forgot.error.${field}`}>
        {fieldMessage(t, error)}
      </span>
    ) : null;

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
            <div className="tabs" role="tablist">
              {tabs.map((tab) => (
                <button
                  key={tab}
                  type="button"
                  role="tab"
                  aria-selected={ctx.tab === tab}
                  className={`tab${ctx.tab === tab ? ' tab--active' : ''}`}
                  data-testid={`forgot.tab.${tab}`}
                  onClick={() => send({ type: 'forgot.tab', tab })}
                >
                  {t(`forgot_tab_${tab}`)}
                </button>
              ))}
            </div>
          )}
          {ctx.tab === 'email' ? (
            <>
              <label className="field">
                <span className="field__label">{t('username')}</span>
                <input className="input" data-testid="forgot.username" autoComplete="username" value={username} maxLength={200} onChange={(e) => setUsername(e.target.value)} />
                {fieldError('username', ctx.fieldErrors.username)}
              </label>
              <label className="field">
                <span className="field__label">{t('email')}</span>
                <input className="input" type="email" data-testid="forgot.email" autoComplete="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} />
                {fieldError('email', ctx.fieldErrors.email)}
              </label>
            </>
          ) : (
            <>
              <label className="field">
                <span className="field__label">{t('mobile_number')}</span>
                <span className="input-row">
                  <CountrySelect testId="forgot.country" value={countryCode} onChange={setCountryCode} label={t('country_code')} />
                  <input className="input" data-testid="forgot.mobile" inputMode="numeric" autoComplete="tel-national" value={mobile} maxLength={15} onChange={(e) => setMobile(e.target.value)} />
                </span>
                {fieldError('mobileNum', ctx.fieldErrors.mobileNum)}
              </label>
              <label className="field">
                <span className="field__label">{t('verification_code')}</span>
                <span className="input-row">
                  <input className="input" data-testid="forgot.code" inputMode="numeric" autoComplete="one-time-code" value={code} maxLength={8} onChange={(e) => setCode(e.target.value)} />
                  <SmsSendButton testId="forgot.send-code" request={() => ({ mobileNum: mobile, countryDialingCode: countryCode })} send={sendResetSms} onError={setSmsError} />
                </span>
                {fieldError('verificationCode', ctx.fieldErrors.verificationCode)}
                {smsError && (
                  <span className="field__error" role="alert" data-testid="forgot.sms-error">
                    {t(smsError)}
                  </span>
                )}
              </label>
              <label className="field">
                <span className="field__label">{t('new_password')}</span>
                <input className="input" type="password" data-testid="forgot.new-password" autoComplete="new-password" value={newPassword} maxLength={128} onChange={(e) => setNewPassword(e.target.value)} />
                {fieldError('newPassword', ctx.fieldErrors.newPassword)}
              </label>
              <label className="field">
                <span className="field__label">{t('confirm_password')}</span>
                <input className="input" type="password" data-testid="forgot.confirm-password" autoComplete="new-password" value={confirmPassword} maxLength={128} onChange={(e) => setConfirmPassword(e.target.value)} />
                {fieldError('confirmPassword', confirmError)}
              </label>
            </>
          )}
          {ctx.error && !busy && (
            <p className="form__error" role="alert" data-testid="forgot.error">
              {t(ctx.error)}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--block" data-testid="forgot.submit" disabled={busy} aria-busy={busy}>
            {busy ? <span className="spinner" aria-label={t('loading')} /> : t('submit')}
          </button>
          <p className="form__alt">
            <button type="button" className="link-btn" data-testid="forgot.login-link" onClick={onLogin}>
              {t('back_to_login')}
            </button>
          </p>
        </form>
      )}
    </Modal>
  );
}
