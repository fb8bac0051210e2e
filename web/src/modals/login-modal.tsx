import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { TSmsRequest } from '@wl/flows/sms/sms-countdown.machine';
import { useTRPCClient } from '../api/trpc.ts';
import { ForcedChangeModal, isLoginStep, LoginFlowStep } from '../accounts/login-steps.tsx';
import { MobileCodeFields, useMobileCode } from '../accounts/phone-fields.tsx';
import { useLoginFlow } from '../accounts/use-login-flow.ts';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { forgetUsername, readRememberedUsername, rememberUsername } from '../session/remember-me.ts';
import { Modal } from './modal.tsx';
import { CaptchaInput, Field, FieldMessage, FormAlt, FormSubmit, InputField, PasswordField, TabBar } from '../accounts/form-parts.tsx';

type TTab = 'username' | 'sms';

// The previous login's notice (docs/0104): its own chunk, fetched only once a login succeeded.
const LastLoginNotice = lazy(() => import('../accounts/last-login-notice.tsx'));
type TFieldErrors = Partial<Record<'username' | 'password' | 'mobile' | 'code' | 'captcha', string>>;

/**
 * Login popup (docs/rules/accounts.md#a-2 Login, docs/rules/accounts.md#a-2 validation) driven by the flows' loginMachine: a username tab and,
 * with MOBILEVERCODELOGIN3 (`forms.login.smsLogin`), an SMS tab. Values are trimmed and required;
 * the captcha appears once the server asks (its image refreshes at most once a second, enforced by
 * the machine); a login from a new IP asks for a second factor; the forced change opens when the
 * server's login answer says so (mustChangePassword); a first login shows its step. Remember me
 * keeps the username only, and the typed password is dropped as soon as the server has answered.
 * Once logged in, the popup gives way to the previous login's notice (docs/rules/protection.md#p-14);
 * `onSuccess` runs when that notice closes.
 */
export function LoginModal({
  onClose,
  onRegister,
  onForgot,
  onSuccess,
}: {
  onClose: () => void;
  onRegister: () => void;
  onForgot: () => void;
  onSuccess: () => void;
}) {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const client = useTRPCClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [done, setDone] = useState(false);
  const smsLogin = config.forms.login.smsLogin;
  const [tab, setTab] = useState<TTab>('username');
  const [username, setUsername] = useState(() => readRememberedUsername() ?? '');
  const [password, setPassword] = useState('');
  const phone = useMobileCode();
  const { country: countryCode, mobile, code } = phone;
  const [captcha, setCaptcha] = useState('');
  const [rememberMe, setRememberMe] = useState(() => readRememberedUsername() !== null);
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});

  const onLoggedIn = useCallback(
    (redirect: string | null) => {
      setPassword('');
      if (rememberMe && tab === 'username') rememberUsername(username.trim());
      else if (!rememberMe) forgetUsername();
      setDone(true);
      // Off /login and /register at once (the notice stays over the page the member lands on).
      if (redirect) navigate(redirect);
      else if (pathname === '/login' || pathname === '/register') navigate('/', { replace: true });
    },
    [rememberMe, tab, username, pathname, navigate],
  );
  const flow = useLoginFlow({ isAgentPage: false, onLoggedIn });
  const { state, send, country, remember } = flow;
  country.current = countryCode;
  remember.current = rememberMe;

  const ctx = state.context;
  const needsCaptcha = state.matches('captchaRequired');
  const isPending = state.matches('submitting') || state.matches('signingOut');

  useEffect(() => {
    if (needsCaptcha) setCaptcha('');
  }, [needsCaptcha, ctx.captcha]);

  // Once the server has answered with a session or a challenge, the plaintext is not kept.
  const answered = ctx.token !== null || ctx.secondFactor !== null;
  useEffect(() => {
    if (answered) setPassword('');
  }, [answered]);

  const sendLoginSms = useCallback(
    (request: TSmsRequest) =>
      client.session.sendSms.mutate({ purpose: 'login', mobileNum: request.mobileNum, countryDialingCode: request.countryDialingCode ?? countryCode }),
    [client, countryCode],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isPending) return;
    const errors: TFieldErrors = {};
    if (tab === 'username') {
      if (!username.trim()) errors.username = 'not_empty';
      if (!password.trim()) errors.password = 'not_empty';
      if (needsCaptcha && !captcha.trim()) errors.captcha = 'not_empty';
    } else {
      // docs/rules/accounts.md#a-3 login by SMS: a mobile-format number and the code are required.
      if (!/^\d{6,15}$/.test(mobile.trim())) errors.mobile = mobile.trim() ? 'phone_invalid_format' : 'phone_enter_valid';
      if (!code.trim()) errors.code = 'verification_code_missing';
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    if (tab === 'sms') {
      send({ type: 'login.submit', loginType: 'sms', username: mobile, password: code });
      return;
    }
    send({
      type: 'login.submit',
      username,
      password,
      ...(needsCaptcha ? { captcha, ...(ctx.captchaId ? { captchaId: ctx.captchaId } : {}) } : {}),
    });
  };

  if (done) {
    return (
      <Suspense fallback={null}>
        <LastLoginNotice onClose={onSuccess} />
      </Suspense>
    );
  }
  if (state.matches('forcedPasswordChange')) {
    return <ForcedChangeModal onChanged={() => send({ type: 'password.changed' })} onCancel={() => send({ type: 'login.cancel' })} />;
  }

  const fieldError = (name: keyof TFieldErrors) => {
    const key = fieldErrors[name];
    return <FieldMessage testId={`login.error.${name}`} error={key ? { key } : null} />;
  };
  const serverError = isPending ? null : ctx.error;
  const captchaImage = ctx.captcha?.image;

  let body;
  if (isLoginStep(state)) {
    body = <LoginFlowStep flow={flow} />;
  } else if (state.matches('loggedIn')) {
    body = <div className="page-loading" aria-busy="true" />;
  } else {
    body = (
      <form className="form" onSubmit={submit} noValidate>
        {smsLogin && (
          <TabBar
            tabs={['username', 'sms'] as const}
            active={tab}
            testIdPrefix="login.tab"
            label={(name) => t(`login_tab_${name}`)}
            onSelect={(name) => {
              setTab(name);
              setFieldErrors({});
            }}
          />
        )}
        {tab === 'username' ? (
          <>
            <InputField
              label={t('username')}
              testId="login.username"
              autoComplete="username"
              value={username}
              maxLength={200}
              placeholder={t('username_placeholder')}
              aria-invalid={fieldErrors.username ? true : undefined}
              onValue={setUsername}
            >
              {fieldError('username')}
            </InputField>
            <PasswordField
              label={t('password')}
              testId="login.password"
              value={password}
              placeholder={t('password_placeholder')}
              aria-invalid={fieldErrors.password ? true : undefined}
              onValue={setPassword}
            >
              {fieldError('password')}
            </PasswordField>
            {needsCaptcha && (
              <Field label={t('captcha')}>
                <CaptchaInput
                  testId="login.captcha"
                  value={captcha}
                  onChange={setCaptcha}
                  image={captchaImage}
                  onRefresh={() => send({ type: 'captcha.refresh' })}
                  refreshDisabled={!state.matches({ captchaRequired: 'ready' })}
                />
                {fieldError('captcha')}
              </Field>
            )}
          </>
        ) : (
          <MobileCodeFields
            prefix="login"
            phone={phone}
            send={sendLoginSms}
            mobilePlaceholder={t('mobile_placeholder')}
            mobileError={fieldError('mobile')}
            codeError={fieldError('code')}
          />
        )}
        <div className="form__row">
          <label className="check">
            <input type="checkbox" data-testid="login.remember" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
            <span>{t('remember_me')}</span>
          </label>
          <button type="button" className="link-btn" data-testid="login.forgot" onClick={onForgot}>
            {t('forgot_password')}
          </button>
        </div>
        <FormSubmit errorTestId="login.error" error={serverError} testId="login.submit" pending={isPending}>
          {t('login')}
        </FormSubmit>
        <FormAlt text={t('no_account')} testId="login.register-link" onClick={onRegister}>
          {t('register')}
        </FormAlt>
      </form>
    );
  }

  return (
    <Modal testId="login.modal" title={t('login_title')} onClose={onClose} closeTestId="login.close" size="small">
      {body}
    </Modal>
  );
}
