import { useTranslation } from 'react-i18next';
import { Field } from '../accounts/form-parts.tsx';
import { errorKey } from '../api/trpc.ts';

/** A failed call's message, when there is one (the agent centre's reports, the operator console's panels). */
export function QueryError({ error, testId }: { error: unknown; testId?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="form__error" role="alert" data-testid={testId}>
      {t(errorKey(error))}
    </p>
  );
}

/** A select of fixed options in a labelled field; `text` names each option ('' is usually "any"). */
export function SelectField<T extends string | number>({
  label,
  testId,
  value,
  options,
  text,
  onChange,
}: {
  label: string;
  testId: string;
  value: T;
  options: readonly T[];
  text: (option: T) => string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label}>
      <select className="input" data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {text(o)}
          </option>
        ))}
      </select>
    </Field>
  );
}
