import { useCallback, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessage, type TFieldMessage } from './field-message.ts';

/** A labelled form field: the label text, then the control(s) and any field message given as children. */
export function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      {children}
    </label>
  );
}

type TTextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'value' | 'onChange' | 'children'> & {
  testId: string;
  value: string;
  /** Gets what was typed. */
  onValue: (value: string) => void;
};

/** The house text input: the `input` class, its test id, and the typed text handed to `onValue`; any other input attribute passes through. */
export function TextInput({ testId, value, onValue, ...input }: TTextInputProps) {
  return <input className="input" data-testid={testId} value={value} onChange={(e) => onValue(e.target.value)} {...input} />;
}

/** The props of a labelled input: the input's, its label, and any message shown below it as children. */
export type TInputFieldProps = TTextInputProps & { label: ReactNode; children?: ReactNode };

/** A labelled text input with its messages below (see TextInput for the input). */
export function InputField({ label, children, ...input }: TInputFieldProps) {
  return (
    <Field label={label}>
      <TextInput {...input} />
      {children}
    </Field>
  );
}

/** A labelled input in one row with what stands before it (a dialing code) or after it (a send-code button), its messages below. */
export function InputRowField({ label, before, after, children, ...input }: TInputFieldProps & { before?: ReactNode; after?: ReactNode }) {
  return (
    <Field label={label}>
      <span className="input-row">
        {before}
        <TextInput {...input} />
        {after}
      </span>
      {children}
    </Field>
  );
}

/** A labelled password input of at most 128 characters: the member's current one unless `autoComplete` says new-password or off. */
export function PasswordField(props: Omit<TInputFieldProps, 'type'>) {
  return <InputField type="password" maxLength={128} autoComplete="current-password" {...props} />;
}

type TAlertProps = { testId?: string; message: string | null | undefined; params?: Record<string, unknown> };

/** A message key, translated with its params and announced when it appears; nothing when there is none. */
function Alert({ as: Tag, className, id, testId, message, params }: TAlertProps & { as: 'p' | 'span'; className: string; id?: string }) {
  const { t } = useTranslation();
  return message ? (
    <Tag className={className} id={id} role="alert" data-testid={testId}>
      {t(message, params ?? {})}
    </Tag>
  ) : null;
}

/** A field's own alert below its input (a failed SMS send, an amount out of limits); `id` lets the input point at it. */
export function FieldAlert(props: TAlertProps & { id?: string }) {
  return <Alert as="span" className="field__error" {...props} />;
}

/** The way to the other popup under an account form ("No account? Register"): an optional lead-in, then the link button. */
export function FormAlt({ text, testId, onClick, children }: { text?: string; testId: string; onClick: () => void; children: ReactNode }) {
  return (
    <p className="form__alt">
      {text && <>{text} </>}
      <button type="button" className="link-btn" data-testid={testId} onClick={onClick}>
        {children}
      </button>
    </p>
  );
}

/** A form's primary submit button; while pending it shows a spinner and is busy (docs/rules/accounts.md#a-11: no double submit). */
type TSubmitProps = { testId: string; pending: boolean; disabled?: boolean; children: ReactNode };

export function SubmitButton({ testId, pending, disabled = pending, children }: TSubmitProps) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="btn btn--primary btn--block" data-testid={testId} disabled={disabled} aria-busy={pending}>
      {pending ? <span className="spinner" aria-label={t('loading')} /> : children}
    </button>
  );
}

/** The captcha image as a refresh button, or a busy placeholder while no image is loaded yet. */
export function CaptchaImage({ image, testId, onRefresh, disabled }: { image: string | undefined; testId: string; onRefresh: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  if (!image) return <span className="captcha__image captcha__image--loading" aria-busy="true" />;
  return (
    <button type="button" className="captcha__image" title={t('captcha_refresh')} data-testid={`${testId}-refresh`} onClick={onRefresh} disabled={disabled}>
      <img src={image} alt={t('captcha')} width={110} height={40} data-testid={`${testId}-image`} />
    </button>
  );
}

/** The captcha answer box beside its image (login, agent login, human check); ids `<testId>`, `<testId>-image`, `<testId>-refresh`. */
export function CaptchaInput({
  testId,
  value,
  onChange,
  image,
  onRefresh,
  refreshDisabled,
}: {
  testId: string;
  value: string;
  onChange: (value: string) => void;
  image: string | undefined;
  onRefresh: () => void;
  refreshDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <span className="captcha">
      <input
        className="input"
        data-testid={testId}
        value={value}
        maxLength={16}
        autoComplete="off"
        placeholder={t('captcha_placeholder')}
        onChange={(e) => onChange(e.target.value)}
      />
      <CaptchaImage image={image} testId={testId} onRefresh={onRefresh} disabled={refreshDisabled} />
    </span>
  );
}

/** A row of tabs; each tab's test id is `<testIdPrefix>.<tab>`. */
export function TabBar<TTab extends string>({
  tabs,
  active,
  testIdPrefix,
  label,
  onSelect,
}: {
  tabs: readonly TTab[];
  active: TTab;
  testIdPrefix: string;
  label: (tab: TTab) => string;
  onSelect: (tab: TTab) => void;
}) {
  return (
    <div className="tabs" role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={active === tab}
          className={`tab${active === tab ? ' tab--active' : ''}`}
          data-testid={`${testIdPrefix}.${tab}`}
          onClick={() => onSelect(tab)}
        >
          {label(tab)}
        </button>
      ))}
    </div>
  );
}

/** A field's validation message (schemas rules or the gateway), translated with its numbers; nothing when there is none. */
export function FieldMessage({ testId, error }: { testId: string; error: TFieldMessage | null | undefined }) {
  const { t } = useTranslation();
  return error ? (
    <span className="field__error" data-testid={testId}>
      {fieldMessage(t, error)}
    </span>
  ) : null;
}

/** A form-level error (a translated message key) as an alert; nothing when there is none. */
export function FormError(props: TAlertProps) {
  return <Alert as="p" className="form__error" {...props} />;
}

/** A form's end: its error (see FormError, `errorTestId`), right above its submit button (see SubmitButton). */
export function FormSubmit({ error, errorTestId, ...submit }: TSubmitProps & { error: string | null | undefined; errorTestId: string }) {
  return (
    <>
      <FormError testId={errorTestId} message={error} />
      <SubmitButton {...submit} />
    </>
  );
}

/** The new password and its confirmation as typed, with `clear` for once they are saved. */
export function usePasswordPair() {
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const clear = useCallback(() => {
    setNewPassword('');
    setConfirmPassword('');
  }, []);
  return { newPassword, confirmPassword, setNewPassword, setConfirmPassword, clear };
}

type TPasswordPairNames = { newPassword: string; confirmPassword: string };

/**
 * A new password and its confirmation (docs/rules/accounts.md#a-11: 'inconsistent twice'; the login password unless
 * `labels` name another), each with its message below, test ids `<errorTestId>.newPassword` and `.confirmPassword`.
 */
export function NewPasswordFields({
  testIds,
  pair,
  labels,
  errors = {},
  errorTestId = '',
}: {
  testIds: TPasswordPairNames;
  pair: ReturnType<typeof usePasswordPair>;
  labels?: TPasswordPairNames;
  errors?: { newPassword?: TFieldMessage | null; confirmPassword?: TFieldMessage | null };
  errorTestId?: string;
}) {
  const { t } = useTranslation();
  const fields = [
    { name: 'newPassword', label: labels?.newPassword ?? t('new_password'), value: pair.newPassword, onValue: pair.setNewPassword },
    { name: 'confirmPassword', label: labels?.confirmPassword ?? t('confirm_password'), value: pair.confirmPassword, onValue: pair.setConfirmPassword },
  ] as const;
  return fields.map(({ name, label, value, onValue }) => (
    <PasswordField key={name} label={label} autoComplete="new-password" testId={testIds[name]} value={value} onValue={onValue}>
      <FieldMessage testId={`${errorTestId}.${name}`} error={errors[name]} />
    </PasswordField>
  ));
}
