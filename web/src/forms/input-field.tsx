import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from '../accounts/form-parts.tsx';

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
