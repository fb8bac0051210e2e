import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ForcedChangeModal, isLoginStep, LoginFlowStep } from '../accounts/login-steps.tsx';
import { useLoginFlow } from '../accounts/use-login-flow.ts';
import { LanguageSwitch } from '../layout/language-switch.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { LoginFields, useLoginCredentials } from '../forms/login-fields.tsx';

/**
 * /agent (docs/rules/agent.md#ag-1): the agent back office landing with its login form. The login runs with
 * agentPage: true, so the server refuses non-agents (error_not_agent) and no session is made;
 * agents go to /agentHome. An agent already signed in goes straight there.
 */
export default function AgentPage() {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const session = useSession();
  const navigate = useNavigate();
  const creds = useLoginCredentials();
  const { setPassword } = creds;
  const [empty, setEmpty] = useState(false);
  const onLoggedIn = useCallback(() => {
    setPassword('');
    navigate('/agentHome');
  }, [navigate, setPassword]);
  const flow = useLoginFlow({ isAgentPage: true, onLoggedIn });
  const { state, send } = flow;
  const ctx = state.context;
  const needsCaptcha = state.matches('captchaRequired');
  const isPending = state.matches('submitting') || state.matches('signingOut');

  if (session.audience === 'agent' && state.matches('idle')) return <Navigate to="/agentHome" replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isPending) return;
    const missing = creds.isBlank(needsCaptcha);
    setEmpty(missing);
    if (missing) return;
    const { username, password, captcha } = creds;
    send({ type: 'login.submit', username, password, ...(needsCaptcha ? { captcha, ...(ctx.captchaId ? { captchaId: ctx.captchaId } : {}) } : {}) });
  };

  let body;
  if (state.matches('forcedPasswordChange')) {
    body = <ForcedChangeModal onChanged={() => send({ type: 'password.changed' })} onCancel={() => send({ type: 'login.cancel' })} />;
  } else if (isLoginStep(state)) {
    body = <LoginFlowStep flow={flow} />;
  } else {
    body = (
      <form className="form" onSubmit={submit} noValidate>
        <LoginFields
          prefix="agent"
          credentials={creds}
          captcha={needsCaptcha ? { image: ctx.captcha?.image, onRefresh: () => send({ type: 'captcha.refresh' }) } : null}
          error={empty ? 'not_empty' : isPending ? null : ctx.error}
          pending={isPending}
        />
      </form>
    );
  }

  return (
    <main className="agent-landing" data-testid="agent.page">
      <header className="agent-landing__head">
        <span className="header__logo-text">{config.merchant.name}</span>
        <LanguageSwitch />
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
