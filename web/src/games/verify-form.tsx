import { useState, type ReactNode } from 'react';

/** One seed, hash or number of a verify form: typed as is, no spelling help, no autofill. */
export function SeedField({ label, testId, value, onValue }: { label: string; testId: string; value: string; onValue: (value: string) => void }) {
  return (
    <label className="fair__field">
      <span>{label}</span>
      <input value={value} onChange={(e) => onValue(e.target.value)} data-testid={testId} spellCheck={false} autoComplete="off" />
    </label>
  );
}

/**
 * The form that recomputes a round in the browser (slot, crash, lottery): a title and intro, the
 * seed fields as children, the run button `<testId>.run`, the refusal of what was typed, and the
 * result, read out when it appears.
 */
export function VerifyForm({
  testId,
  title,
  intro,
  runLabel,
  onRun,
  invalid,
  result,
  resultTestId,
  children,
}: {
  testId: string;
  title: string;
  intro: string;
  runLabel: string;
  onRun: () => void | Promise<void>;
  /** The refusal's text, or null. */
  invalid: string | null;
  result: ReactNode;
  resultTestId?: string;
  children: ReactNode;
}) {
  return (
    <form
      className="fair__verify"
      onSubmit={(e) => {
        e.preventDefault();
        void onRun();
      }}
      data-testid={testId}
    >
      <h3>{title}</h3>
      <p>{intro}</p>
      {children}
      <button type="submit" className="btn btn--ghost" data-testid={`${testId}.run`}>
        {runLabel}
      </button>
      {invalid && (
        <p className="form-error" role="alert">
          {invalid}
        </p>
      )}
      {result && (
        <div className="fair__result" aria-live="polite" data-testid={resultTestId}>
          {result}
        </div>
      )}
    </form>
  );
}

/** A verify form's run: what was typed is checked first (refused: no result), then the result is computed. */
export function useVerifyRun<TResult>(isValid: () => boolean, compute: () => Promise<TResult>) {
  const [result, setResult] = useState<TResult | null>(null);
  const [invalid, setInvalid] = useState(false);
  const run = async () => {
    if (!isValid()) {
      setInvalid(true);
      setResult(null);
      return;
    }
    setInvalid(false);
    setResult(await compute());
  };
  return { result, invalid, run };
}
