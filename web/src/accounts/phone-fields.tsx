import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSmsRequest } from '@wl/flows/sms/sms-countdown.machine';
import { CountrySelect } from './countries.tsx';
import { FieldAlert, InputRowField, type TInputFieldProps } from './form-parts.tsx';
import { SmsSendButton, type TSmsSent } from './sms-send-button.tsx';

/**
 * A mobile number after its dialing-code select, in one label that names only the select: the
 * number carries the label as its own name. Any input attribute given overrides the phone defaults.
 */
export function MobileField({
  countryTestId,
  country,
  onCountry,
  ...input
}: TInputFieldProps & { label: string; countryTestId: string; country: string; onCountry: (code: string) => void }) {
  const { t } = useTranslation();
  return (
    <InputRowField
      aria-label={input.label}
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={15}
      before={<CountrySelect testId={countryTestId} value={country} onChange={onCountry} label={t('country_code')} />}
      {...input}
    />
  );
}

/** A one-time code, with what sends it (a countdown button) after it; any input attribute given overrides the code defaults. */
export function CodeField(props: TInputFieldProps & { after?: ReactNode }) {
  return <InputRowField inputMode="numeric" autoComplete="one-time-code" maxLength={8} {...props} />;
}

/**
 * The mobile number and the SMS code sent to it (login by SMS, reset by mobile), with the send
 * button's failure under the code. Test ids: `<prefix>.country`, `.mobile`, `.code`, `.send-code`, `.sms-error`.
 */
export function MobileCodeFields({
  prefix,
  country,
  onCountry,
  mobile,
  onMobile,
  code,
  onCode,
  send,
  mobilePlaceholder,
  mobileError,
  codeError,
}: {
  prefix: string;
  country: string;
  onCountry: (code: string) => void;
  mobile: string;
  onMobile: (value: string) => void;
  code: string;
  onCode: (value: string) => void;
  send: (request: TSmsRequest) => Promise<TSmsSent>;
  mobilePlaceholder?: string;
  mobileError: ReactNode;
  codeError: ReactNode;
}) {
  const { t } = useTranslation();
  const [smsError, setSmsError] = useState<string | null>(null);
  return (
    <>
      <MobileField
        label={t('mobile_number')}
        countryTestId={`${prefix}.country`}
        country={country}
        onCountry={onCountry}
        testId={`${prefix}.mobile`}
        value={mobile}
        onValue={onMobile}
        placeholder={mobilePlaceholder}
      >
        {mobileError}
      </MobileField>
      <CodeField
        label={t('verification_code')}
        testId={`${prefix}.code`}
        value={code}
        onValue={onCode}
        after={
          <SmsSendButton
            testId={`${prefix}.send-code`}
            request={() => ({ mobileNum: mobile, countryDialingCode: country })}
            send={send}
            onError={setSmsError}
          />
        }
      >
        {codeError}
        <FieldAlert testId={`${prefix}.sms-error`} message={smsError} />
      </CodeField>
    </>
  );
}
