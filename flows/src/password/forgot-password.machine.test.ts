import type { TMemberInfo } from '@wl/schemas';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { failsWith, memberInfo } from '../testing/fixtures.ts';
import { forgotPasswordMachine, type TForgotPasswordInput, type TResetByMobileRequest } from './forgot-password.machine.ts';

const rule = { patternId: 'DIGITS_WITH_LETTERS', minLength: 6, maxLength: 20, acceptedPattern: '*' } as const;

function start(
  input: TForgotPasswordInput,
  server: { email?: () => Promise<void>; reset?: () => Promise<void>; login?: () => Promise<{ token: string }> } = {},
) {
  const calls = {
    email: [] as { username: string; email: string }[],
    reset: [] as TResetByMobileRequest[],
    login: [] as { mobileNum: string; password: string }[],
    member: [] as string[],
  };
  const machine = forgotPasswordMachine.provide({
    actors: {
      sendResetEmail: fromPromise(async ({ input: body }: { input: { username: string; email: string } }) => {
        calls.email.push(body);
        await server.email?.();
      }),
      resetByMobile: fromPromise(async ({ input: body }: { input: TResetByMobileRequest }) => {
        calls.reset.push(body);
        await server.reset?.();
      }),
      autoLogin: fromPromise(async ({ input: body }: { input: { mobileNum: string; password: string } }) => {
        calls.login.push(body);
        return server.login ? server.login() : { token: 'tok-reset' };
      }),
      loadMember: fromPromise(async ({ input: { token } }: { input: { token: string } }): Promise<TMemberInfo> => {
        calls.member.push(token);
        return memberInfo();
      }),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, calls };
}

describe('forgot password: examples', () => {
  it('defaults to the mobile tab when it is offered (CHNGPASSVERIF3), else email', () => {
    expect(start({ tabs: ['email', 'mobile'] }).actor.getSnapshot().context.tab).toBe('mobile');
    expect(start({ tabs: ['email'] }).actor.getSnapshot().context.tab).toBe('email');
  });

  it('email tab: requires username and email, then answers in_been_out', async () => {
    const { actor, calls } = start({ tabs: ['email'] });
    actor.send({ type: 'forgot.submitEmail', username: ' ', email: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      username: { key: 'not_empty', params: {} },
      email: { key: 'not_empty', params: {} },
    });
    actor.send({ type: 'forgot.submitEmail', username: 'demo', email: 'nope' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: { key: 'pattern.EMAIL', params: { min: 3, max: 254 } } });
    actor.send({ type: 'forgot.submitEmail', username: ' demo ', email: ' demo@example.com ' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.email).toEqual([{ username: 'demo', email: 'demo@example.com' }]);
    expect(actor.getSnapshot().output).toEqual({ kind: 'emailSent', messageKey: 'in_been_out' });
  });

  it('email tab: shows the server message (unknown user) and stays', async () => {
    const { actor } = start(
      { tabs: ['email'] },
      {
        email: failsWith(new FlowError('username_email_not_exist')),
      },
    );
    actor.send({ type: 'forgot.submitEmail', username: 'ghost', email: 'g@example.com' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('username_email_not_exist');
  });

  it('mobile tab: checks number, code and the password rule, then logs in and goes to /', async () => {
    const { actor, calls } = start({ tabs: ['email', 'mobile'], passwordRule: rule });
    actor.send({ type: 'forgot.submitMobile', mobileNum: '', verificationCode: '', newPassword: 'abcdef' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      mobileNum: { key: 'not_empty', params: {} },
      verificationCode: { key: 'not_empty', params: {} },
      newPassword: { key: 'pattern.DIGITS_WITH_LETTERS', params: { min: 6, max: 20 } },
    });
    actor.send({ type: 'forgot.submitMobile', mobileNum: ' 01712345678 ', verificationCode: ' 123456 ', newPassword: 'abc123' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.reset).toEqual([{ mobileNum: '01712345678', verificationCode: '123456', newPassword: 'abc123' }]);
    expect(calls.login).toEqual([{ mobileNum: '01712345678', password: 'abc123' }]);
    expect(calls.member).toEqual(['tok-reset']);
    expect(actor.getSnapshot().output).toEqual({ kind: 'loggedIn', token: 'tok-reset', member: memberInfo(), redirect: '/' });
    expect(actor.getSnapshot().context.request).toBeNull();
  });

  it('mobile tab: a refused code stays on the form and forgets the new password', async () => {
    const { actor, calls } = start(
      { tabs: ['mobile'] },
      {
        reset: failsWith(new FlowError('verification_code_invalid')),
      },
    );
    actor.send({ type: 'forgot.submitMobile', mobileNum: '0171', verificationCode: '000000', newPassword: 'abc123' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'verification_code_invalid', request: null });
    expect(calls.login).toHaveLength(0);
  });

  it('ignores a submit for a tab that is not shown', () => {
    const { actor, calls } = start({ tabs: ['email'] });
    actor.send({ type: 'forgot.tab', tab: 'mobile' });
    actor.send({ type: 'forgot.submitMobile', mobileNum: '0171', verificationCode: '1', newPassword: 'abc123' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls.reset).toHaveLength(0);
  });
});
