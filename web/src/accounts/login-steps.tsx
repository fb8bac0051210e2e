import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSecondFactorMethod, TSecondFactorSubmission } from '@wl/flows/login/login.machine';
import { useTRPCClient } from '../api/trpc.ts';
import { Modal } from '../modals/modal.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { SmsSendButton } from './sms-send-button.tsx';
import { FormSubmit, TabBar } from './form-parts.tsx';
import { CodeField } from './phone-fields.tsx';
import type { useLoginFlow } from './use-login-flow.ts';

/**
 * Second factor of docs/rules/accounts.md#a-7 (login from a new IP): one of the methods the server offers, the
 * authenticator first when bound. Each is answered with a code (docs/0067): the authenticator's, or
 * one the platform sends to the bound mobile or e-mail, shown masked; nothing is typed from memory.
 */
export function SecondFactorStep({
  methods,
  challengeId,
  maskedMobile,
  maskedEmail,
  error,
  isVerifying,
  onSubmit,
  onCancel,
}: {
  methods: readonly TSecondFactorMethod[];
  challengeId: string;
  maskedMobile: string | null;
  maskedEmail: string | null;
  error: string | null;
  isVerifying: boolean;
  onSubmit: (submission: TSecondFactorSubmission) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const [method, setMethod] = useState<TSecondFactorMethod>(methods[0] ?? 'totp');
  const [code, setCode] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const sendCode = useCallback(
    () => (method === 'totp' ? Promise.reject(new Error('no code to send')) : client.session.sendSecondFactorCode.mutate({ challengeId, method })),
    [client, challengeId, method],
  );
  const choose = (m: TSecondFactorMethod) => {
    setMethod(m);
    setCode('');
    setSendError(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isVerifying) return;
    onSubmit({ method, code });
  };
  const address = method === 'mobile' ? maskedMobile : method === 'email' ? maskedEmail : null;
  const shown = error ?? sendError;

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="second-factor.step">
      <p className="dialog__text">{t('second_factor_intro')}</p>
      <TabBar tabs={methods} active={method} testIdPrefix="second-factor.method" label={(m) => t(`second_factor_method_${m}`)} onSelect={choose} />
      {method !== 'totp' && (
        <p className="dialog__text" data-testid="second-factor.address">
          {t(`second_factor_send_${method}`)} <strong translate="no">{address ?? ''}</strong>
        </p>
      )}
      <CodeField
        label={t(method === 'totp' ? 'second_factor_totp_code' : 'verification_code')}
        testId="second-factor.code"
        value={code}
        onValue={setCode}
        after={
          method !== 'totp' && (
            // The countdown button wants a target: the masked address stands for it; the code goes to the bound one.
            <SmsSendButton
              key={method}
              testId="second-factor.send-code"
              request={() => ({ mobileNum: address ?? method })}
              send={sendCode}
              onError={setSendError}
            />
          )
        }
      />
      <FormSubmit errorTestId="second-factor.error" error={isVerifying ? null : shown} testId="second-factor.submit" pending={isVerifying}>
        {t('second_factor_submit')}
      </FormSubmit>
      <button type="button" className="link-btn" data-testid="second-factor.cancel" onClick={onCancel}>
        {t('cancel')}
      </button>
    </form>
  );
}

/** docs/rules/accounts.md#a-9 first login: a welcome step the member acknowledges; the server then clears the flag. */
export function FirstLoginStep({ onContinue, isPending }: { onContinue: () => void; isPending: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="form" data-testid="first-login.step">
      <h3>{t('first_login_title')}</h3>
      <p className="dialog__text">{t('first_login_text')}</p>
      <button type="button" className="btn btn--primary btn--block" data-testid="first-login.continue" disabled={isPending} onClick={onContinue}>
        {t('first_login_continue')}
      </button>
    </div>
  );
}

type TLoginFlow = ReturnType<typeof useLoginFlow>;

/** Whether the login flow is on a step after the form: the second factor or the first-login welcome. */
export function isLoginStep(state: TLoginFlow['state']): boolean {
  return state.matches('secondFactor') || state.matches('firstLogin');
}

/** The login flow's step after the form (see isLoginStep), the same on the login popup and the agent page. */
export function LoginFlowStep({ flow }: { flow: Pick<TLoginFlow, 'state' | 'send' | 'side' | 'continueFirstLogin'> }) {
  const { state, send, side, continueFirstLogin } = flow;
  const [continued, setContinued] = useState(false);
  const ctx = state.context;
  if (state.matches('firstLogin')) {
    return (
      <FirstLoginStep
        isPending={continued}
        onContinue={() => {
          setContinued(true);
          continueFirstLogin();
        }}
      />
    );
  }
  if (!state.matches('secondFactor')) return null;
  return (
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
}

/**
 * docs/rules/accounts.md#a-13: the forced change-password modal after a login with 123456 or an expired password
 * (PWDEXPFORCECHANGE3). No old password: the server allows it on this fresh session only. Closing
 * it without changing signs the session out again.
 */
export function ForcedChangeModal({ onChanged, onCancel }: { onChanged: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal testId="change-password.modal" title={t('change_password_title')} onClose={onCancel} closeTestId="change-password.close" size="small">
      <p className="dialog__text" data-testid="change-password.reason">
        {t('change_password_forced')}
      </p>
      <ChangePasswordForm requireOldPassword={false} onChanged={onChanged} />
    </Modal>
  );
}
