import { useCallback, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { INVITATION_CODE_PATTERN } from '@wl/schemas/domain/agent-team';
import { REFERRAL_CODE_PATTERN } from '@wl/schemas/domain/referral-code';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { FlowError } from '@wl/flows/shared/flow-error';
import { registrationMachine, type TRegisterRequest } from '@wl/flows/registration/registration.machine';
import type { TSmsRequest } from '@wl/flows/sms/sms-countdown.machine';
import type { TFormField, TMemberInfo, TRegistrationField } from '@wl/schemas';
import {
  buildRegistrationSchema,
  firstFieldErrors,
  registrationRuleOf,
  ruleMessage,
  smsCodeRequired,
  type TFieldError,
  type TRegistrationMode,
} from '@wl/schemas/rules/validate-field';
import { asFlow, upstreamOf, type TUpstreamFieldError } from '../api/flow-errors.ts';
import { useTRPCClient } from '../api/trpc.ts';
import { CaptchaPrompt, type THumanAnswer } from '../accounts/captcha-prompt.tsx';
import { DEFAULT_DIALING_CODE } from '../accounts/countries.tsx';
import { CodeField, MobileField } from '../accounts/phone-fields.tsx';
import { fieldMessage, type TFieldMessage } from '../accounts/field-message.ts';
import { SmsSendButton, type TSmsSent } from '../accounts/sms-send-button.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useSignInOnce } from '../accounts/use-sign-in-once.ts';
import type { TLoginOutcome } from './login-actors.ts';
import { Modal } from './modal.tsx';
import { FieldAlert, FormAlt, FormSubmit, InputField, TabBar, type TInputFieldProps } from '../accounts/form-parts.tsx';

const SECRET: ReadonlySet<TRegistrationField> = new Set(['password', 'confirmPassword', 'paymentPassword']);
const LEADING: readonly TRegistrationField[] = ['username', 'password', 'confirmPassword', 'mobileNum', 'verificationCode'];

/** The fields a tab shows, in order: account fields first, then the rest as the server lists them (docs/rules/accounts.md#a-11). */
export function fieldsForTab(fields: readonly TFormField[], mode: TRegistrationMode, smsVerification: boolean): TRegistrationField[] {
  const present = new Set<TRegistrationField>(fields.map((f) => f.field));
  present.add('password');
  present.add('confirmPassword');
  if (mode === 'username') present.add('username');
  // The mobile tab registers by number: no username there.
  if (mode === 'mobile') present.delete('username');
  // The SMS code where the tab takes one (the mobile tab; the username tab only with REGMOBVERF3).
  if (smsCodeRequired(mode, smsVerification)) {
    present.add('mobileNum');
    present.add('verificationCode');
  } else {
    present.delete('verificationCode');
  }
  present.delete('captcha');
  const rest = fields.map((f) => f.field).filter((f) => !LEADING.includes(f) && present.has(f));
  return [...LEADING.filter((f) => present.has(f)), ...rest];
}

type TPrompt = { purpose: 'sms'; resolve: (a: THumanAnswer | null) => void } | null;

/** The referral code a link carries (`?ref=`), upper-cased, or null when there is none or it cannot be one. */
export function referralCodeOf(search: string): string | null {
  const code = (new URLSearchParams(search).get('ref') ?? '').trim().toUpperCase();
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}

/**
 * Register popup (docs/rules/accounts.md#a-18 Registration, docs/rules/accounts.md#a-11) on the flows' registrationMachine: username and mobile
 * tabs from ScreenConfig (mobile first with MOBILENUMREG3), fields and rules from the server checked
 * on input and on submit by the shared validators, each field's rule shown under it from the start
 * (docs/0053), terms (linked to the help centre's #term) and age (minAge), optional affiliate code
 * checked by a call, SMS code with countdown (mobile tab, or REGMOBVERF3; sending needs a captcha),
 * else one human check, register; success logs in and goes to /.
 */
export function RegisterModal({ onClose, onLogin, onSuccess }: { onClose: () => void; onLogin: () => void; onSuccess: () => void }) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const config = useScreenConfig();
  const form = config.forms.register;
  const outcome = useRef<Extract<TLoginOutcome, { kind: 'session' }> | null>(null);
  const country = useRef<string>(DEFAULT_DIALING_CODE);
  // A member's referral link (/register?ref=CODE, docs/0097) registers the friend with the referrer's code.
  const referral = useRef<string | null>(null);
  const hasReferralField = useRef(false);
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, TUpstreamFieldError>>({});
  const machine = useMemo(
    () =>
      registrationMachine.provide({
        actors: {
          checkAffiliate: fromPromise<{ valid: boolean }, { code: string }>(async ({ input }) => {
            const answer = await asFlow(() => client.account.checkAffiliate.query({ code: input.code }));
            return { valid: answer.valid };
          }),
          register: fromPromise<{ token: string }, TRegisterRequest>(async ({ input }) => {
            const { termsAccepted, ageConfirmed, ...values } = input.values;
            try {
              const answer: TLoginOutcome = await client.account.register.mutate({
                mode: input.mode,
                // A link's referral code goes along when the form has no field for it; a shown field
                // starts with the link's code and sends what it holds (docs/0115, docs/0097).
                values: referral.current && !hasReferralField.current ? { ...values, referralCode: referral.current } : values,
                countryDialingCode: country.current,
                termsAccepted,
                ageConfirmed,
                // The human check only where the tab has no SMS code (it was asked before the code was sent).
                ...(input.captchaId && input.captcha ? { captchaId: input.captchaId, captcha: input.captcha } : {}),
              });
              if (answer.kind !== 'session') throw new FlowError('error_unknown');
              outcome.current = answer;
              return { token: answer.token };
            } catch (err) {
              setServerFieldErrors(upstreamOf(err).fieldErrors ?? {});
              return asFlow(() => Promise.reject(err));
            }
          }),
          loadMember: fromPromise<TMemberInfo, { token: string }>(async () => {
            if (!outcome.current) throw new FlowError('error_unknown');
            return outcome.current.member;
          }),
        },
      }),
    [client],
  );
  const [state, send] = useMachine(machine, {
    input: { tabs: form.tabs, fields: form.fields, smsVerification: form.smsVerification, minAge: form.minAge },
  });
  const ctx = state.context;
  // An agent's invitation link (/register?code=…, docs/0051) fills the invitation code in.
  const { search } = useLocation();
  // Read once, as the invitation code is: the popup may move the address on before the submit.
  const [referralCode] = useState(() => referralCodeOf(search));
  referral.current = referralCode;
  hasReferralField.current = form.fields.some((f) => f.field === 'referralCode');
  const [values, setValues] = useState<Partial<Record<TRegistrationField, string>>>(() => {
    const code = new URLSearchParams(search).get('code') ?? '';
    const invitation = INVITATION_CODE_PATTERN.test(code) && form.fields.some((f) => f.field === 'affiliateCode') ? { affiliateCode: code } : {};
    return referralCode && hasReferralField.current ? { ...invitation, referralCode } : invitation;
  });
  const [termsAccepted, setTerms] = useState(false);
  const [ageConfirmed, setAge] = useState(false);
  const [countryCode, setCountryCode] = useState<string>(DEFAULT_DIALING_CODE);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [prompt, setPrompt] = useState<TPrompt>(null);
  const [smsError, setSmsError] = useState<string | null>(null);
  country.current = countryCode;

  const formValues = useMemo(() => ({ ...values, termsAccepted, ageConfirmed }), [values, termsAccepted, ageConfirmed]);
  // docs/rules/accounts.md#a-11 on input: the same schema as on submit (and on the server), shown for touched fields.
  const liveErrors = useMemo(() => {
    const schema = buildRegistrationSchema(form.fields, ctx.tab, { smsVerification: form.smsVerification, minAge: form.minAge });
    const result = schema.safeParse(formValues);
    return result.success ? {} : firstFieldErrors(result.error);
  }, [form, ctx.tab, formValues]);

  useSignInOnce(state.matches('done'), ctx.token, ctx.member ?? outcome.current?.member, onSuccess);

  const touch = (field: string) => setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field)));
  const setValue = (field: TRegistrationField, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    touch(field);
    setServerFieldErrors((prev) => {
      if (!(field in prev)) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  };
  const errorOf = (field: string): TFieldMessage | undefined =>
    serverFieldErrors[field] ?? (touched.has(field) ? (liveErrors[field] as TFieldError | undefined) : ctx.fieldErrors[field]);

  const sendRegisterSms = useCallback(
    async (request: TSmsRequest): Promise<TSmsSent> => {
      // The register SMS needs human verification first (docs/rules/accounts.md contract).
      const answer = await new Promise<THumanAnswer | null>((resolve) => setPrompt({ purpose: 'sms', resolve }));
      setPrompt(null);
      if (!answer) throw new FlowError('complete_verification_first');
      return client.session.sendSms.mutate({
        purpose: 'register',
        mobileNum: request.mobileNum,
        countryDialingCode: request.countryDialingCode ?? DEFAULT_DIALING_CODE,
        captchaId: answer.captchaId,
        captcha: answer.captcha,
      });
    },
    [client],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!state.matches('editing')) return;
    setTouched(new Set());
    setServerFieldErrors({});
    send({ type: 'register.submit', values: formValues });
  };

  const busy = state.matches('checkingAffiliate') || state.matches('registering') || state.matches('loadingMember');
  const fields = fieldsForTab(form.fields, ctx.tab, form.smsVerification);
  const requiredOf = (field: TRegistrationField) => form.fields.find((f) => f.field === field)?.required ?? ['password', 'confirmPassword'].includes(field);
  // docs/rules/accounts.md#a-11 rules shown before the first submit (docs/0053): the rule each field is checked with, as a
  // hint under it; its error takes the hint's place.
  const hintOf = (field: TRegistrationField): string | null => {
    const rule = registrationRuleOf(form.fields, field);
    if (field === 'confirmPassword') return t('reg_hint_confirmPassword');
    return rule ? fieldMessage(t, ruleMessage(rule)) : null;
  };
  const fieldErrorView = (field: string) => {
    const error = errorOf(field);
    if (!error) {
      const hint = field === 'termsAccepted' || field === 'ageConfirmed' ? null : hintOf(field as TRegistrationField);
      return hint ? (
        <span className="field__hint" id={`register-hint-${field}`} data-testid={`register.hint.${field}`}>
          {hint}
        </span>
      ) : null;
    }
    const message = field === 'termsAccepted' && error.key === 'not_empty' ? t('terms_not_accepted') : fieldMessage(t, error);
    return (
      <span className="field__error" data-testid={`register.error.${field}`}>
        {message}
      </span>
    );
  };

  // The two confirmations (docs/rules/accounts.md#a-19 terms and minimum age): a checkbox that counts as touched once changed, then its message.
  const confirmation = (field: 'termsAccepted' | 'ageConfirmed', testId: string, checked: boolean, set: (v: boolean) => void, label: ReactNode) => (
    <>
      <label className="check">
        <input
          type="checkbox"
          data-testid={testId}
          checked={checked}
          onChange={(e) => {
            set(e.target.checked);
            touch(field);
          }}
        />
        <span>{label}</span>
      </label>
      {fieldErrorView(field)}
    </>
  );
  const inputOf = (field: TRegistrationField): Omit<TInputFieldProps, 'label'> => ({
    testId: `register.field.${field}`,
    type: SECRET.has(field) ? 'password' : field === 'email' ? 'email' : 'text',
    inputMode: field === 'mobileNum' || field === 'verificationCode' ? 'numeric' : undefined,
    autoComplete: SECRET.has(field) ? 'new-password' : field === 'username' ? 'username' : 'off',
    value: values[field] ?? '',
    maxLength: 200,
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': !errorOf(field) && hintOf(field) ? `register-hint-${field}` : undefined,
    onValue: (value) => setValue(field, value),
    onBlur: () => touch(field),
  });

  const renderField = (field: TRegistrationField) => {
    if (field === 'mobileNum') {
      // The number sits after the country select in one label, which names only the select: the number is named too.
      return (
        <MobileField
          key={field}
          label={t('reg_field_mobileNum')}
          countryTestId="register.country"
          country={countryCode}
          onCountry={setCountryCode}
          {...inputOf(field)}
        >
          {fieldErrorView(field)}
        </MobileField>
      );
    }
    if (field === 'verificationCode') {
      return (
        <CodeField
          key={field}
          label={t('reg_field_verificationCode')}
          after={
            <SmsSendButton
              testId="register.send-code"
              request={() => ({ mobileNum: values.mobileNum ?? '', countryDialingCode: countryCode })}
              send={sendRegisterSms}
              onError={setSmsError}
            />
          }
          {...inputOf(field)}
        >
          {fieldErrorView(field)}
          <FieldAlert testId="register.sms-error" message={smsError} />
        </CodeField>
      );
    }
    return (
      <InputField
        key={field}
        label={
          <>
            {t(`reg_field_${field}`)}
            {!requiredOf(field) && <span className="field__optional"> ({t('optional')})</span>}
          </>
        }
        {...inputOf(field)}
      >
        {fieldErrorView(field)}
      </InputField>
    );
  };

  const humanStep = state.matches('humanVerification');
  return (
    <Modal testId="register.modal" title={t('register_title')} onClose={onClose} closeTestId="register.close">
      {prompt && <CaptchaPrompt intro={t('human_check_sms')} onAnswer={(a) => prompt.resolve(a)} onCancel={() => prompt.resolve(null)} />}
      {humanStep && !prompt && (
        <CaptchaPrompt
          intro={t('human_check_register')}
          onAnswer={(a) => send({ type: 'human.verified', ...a })}
          onCancel={() => send({ type: 'human.cancel' })}
        />
      )}
      <form className="form" onSubmit={submit} noValidate hidden={humanStep || prompt !== null}>
        {ctx.tabs.length > 0 && (
          <TabBar
            tabs={ctx.tabs}
            active={ctx.tab}
            testIdPrefix="register.tab"
            label={(tab) => t(`register_tab_${tab}`)}
            onSelect={(tab) => {
              setTouched(new Set());
              setServerFieldErrors({});
              send({ type: 'register.tab', tab });
            }}
          />
        )}
        {fields.map(renderField)}
        {confirmation(
          'termsAccepted',
          'register.terms',
          termsAccepted,
          setTerms,
          <>
            {t('terms_accept_before')} {/* A tab of its own, so the form keeps what was typed (docs/rules/content.md#c-12: /help#term). */}
            <a href="/help#term" target="_blank" rel="noopener" className="link-btn" data-testid="register.terms-link">
              {t('terms_link')}
            </a>{' '}
            {t('terms_accept_after')}
          </>,
        )}
        {confirmation('ageConfirmed', 'register.age', ageConfirmed, setAge, t('age_confirm', { min: form.minAge }))}
        <FormSubmit
          errorTestId="register.error"
          error={busy ? null : ctx.error}
          testId="register.submit"
          pending={busy}
          disabled={busy || ctx.tabs.length === 0}
        >
          {t('register')}
        </FormSubmit>
        {ctx.tabs.length === 0 && <p className="dialog__text">{t('register_closed')}</p>}
        <FormAlt text={t('have_account')} testId="register.login" onClick={onLogin}>
          {t('login')}
        </FormAlt>
      </form>
    </Modal>
  );
}
