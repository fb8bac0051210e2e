import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSmsRequest } from '@wl/flows/sms/sms-countdown.machine';
import { CountrySelect, DEFAULT_DIALING_CODE } from './countries.tsx';
import { FieldAlert, InputField, InputRowField, type TInputFieldProps } from './form-parts.tsx';
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

/**
 * A one-time code; where it can be sent, `after` holds what sends it (a countdown button) in one row
 * with it, even while that is empty. Any input attribute given overrides the code defaults.
 */
export function CodeField({ after, ...props }: TInputFieldProps & { after?: ReactNode }) {
  const code = { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 8 } as const;
  return after === undefined ? <InputField {...code} {...props} /> : <InputRowField {...code} after={after} {...props} />;
}

/** The dialing code, mobile number and SMS code as typed (login by SMS, reset by mobile). */
export function useMobileCode() {
  const [country, setCountry] = useState<string>(DEFAULT_DIALING_CODE);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  return { country, setCountry, mobile, setMobile, code, setCode };
}

/**
 * The mobile number and the SMS code sent to it (see useMobileCode), with the send button's failure
 * under the code. Test ids: `<prefix>.country`, `.mobile`, `.code`, `.send-code`, `.sms-error`.
 */
export function MobileCodeFields({
  prefix,
  phone,
  send,
  mobilePlaceholder,
  mobileError,
  codeError,
}: {
  prefix: string;
  phone: ReturnType<typeof useMobileCode>;
  send: (request: TSmsRequest) => Promise<TSmsSent>;
  mobilePlaceholder?: string;
  mobileError: ReactNode;
  codeError: ReactNode;
}) {
  const { t } = useTranslation();
  const [smsError, setSmsError] = useState<string | null>(null);
  const { country, mobile, code } = phone;
  return (
    <>
      <MobileField
        label={t('mobile_number')}
        countryTestId={`${prefix}.country`}
        country={country}
        onCountry={phone.setCountry}
        testId={`${prefix}.mobile`}
        value={mobile}
        onValue={phone.setMobile}
        placeholder={mobilePlaceholder}
      >
        {mobileError}
      </MobileField>
      <CodeField
        label={t('verification_code')}
        testId={`${prefix}.code`}
        value={code}
        onValue={phone.setCode}
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
