import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What tells one verify form from another: its test id, its texts (message keys) and its seed fields in order. */
export type TVerifySpec<K extends string> = {
  testId: string;
  title: string;
  intro: string;
  run: string;
  invalid: string;
  hashOk: string;
  hashBad: string;
  /** Each field's key (its test id is `<testId>.<key>`) and label. */
  fields: readonly (readonly [K, string])[];
};

/** What a verify form shows and does: the typed values, a field's change, the run, and whether what was typed was refused. */
export type TVerifyState<K extends string> = {
  values: Record<K, string>;
  onField: (key: K, value: string) => void;
  run: () => void | Promise<void>;
  invalid: boolean;
};

/**
 * The form that recomputes a round in the browser (slot, crash, lottery) from its spec: a title and
 * intro, a `note` over the seed fields, anything more as children, the run button `<testId>.run`,
 * the refusal of what was typed, and the outcome, read out when it appears: whether the revealed
 * seed matches its published hash (`<testId>.hash`), then what the round came to.
 */
export function VerifyForm<K extends string>({
  spec,
  state: { values, onField, run, invalid },
  note,
  outcome,
  children,
}: {
  spec: TVerifySpec<K>;
  state: TVerifyState<K>;
  note?: ReactNode;
  outcome: { hashOk: boolean; view: ReactNode; testId?: string } | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="fair__verify"
      onSubmit={(e) => {
        e.preventDefault();
        void run();
      }}
      data-testid={spec.testId}
    >
      <h3>{t(spec.title)}</h3>
      <p>{t(spec.intro)}</p>
      {note}
      {spec.fields.map(([key, label]) => (
        <label key={key} className="fair__field">
          <span>{t(label)}</span>
          <input
            value={values[key]}
            onChange={(e) => onField(key, e.target.value)}
            data-testid={`${spec.testId}.${key}`}
            spellCheck={false}
            autoComplete="off"
          />
        </label>
      ))}
      {children}
      <button type="submit" className="btn btn--ghost" data-testid={`${spec.testId}.run`}>
        {t(spec.run)}
      </button>
      {invalid && (
        <p className="form-error" role="alert">
          {t(spec.invalid)}
        </p>
      )}
      {outcome && (
        <div className="fair__result" aria-live="polite" data-testid={outcome.testId}>
          <p data-testid={`${spec.testId}.hash`}>{outcome.hashOk ? t(spec.hashOk) : t(spec.hashBad)}</p>
          {outcome.view}
        </div>
      )}
    </form>
  );
}

/** The keys of an input's text values (the ones a seed field can edit). */
type TTextKeys<T> = { [P in keyof T]: T[P] extends string ? P : never }[keyof T] & string;

/**
 * A verify form's state kept in the page: the typed values, and a run that checks them first
 * (refused: no result) and then computes the result from them.
 */
export function useVerifyState<TInput extends object, TResult>(
  initial: TInput,
  isValid: (input: TInput) => boolean,
  compute: (input: TInput) => Promise<TResult>,
): TVerifyState<TTextKeys<TInput>> & { input: TInput; setInput: (input: TInput) => void; result: TResult | null } {
  const [input, setInput] = useState(initial);
  const [result, setResult] = useState<TResult | null>(null);
  const [invalid, setInvalid] = useState(false);
  const run = async () => {
    if (!isValid(input)) {
      setInvalid(true);
      setResult(null);
      return;
    }
    setInvalid(false);
    setResult(await compute(input));
  };
  const onField = (key: TTextKeys<TInput>, value: string) => setInput({ ...input, [key]: value });
  return { values: input as Record<TTextKeys<TInput>, string>, onField, run, invalid, input, setInput, result };
}

/** A titled list of rounds, draws or bets (`testId`), or its note while there are none (`empty`, else null). */
export function RoundList({ title, testId, empty, children }: { title: string; testId: string; empty: string | null; children: ReactNode }) {
  return (
    <>
      <h3>{title}</h3>
      {empty !== null ? (
        <p className="no-data">{empty}</p>
      ) : (
        <ol className="fair__rounds" data-testid={testId}>
          {children}
        </ol>
      )}
    </>
  );
}
