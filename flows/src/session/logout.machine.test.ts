import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { SESSION_KEYS_KEPT_ON_LOGOUT, logoutMachine } from './logout.machine.ts';

function start(isAgent: boolean, fail = false) {
  const storage = new Map<string, string>([
    ['token', 't'],
    ['isAgent', String(isAgent)],
    ['merchantCode', 'M1'],
    ['merchant', 'M1'],
    ['nickname', 'n'],
  ]);
  let calls = 0;
  const machine = logoutMachine.provide({
    actors: {
      logout: fromPromise(async () => {
        calls += 1;
        if (fail) throw new FlowError('error_unknown');
      }),
    },
    actions: {
      clearSession: (_, { keep }) => {
        for (const key of [...storage.keys()]) if (!keep.includes(key)) storage.delete(key);
      },
    },
  });
  const actor = createActor(machine, { input: { isAgent } });
  actor.start();
  return { actor, storage, calls: () => calls };
}

describe('logout: examples', () => {
  it('asks first; confirming calls logout, keeps only the merchant code and returns to /', async () => {
    const { actor, storage, calls } = start(false);
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(calls()).toBe(0);
    actor.send({ type: 'logout.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls()).toBe(1);
    expect([...storage.keys()].sort()).toEqual([...SESSION_KEYS_KEPT_ON_LOGOUT].sort());
    expect(actor.getSnapshot().output).toEqual({ loggedOut: true, redirect: '/' });
  });

  it('sends agents to /agent', async () => {
    const { actor } = start(true);
    actor.send({ type: 'logout.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ loggedOut: true, redirect: '/agent' });
  });

  it('clears the local session even when the call fails', async () => {
    const { actor, storage } = start(false, true);
    actor.send({ type: 'logout.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(storage.has('token')).toBe(false);
  });

  it('cancelling keeps everything', () => {
    const { actor, storage, calls } = start(false);
    actor.send({ type: 'logout.cancel' });
    expect(actor.getSnapshot().output).toEqual({ loggedOut: false, redirect: null });
    expect(storage.has('token')).toBe(true);
    expect(calls()).toBe(0);
  });
});
