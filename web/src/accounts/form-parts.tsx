import type { ReactNode } from 'react';
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

/** A form's primary submit button; while pending it shows a spinner and is busy (docs/rules/accounts.md#a-11: no double submit). */
export function SubmitButton({ testId, pending, disabled = pending, children }: { testId: string; pending: boolean; disabled?: boolean; children: ReactNode }) {
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
export function FormError({ testId, message }: { testId: string; message: string | null | undefined }) {
  const { t } = useTranslation();
  return message ? (
    <p className="form__error" role="alert" data-testid={testId}>
      {t(message)}
    </p>
  ) : null;
}

/** The new password and its confirmation (docs/rules/accounts.md#a-11: 'inconsistent twice'), each with its message below. */
export function NewPasswordFields({
  testIds,
  newPassword,
  confirmPassword,
  onNewPassword,
  onConfirmPassword,
  newPasswordError,
  confirmPasswordError,
}: {
  testIds: { newPassword: string; confirmPassword: string };
  newPassword: string;
  confirmPassword: string;
  onNewPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
  newPasswordError: ReactNode;
  confirmPasswordError: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('new_password')}>
        <input
          className="input"
          type="password"
          autoComplete="new-password"
          data-testid={testIds.newPassword}
          value={newPassword}
          maxLength={128}
          onChange={(e) => onNewPassword(e.target.value)}
        />
        {newPasswordError}
      </Field>
      <Field label={t('confirm_password')}>
        <input
          className="input"
          type="password"
          autoComplete="new-password"
          data-testid={testIds.confirmPassword}
          value={confirmPassword}
          maxLength={128}
          onChange={(e) => onConfirmPassword(e.target.value)}
        />
        {confirmPasswordError}
      </Field>
    </>
  );
}
