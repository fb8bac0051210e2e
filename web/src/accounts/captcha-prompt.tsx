import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_REFRESH_THROTTLE_MS } from '@wl/schemas/constants';
import { errorKey, useTRPCClient } from '../api/trpc.ts';
import { CaptchaInput, FormError } from './form-parts.tsx';

/** The human-verification answer: the captcha shown and what the visitor read from it. */
export type THumanAnswer = { captchaId: string; captcha: string };

/**
 * Human verification (docs/rules/accounts.md#a-18 Registration): a captcha image from the gateway and its answer. The
 * image refreshes on click at most once a second (docs/rules/reach.md#r-17 throttles). Test ids `register.captcha*`.
 */
export function CaptchaPrompt({ onAnswer, onCancel, intro }: { onAnswer: (answer: THumanAnswer) => void; onCancel: () => void; intro: string }) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const [captcha, setCaptcha] = useState<{ captchaId: string; image: string } | null>(null);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const lastLoad = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);

  // The step replaces the form in a popup that may be scrolled down to its submit: bring it into view (docs/rules/reach.md).
  useEffect(() => {
    formRef.current?.scrollIntoView?.({ block: 'nearest' });
    formRef.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    let live = true;
    lastLoad.current = Date.now();
    client.session.captcha.query().then(
      (c) => live && setCaptcha(c),
      (err: unknown) => live && setError(errorKey(err)),
    );
    return () => {
      live = false;
    };
  }, [client, generation]);

  const refresh = () => {
    if (Date.now() - lastLoad.current < CAPTCHA_REFRESH_THROTTLE_MS) return;
    setCaptcha(null);
    setAnswer('');
    setGeneration((g) => g + 1);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!captcha || answer.trim() === '') {
      setError('complete_verification_first');
      return;
    }
    onAnswer({ captchaId: captcha.captchaId, captcha: answer.trim() });
  };

  return (
    <form ref={formRef} className="form human-check" onSubmit={submit} noValidate data-testid="register.human-check">
      <p className="dialog__text">{intro}</p>
      <CaptchaInput testId="register.captcha" value={answer} onChange={setAnswer} image={captcha?.image} onRefresh={refresh} />
      <FormError testId="register.captcha-error" message={error} />
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" data-testid="register.captcha-cancel" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="btn btn--primary" data-testid="register.captcha-submit">
          {t('confirm')}
        </button>
      </div>
    </form>
  );
}
