import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { changePasswordMachine, type TChangePasswordInput, type TChangePasswordRequest } from './change-password.machine.ts';

const rule = { patternId: 'DIGITS_WITH_LETTERS', minLength: 6, maxLength: 20, acceptedPattern: '*' } as const;

function start(input: TChangePasswordInput, fail?: string) {
  const calls: TChangePasswordRequest[] = [];
  const machine = changePasswordMachine.provide({
    actors: {
      changePassword: fromPromise(async ({ input: body }: { input: TChangePasswordRequest }) => {
        calls.push(body);
        if (fail) throw new FlowError(fail);
      }),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, calls };
}

describe('change password: examples', () => {
  it('requires the old password, the rule and an equal confirmation', () => {
    const { actor, calls } = start({ requireOldPassword: true, passwordRule: rule });
    actor.send({ type: 'password.submit', oldPassword: ' ', newPassword: 'abcdef', confirmPassword: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      oldPassword: { key: 'not_empty', params: {} },
      newPassword: { key: 'pattern.DIGITS_WITH_LETTERS', params: { min: 6, max: 20 } },
      confirmPassword: { key: 'pattern.DIGITS_WITH_LETTERS', params: { min: 6, max: 20 } },
    });
    actor.send({ type: 'password.submit', oldPassword: 'old1', newPassword: 'abc123', confirmPassword: 'abc124' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ confirmPassword: { key: 'inconsistent_twice', params: {} } });
    expect(calls).toHaveLength(0);
  });

  it('saves trimmed values and finishes', async () => {
    const { actor, calls } = start({ requireOldPassword: true, passwordRule: rule });
    actor.send({ type: 'password.submit', oldPassword: ' old123 ', newPassword: ' abc123 ', confirmPassword: 'abc123' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([{ oldPassword: 'old123', newPassword: 'abc123', confirmNewPassword: 'abc123' }]);
  });

  it('the forced change after login sends no old password', async () => {
    const { actor, calls } = start({ requireOldPassword: false });
    actor.send({ type: 'password.submit', newPassword: 'new-pass', confirmPassword: 'new-pass' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([{ newPassword: 'new-pass', confirmNewPassword: 'new-pass' }]);
  });

  it('shows the server message when the old password is wrong', async () => {
    const { actor } = start({ requireOldPassword: true }, 'error_invalid_credentials');
    actor.send({ type: 'password.submit', oldPassword: 'x', newPassword: 'abc123', confirmPassword: 'abc123' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('error_invalid_credentials');
  });
});
