import { useMemo, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { FlowError } from '@wl/flows/shared/flow-error';
import {
  directRegisterErrorOf,
  directRegisterMachine,
  type TDirectRegisterField,
  type TDirectRegisterRequest,
} from '@wl/flows/register-center/direct-register.machine';
import { FieldMessage, FormError, InputField, SubmitButton } from '../accounts/form-parts.tsx';
import { upstreamOf } from '../api/flow-errors.ts';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { RoleSelect } from './register-center-parts.tsx';

/** The register call; a refusal carries the fields the platform named (docs/rules/accounts.md#a-11). */
function useRegisterMachine() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  return useMemo(
    () =>
      directRegisterMachine.provide({
        actors: {
          registerDownline: fromPromise(async ({ input }: { input: TDirectRegisterRequest }) => {
            try {
              const r = await client.agent.registerDownline.mutate(input);
              void qc.invalidateQueries({ queryKey: trpc.agent.downlines.queryKey() });
              return { username: r.username };
            } catch (err) {
              throw new FlowError(errorKey(err), { fieldErrors: upstreamOf(err).fieldErrors ?? {} });
            }
          }),
        },
      }),
    [client, qc, trpc],
  );
}

/** Registering a downline directly: the merchant's username and password rules, checked here and on the platform alike (docs/rules/accounts.md#a-2). */
export function DirectRegister() {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const [state, send] = useMachine(useRegisterMachine(), { input: { fields: config.forms.register.fields } });
  const ctx = state.context;
  const pending = state.matches('registering');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'register.submit' });
  };
  const input = (field: TDirectRegisterField, label: string, type: string, autoComplete: string) => {
    const error = directRegisterErrorOf(ctx, field);
    return (
      <InputField
        label={t(label)}
        type={type}
        testId={`agent-register.${field}`}
        autoComplete={autoComplete}
        maxLength={200}
        value={ctx.values[field]}
        aria-invalid={error ? true : undefined}
        onValue={(value) => send({ type: 'register.change', field, value })}
        onBlur={() => send({ type: 'register.blur', field })}
      >
        <FieldMessage testId={`agent-register.${field}-error`} error={error} />
      </InputField>
    );
  };
  return (
    <section className="card" data-testid="agent-register.direct">
      <h2 className="agent-content__subtitle">{t('rc_direct_title')}</h2>
      <p className="money__hint">{t('rc_direct_intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        {input('username', 'rc_username', 'text', 'off')}
        {input('password', 'rc_password', 'password', 'new-password')}
        {input('confirmPassword', 'rc_confirm_password', 'password', 'new-password')}
        <RoleSelect testId="agent-register.role" role={ctx.role} onRole={(role) => send({ type: 'register.role', role })} />
        <FormError testId="agent-register.error" message={ctx.error} />
        <SubmitButton testId="agent-register.submit" pending={pending}>
          {t('rc_register_submit')}
        </SubmitButton>
        {ctx.registered && (
          <p className="money__hint" role="status" data-testid="agent-register.done">
            {t('rc_registered', { username: ctx.registered })} <Link to="/agentHome/downlineManagmentView">{t('rc_see_team')}</Link>
          </p>
        )}
      </form>
    </section>
  );
}
