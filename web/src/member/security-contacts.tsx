import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import type { TContactChannel } from '@wl/schemas/wps/contact-calls';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { DEFAULT_DIALING_CODE } from '../accounts/countries.tsx';
import { FormSubmit, InputRowField, PasswordField } from '../accounts/form-parts.tsx';
import { CodeField, MobileField } from '../accounts/phone-fields.tsx';
import { SmsSendButton } from '../accounts/sms-send-button.tsx';
import { useStepUpMutation } from '../accounts/step-up-dialog.tsx';

/**
 * Binds a new mobile number or email address (docs/0033): a code goes to the new address, the
 * member types it back; replacing a bound address also asks for the login password, and a first
 * binding asks for it in the step-up dialog when the server wants it (docs/0068).
 */
function BindForm({ channel, replacing, onDone }: { channel: TContactChannel; replacing: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [country, setCountry] = useState<string>(DEFAULT_DIALING_CODE);
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const sendCode = useMutation(trpc.security.sendBindCode.mutationOptions());
  const { mutation: bind, dialog } = useStepUpMutation(trpc.security.bindContact.mutationOptions({ onSuccess: onDone }));
  const target = () => (channel === 'mobile' ? { channel, countryDialingCode: country, mobileNum: address.trim() } : { channel, email: address.trim() });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    bind.mutate({ ...target(), code: code.trim(), ...(replacing ? { password } : {}) });
  };
  // The countdown button checks only that something was typed; for email its message says so.
  const onSendError = (key: string | null) => setSendError(key === 'phone_enter_valid' && channel === 'email' ? 'email_enter_valid' : key);
  const error = bind.error ? errorKey(bind.error) : sendError;
  return (
    <>
      <form className="form" onSubmit={submit} noValidate data-testid={`security.bind-${channel}`}>
        {channel === 'mobile' ? (
          <MobileField
            label={t('sec_new_mobile')}
            countryTestId="security.bind-country"
            country={country}
            onCountry={setCountry}
            testId="security.bind-address"
            type="text"
            value={address}
            onValue={setAddress}
          />
        ) : (
          <InputRowField
            label={t('sec_new_email')}
            aria-label={t('sec_new_email')}
            testId="security.bind-address"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={50}
            value={address}
            onValue={setAddress}
          />
        )}
        <CodeField
          label={t(channel === 'mobile' ? 'verification_code' : 'sec_email_code')}
          testId="security.bind-code"
          maxLength={6}
          value={code}
          onValue={setCode}
          after={
            <SmsSendButton
              testId="security.bind-send"
              request={() => ({ mobileNum: address.trim(), countryDialingCode: country })}
              send={() => sendCode.mutateAsync(target())}
              onError={onSendError}
            />
          }
        />
        {replacing && <PasswordField label={t('sec_login_password')} testId="security.bind-password" value={password} onValue={setPassword} />}
        <FormSubmit errorTestId="security.bind-error" error={error ? t(error) : null} testId="security.bind-save" pending={bind.isPending}>
          {t('sec_bind_save')}
        </FormSubmit>
      </form>
      {dialog}
    </>
  );
}

/** Bound mobile and email (masked), each with a bind or change form that opens on demand. */
export function ContactsCard({ maskedMobile, maskedEmail, onChanged }: { maskedMobile: string | null; maskedEmail: string | null; onChanged: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<TContactChannel | null>(null);
  const [saved, setSaved] = useState<TContactChannel | null>(null);
  const rows: { channel: TContactChannel; masked: string | null }[] = [
    { channel: 'mobile', masked: maskedMobile },
    { channel: 'email', masked: maskedEmail },
  ];
  return (
    <section className="card" data-testid="security.contacts">
      <h2>{t('sec_contacts_title')}</h2>
      {rows.map(({ channel, masked }) => (
        <div key={channel} className="contact-row">
          <p className="contact-row__line">
            <span>{t(channel === 'mobile' ? 'sec_mobile' : 'sec_email')}</span>
            <span className="contact-row__value" data-testid={`security.${channel}-value`}>
              {masked === null ? t('sec_none') : <span translate="no">{masked}</span>}
            </span>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid={`security.${channel}-open`}
              aria-expanded={open === channel}
              onClick={() => {
                setSaved(null);
                setOpen(open === channel ? null : channel);
              }}
            >
              {t(masked === null ? 'sec_bind' : 'sec_change')}
            </button>
          </p>
          {saved === channel && (
            <p className="form__success" role="status" data-testid={`security.${channel}-saved`}>
              {t('sec_saved')}
            </p>
          )}
          {open === channel && (
            <BindForm
              channel={channel}
              replacing={masked !== null}
              onDone={() => {
                setOpen(null);
                setSaved(channel);
                onChanged();
              }}
            />
          )}
        </div>
      ))}
    </section>
  );
}
