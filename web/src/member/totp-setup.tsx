import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QR_SIZE } from '@wl/schemas/constants';
import { errorKey, useTRPCClient } from '../api/trpc.ts';
import { useQrImage } from '../lib/use-qr-image.ts';
import { FormError } from '../accounts/form-parts.tsx';
import { CodeField } from '../accounts/phone-fields.tsx';
import { useStepUp } from '../accounts/step-up-dialog.tsx';

/**
 * Authenticator app setup (docs/rules/accounts.md#a-7 second factor 'Google verification'): the server makes a secret,
 * the page shows it as a QR code (qrcode) and as text, and a first code from the app enables it.
 * Both steps need a fresh step-up (docs/0068): the dialog asks for the password, then the step is sent again.
 */
export function TotpSetup() {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const qr = useQrImage(setup?.otpauthUrl, QR_SIZE * 1.5);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [enabled, setEnabled] = useState(false);
  const stepUp = useStepUp();

  const run = async (call: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await call();
    } catch (err) {
      setError(errorKey(err));
    } finally {
      setPending(false);
    }
  };
  const start = () => run(async () => setSetup(await stepUp.wrap(() => client.account.totpSetup.mutate())()));
  const enable = () =>
    run(async () => {
      if (!/^\d{6}$/.test(code.trim())) throw new Error('second_factor_wrong');
      await stepUp.wrap(() => client.account.totpEnable.mutate({ code: code.trim() }))();
      setEnabled(true);
    });

  return (
    <section className="card" data-testid="security.totp">
      <h2>{t('totp_title')}</h2>
      <p className="dialog__text">{t('totp_intro')}</p>
      {enabled ? (
        <p className="form__success" role="status" data-testid="security.totp-success">
          {t('totp_enabled')}
        </p>
      ) : !setup ? (
        <button type="button" className="btn btn--primary" data-testid="security.totp-setup" disabled={pending} onClick={() => void start()}>
          {t('totp_setup')}
        </button>
      ) : (
        <div className="form">
          {qr ? (
            <img src={qr} alt={t('totp_qr_alt')} width={QR_SIZE * 1.5} height={QR_SIZE * 1.5} data-testid="security.totp-qr" />
          ) : (
            <span className="qr__placeholder" />
          )}
          <p className="dialog__text">
            {t('totp_secret')}: <code data-testid="security.totp-secret">{setup.secret}</code>
          </p>
          <CodeField label={t('second_factor_totp_code')} testId="security.totp-code" maxLength={6} value={code} onValue={setCode} />
          <button type="button" className="btn btn--primary" data-testid="security.totp-enable" disabled={pending} onClick={() => void enable()}>
            {t('totp_enable')}
          </button>
        </div>
      )}
      <FormError testId="security.totp-error" message={error} />
      {stepUp.dialog}
    </section>
  );
}
