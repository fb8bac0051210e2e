import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { loginMachine } from '@wl/flows/login/login.machine';
import { useTRPCClient } from '../api/trpc.ts';
import { useSession } from '../session/session-context.tsx';
import { loginActors } from './login-actors.ts';
import { Modal } from './modal.tsx';

type TFieldErrors = { username?: string; password?: string; captcha?: string };

/**
 * Login popup (SPEC §4 Login, §5 validation) driven by the flows' loginMachine: username and
 * password trimmed and required, the captcha appears once the server asks for it (refresh at most
 * once a second, enforced by the machine). The password lives only in this component's state.
 */
export function LoginModal({ onClose, onRegister, onSuccess }: { onClose: () => void; onRegister: () => void; onSuccess: () => void }) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const session = useSession();
  const machine = useMemo(() => loginMachine.provide({ actors: loginActors(client) }), [client]);
  const [state, send] = useMachine(machine, { input: {} });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const done = useRef(false);

  const ctx = state.context;
  const needsCaptcha = state.matches('captchaRequired');
  const isPending = state.matches('submitting') || state.matches('loadingMember') || state.matches('firstLogin');
  // The change-password screen is the accounts release (issue 3); the session itself is valid.
  const isIn = state.matches('loggedIn') || state.matches('forcedPasswordChange');

  useEffect(() => {
    if (isIn && !done.current && ctx.token && ctx.member) {
      done.current = true;
      setPassword('');
      session.signIn(ctx.token, ctx.member);
      onSuccess();
    }
  }, [isIn, ctx.token, ctx.member, session, onSuccess]);

  useEffect(() => {
    if (needsCaptcha) setCaptcha('');
  }, [needsCaptcha, ctx.captcha]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errors: TFieldErrors = {};
    if (!username.trim()) errors.username = 'not_empty';
    if (!password.trim()) errors.password = 'not_empty';
    if (needsCaptcha && !captcha.trim()) errors.captcha = 'not_empty';
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0 || isPending) return;
    send({
      type: 'login.submit',
      username,
      password,
      ...(needsCaptcha ? { captcha, ...(ctx.captchaId ? { captchaId: ctx.captchaId } : {}) } : {}),
    });
  };
  const serverError = isPending ? null : ctx.error;
  const refreshCaptcha = () => send({ type: 'captcha.refresh' });
  const captchaImage = ctx.captcha?.image;

  return (
    <Modal testId="login.modal" title={t('login_title')} onClose={onClose} closeTestId="login.close" size="small">
      <form className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">{t('username')}</span>
          <input
            className="input"
            data-testid="login.username"
            autoComplete="username"
            value={username}
            maxLength={200}
            placeholder={t('username_placeholder')}
            aria-invalid={fieldErrors.username ? true : undefined}
            onChange={(e) => setUsername(e.target.value)}
          />
          {fieldErrors.username && <span className="field__error">{t(fieldErrors.username)}</span>}
        </label>
        <label className="field">
          <span className="field__label">{t('password')}</span>
          <input
            className="input"
            type="password"
            data-testid="login.password"
            autoComplete="current-password"
            value={password}
            maxLength={128}
            placeholder={t('password_placeholder')}
            aria-invalid={fieldErrors.password ? true : undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
          {fieldErrors.password && <span className="field__error">{t(fieldErrors.password)}</span>}
        </label>
        {needsCaptcha && (
          <label className="field">
            <span className="field__label">{t('captcha')}</span>
            <span className="captcha">
              <input
                className="input"
                data-testid="login.captcha"
                value={captcha}
                maxLength={16}
                autoComplete="off"
                placeholder={t('captcha_placeholder')}
                onChange={(e) => setCaptcha(e.target.value)}
              />
              {captchaImage ? (
                <button type="button" className="captcha__image" onClick={refreshCaptcha} title={t('captcha_refresh')} data-testid="login.captcha-refresh">
                  <img src={captchaImage} alt={t('captcha')} width={110} height={40} />
                </button>
              ) : (
                <span className="captcha__image captcha__image--loading" aria-busy="true" />
              )}
            </span>
            {fieldErrors.captcha && <span className="field__error">{t(fieldErrors.captcha)}</span>}
          </label>
        )}
        {serverError && (
          <p className="form__error" role="alert" data-testid="login.error">
            {t(serverError)}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" data-testid="login.submit" disabled={isPending} aria-busy={isPending}>
          {isPending ? <span className="spinner" aria-label={t('loading')} /> : t('login')}
        </button>
        <p className="form__alt">
          {t('no_account')}{' '}
          <button type="button" className="link-btn" onClick={onRegister}>
            {t('register')}
          </button>
        </p>
      </form>
    </Modal>
  );
}
