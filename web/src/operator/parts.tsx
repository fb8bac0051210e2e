import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { inputIssuesOf } from '../api/flow-errors.ts';
import { errorKey } from '../api/trpc.ts';

/** The message of a refusal: the first field the server named, else its message key. */
export function refusalKey(err: unknown): string {
  return inputIssuesOf(err)[0]?.message ?? errorKey(err);
}

/** A filter form's draft (applied only on submit): the values and a setter per key. */
export function useDraft<T extends object>(initial: T | (() => T)) {
  const [draft, setDraft] = useState(initial);
  const set =
    <K extends keyof T>(key: K) =>
    (value: T[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  return [draft, set] as const;
}

/** A fresh key for one operator submission (a double click sends the same one). */
export const newKey = () => `op-${crypto.randomUUID()}`;

/** A labelled select of `[value, text]` options (the house `field` and `input` classes), handing the chosen value to `onValue`. */
export function SelectField<V extends string>({
  label,
  testId,
  value,
  options,
  onValue,
}: {
  label: string;
  testId?: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onValue: (value: V) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="input" data-testid={testId} value={value} onChange={(e) => onValue(e.target.value as V)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A panel's title with its refresh button (`<testId>.refresh`). */
export function SectionHead({ title, testId, refreshText, onRefresh }: { title: string; testId: string; refreshText: string; onRefresh: () => void }) {
  return (
    <div className="operator__head">
      <h2>{title}</h2>
      <button type="button" className="btn btn--ghost btn--small" data-testid={`${testId}.refresh`} onClick={onRefresh}>
        {refreshText}
      </button>
    </div>
  );
}

/**
 * What a setter of a sensitive setting answered (docs/0127): the draft its change waits in for a
 * second operator's approval (`<testId>.awaiting`), or that nothing changed (`<testId>.unchanged`).
 */
export function AwaitingApproval({ testId, draftId }: { testId: string; draftId: number | null }) {
  const { t } = useTranslation();
  return draftId === null ? (
    <p className="form__success" role="status" data-testid={`${testId}.unchanged`}>
      {t('operator_change_none')}
    </p>
  ) : (
    <p className="form__success" role="status" data-testid={`${testId}.awaiting`}>
      {t('operator_change_awaiting', { id: draftId })}
    </p>
  );
}

/**
 * A labelled on/off switch; it shows what the server holds (it flips once the change is confirmed).
 * `depth` indents a flag under its parent; `detailClass` is the games panel's own detail style.
 */
export function Switch({
  testId,
  label,
  detail,
  detailClass = 'switch-row__detail',
  code,
  checked,
  disabled,
  onChange,
  depth,
}: {
  testId?: string;
  label: string;
  detail?: string;
  detailClass?: string;
  code?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
  depth?: number;
}) {
  const style: CSSProperties | undefined = depth === undefined ? undefined : { paddingInlineStart: `${depth * 20 + 12}px` };
  return (
    <label className="switch-row" style={style}>
      <span className="switch-row__label">
        {label}
        {code && (
          <>
            {' '}
            <code className="switch-row__code" translate="no">
              {code}
            </code>
          </>
        )}
        {detail && <span className={detailClass}>{detail}</span>}
      </span>
      <input
        type="checkbox"
        role="switch"
        className="switch"
        data-testid={testId}
        checked={checked}
        disabled={disabled}
        aria-checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}

/** A button that shows an image inline from an authorised call (never a URL to the file): proofs, application images. */
export function AuthorisedImage({ load, label, testId }: { load: () => Promise<{ contentType: string; base64: string }>; label: string; testId: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = () =>
    void load().then(
      (p) => setSrc(`data:${p.contentType};base64,${p.base64}`),
      (err: unknown) => setError(errorKey(err)),
    );
  return (
    <span className="proof">
      <button type="button" className="link-btn" data-testid={testId} onClick={open}>
        {label}
      </button>
      {src && <img className="proof__image" src={src} alt={label} />}
      {error && <span className="form__error">{t(error)}</span>}
    </span>
  );
}
