import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { accountFields, failsWith, recordingActor } from '../testing/fixtures.ts';
import { directRegisterErrorOf, directRegisterMachine, type TDirectRegisterRequest } from './direct-register.machine.ts';

function start(answers: (request: TDirectRegisterRequest) => Promise<{ username: string }>) {
  const { actor: registerDownline, sent } = recordingActor(answers);
  const machine = directRegisterMachine.provide({ actors: { registerDownline } });
  const actor = createActor(machine, { input: { fields: accountFields } });
  actor.start();
  const fill = (username: string, password: string, confirmPassword = password) => {
    actor.send({ type: 'register.change', field: 'username', value: username });
    actor.send({ type: 'register.change', field: 'password', value: password });
    actor.send({ type: 'register.change', field: 'confirmPassword', value: confirmPassword });
  };
  return { actor, sent, fill };
}

describe('direct register: examples', () => {
  it('shows a local error only on a touched field, and every one after a refused submit', () => {
    const { actor } = start(async () => ({ username: 'never' }));
    actor.send({ type: 'register.change', field: 'username', value: '1bad' });
    const ctx = () => actor.getSnapshot().context;
    expect(directRegisterErrorOf(ctx(), 'username')?.key).toBe('pattern.LETTER_FIRST_ALNUM');
    expect(directRegisterErrorOf(ctx(), 'password')).toBeUndefined();
    actor.send({ type: 'register.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(directRegisterErrorOf(ctx(), 'password')?.key).toBe('not_empty');
  });

  it('checks the confirmation, then registers with the role and empties the form', async () => {
    const { actor, sent, fill } = start(async (r) => ({ username: r.username }));
    fill('agent01', 'Fresh1234', 'Fresh12345');
    expect(directRegisterErrorOf(actor.getSnapshot().context, 'confirmPassword')?.key).toBe('inconsistent_twice');
    actor.send({ type: 'register.change', field: 'confirmPassword', value: 'Fresh1234' });
    actor.send({ type: 'register.role', role: 'agent' });
    actor.send({ type: 'register.submit' });
    await waitFor(actor, (s) => s.context.registered !== null);
    expect(sent).toEqual([{ username: 'agent01', password: 'Fresh1234', confirmPassword: 'Fresh1234', role: 'agent' }]);
    expect(actor.getSnapshot().context).toMatchObject({
      values: { username: '', password: '', confirmPassword: '' },
      touched: [],
      role: 'agent',
      registered: 'agent01',
    });
    actor.send({ type: 'register.change', field: 'username', value: 'a' });
    expect(actor.getSnapshot().context.registered).toBeNull();
  });

  it('puts the server field refusal under its field until that field is typed in again', async () => {
    const { actor, fill } = start(failsWith(new FlowError('error_bad_request', { fieldErrors: { username: { key: 'error_username_taken' } } })));
    fill('agent01', 'Fresh1234');
    actor.send({ type: 'register.submit' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.serverErrors).length > 0);
    const ctx = () => actor.getSnapshot().context;
    expect(directRegisterErrorOf(ctx(), 'username')?.key).toBe('error_username_taken');
    expect(ctx().error).toBeNull();
    actor.send({ type: 'register.change', field: 'username', value: 'agent02' });
    expect(directRegisterErrorOf(ctx(), 'username')).toBeUndefined();
  });

  it('a failure naming no field is a form error', async () => {
    const { actor, fill } = start(failsWith(new FlowError('error_network')));
    fill('agent01', 'Fresh1234');
    actor.send({ type: 'register.submit' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('error_network');
  });
});
