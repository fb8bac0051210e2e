import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FirstLoginStep, ForcedChangeModal, SecondFactorStep } from '../accounts/login-steps.tsx';
import { useLoginFlow } from '../accounts/use-login-flow.ts';
import { useSettings } from '../app/settings-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useSession } from '../session/session-context.tsx';

/**
 * /agent (SPEC §2): the agent back office landing with its login form. The login runs with
 * agentPage: true, so the server refuses non-agents (error_not_agent) and no session is made;
 * agents go to /agentHome. An agent already signed in goes straight there.
 */
export default function AgentPage() {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const settings = useSettings();
  const session = useSession();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [empty, setEmpty] = useState(false);
  const [continued, setContinued] = useState(false);
  const onLoggedIn = useCallback(() => {
    setPassword('');
    navigate('/agentHome');
  }, [navigate]);
  const { state, send, side, continueFirstLogin } = useLoginFlow({ isAgentPage: true, onLoggedIn });
  const ctx = state.context;
  const needsCaptcha = state.matches('captchaRequired');
  const isPending = state.matches('submitting') || state.matches('loadingMember') || state.matches('signingOut');

  if (session.audience === 'agent' && state.matches('idle')) return <Navigate to="/agentHome" replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isPending) return;
    const missing = !username.trim() || !password.trim() || (needsCaptcha && !captcha.trim());
    setEmpty(missing);
    if (missing) return;
    send({ type: 'login.submit', username, password, ...(needsCaptcha ? { captcha, ...(ctx.captchaId ? { captchaId: ctx.captchaId } : {}) } : {}) });
  };

  let body;
  if (state.matches('forcedPasswordChange')) {
    body = <ForcedChangeModal onChanged={() => send({ type: 'password.changed' })} onCancel={() => send({ type: 'login.cancel' })} />;
  } else if (state.matches('secondFactor')) {
    body = (
      <SecondFactorStep
        methods={ctx.secondFactor?.methods ?? []}
        challengeId={ctx.secondFactor?.challengeId ?? ''}
        maskedMobile={side.maskedMobile}
        maskedEmail={side.maskedEmail}
        error={ctx.error}
        isVerifying={state.matches({ secondFactor: 'verifying' })}
        onSubmit={(submission) => send({ type: 'secondFactor.submit', ...submission })}
        onCancel={() => send({ type: 'login.cancel' })}
      />
    );
  } else if (state.matches('firstLogin')) {
    body = (
      <FirstLoginStep
        isPending={continued}
        onContinue={() => {
          setContinued(true);
          continueFirstLogin();
        }}
      />
    );
  } else {
    body = (
      <form className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">{t('username')}</span>
          <input className="input" data-testid="agent.username" autoComplete="username" value={username} maxLength={200} onChange={(e) => setUsername(e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">{t('password')}</span>
          <input className="input" type="password" data-testid="agent.password" autoComplete="current-password" value={password} maxLength={128} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {needsCaptcha && (
          <label className="field">
            <span className="field__label">{t('captcha')}</span>
            <span className="captcha">
              <input className="input" data-testid="agent.captcha" value={captcha} maxLength={16} autoComplete="off" onChange={(e) => setCaptcha(e.target.value)} />
              {ctx.captcha && (
                <button type="button" className="captcha__image" data-testid="agent.captcha-refresh" onClick={() => send({ type: 'captcha.refresh' })}>
                  <img src={ctx.captcha.image} alt={t('captcha')} width={110} height={40} data-testid="agent.captcha-image" />
                </button>
              )}
            </span>
          </label>
        )}
        {(empty || (ctx.error && !isPending)) && (
          <p className="form__error" role="alert" data-testid="agent.error">
            {t(empty ? 'not_empty' : (ctx.error ?? 'error_unknown'))}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" data-testid="agent.submit" disabled={isPending} aria-busy={isPending}>
          {isPending ? <span className="spinner" aria-label={t('loading')} /> : t('login')}
        </button>
      </form>
    );
  }

  return (
    <main className="agent-landing" data-testid="agent.page">
      <header className="agent-landing__head">
        <span className="header__logo-text">{config.merchant.name}</span>
        <div className="lang-switch" role="group" aria-label={t('language')}>
          <button type="button" data-testid="language.bn" aria-pressed={settings.language === 'bn'} className={settings.language === 'bn' ? 'is-active' : ''} onClick={() => settings.setLanguage('bn')}>
            বাং
          </button>
          <button type="button" data-testid="language.en" aria-pressed={settings.language === 'en'} className={settings.language === 'en' ? 'is-active' : ''} onClick={() => settings.setLanguage('en')}>
            EN
          </button>
        </div>
      </header>
      <section className="agent-landing__card">
        <h1 data-testid="agent.title">{t('agent_back_office')}</h1>
        <p className="dialog__text" data-testid="agent.support-hours">
          {t('agent_support_hours')}
        </p>
        {body}
      </section>
    </main>
  );
}
