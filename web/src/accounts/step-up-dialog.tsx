import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { Modal } from '../modals/modal.tsx';
import { FormSubmit, PasswordField } from './form-parts.tsx';

/** The refusal of a change that needs a fresh step-up (docs/0068). */
export const STEP_UP_REQUIRED = 'error_step_up_required';

/** Asks for the login password and steps the session up; answers true once it did, false when closed. */
function StepUpDialog({ onDone }: { onDone: (steppedUp: boolean) => void }) {
  const { t } = useTranslation();
  const ready = useAreaTexts('accounts');
  const trpc = useTRPC();
  const [password, setPassword] = useState('');
  const stepUp = useMutation(trpc.account.stepUp.mutationOptions({ onSuccess: () => onDone(true) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    stepUp.mutate({ password });
  };
  if (!ready) return null;
  return (
    <Modal testId="step-up.dialog" title={t('step_up_title')} onClose={() => onDone(false)} closeTestId="step-up.close" size="small">
      <form className="form" onSubmit={submit} noValidate>
        <p className="dialog__text">{t('step_up_text')}</p>
        <PasswordField label={t('step_up_password')} testId="step-up.password" value={password} onValue={setPassword} autoFocus />
        <FormSubmit
          errorTestId="step-up.error"
          error={stepUp.error ? t(errorKey(stepUp.error)) : null}
          testId="step-up.submit"
          pending={stepUp.isPending}
          disabled={stepUp.isPending || password === ''}
        >
          {t('step_up_submit')}
        </FormSubmit>
      </form>
    </Modal>
  );
}

/**
 * The step-up for a page's security changes (docs/0068): `wrap` a mutation function so that a
 * refusal with error_step_up_required opens the password dialog and, once the session stepped up,
 * sends the same call again; closing the dialog leaves the refusal as the call's error. Render
 * `dialog` somewhere in the page.
 */
export function useStepUp(): { wrap: <A extends unknown[], O>(fn: (...args: A) => Promise<O>) => (...args: A) => Promise<O>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const waiting = useRef<((steppedUp: boolean) => void) | null>(null);
  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        waiting.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const wrap = useCallback(
    <A extends unknown[], O>(fn: (...args: A) => Promise<O>) =>
      async (...args: A): Promise<O> => {
        try {
          return await fn(...args);
        } catch (error) {
          if (errorKey(error) !== STEP_UP_REQUIRED || !(await ask())) throw error;
          return fn(...args);
        }
      },
    [ask],
  );
  const done = (steppedUp: boolean) => {
    setOpen(false);
    waiting.current?.(steppedUp);
    waiting.current = null;
  };
  return { wrap, dialog: open ? <StepUpDialog onDone={done} /> : null };
}

/** A mutation whose refusal for want of a step-up asks for it and sends again (see useStepUp); render `dialog` beside the form. */
export function useStepUpMutation<TData, TError, TVariables, TContext>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): { mutation: UseMutationResult<TData, TError, TVariables, TContext>; dialog: ReactNode } {
  const stepUp = useStepUp();
  const mutation = useMutation({ ...options, mutationFn: stepUp.wrap(options.mutationFn!) });
  return { mutation, dialog: stepUp.dialog };
}
