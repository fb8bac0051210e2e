import type { SnapshotFrom } from 'xstate';
import { describe, expect } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { accountFields } from '../testing/fixtures.ts';
import { pending, settles, walkGraph } from '../testing/graph-coverage.ts';
import { modelTests } from '../testing/model-suite.ts';
import { directRegisterMachine } from './direct-register.machine.ts';

const machine = directRegisterMachine.provide({ actors: { registerDownline: pending() } });
type TSnapshot = SnapshotFrom<typeof machine>;

const walk = walkGraph(machine, {
  inputs: [{ fields: accountFields }],
  events: () => [
    { type: 'register.change', field: 'username', value: 'agent01' },
    { type: 'register.change', field: 'username', value: '1bad' },
    { type: 'register.change', field: 'password', value: 'Fresh1234' },
    { type: 'register.change', field: 'confirmPassword', value: 'Fresh1234' },
    { type: 'register.change', field: 'confirmPassword', value: 'Other1234' },
    { type: 'register.blur', field: 'password' },
    { type: 'register.role', role: 'agent' },
    { type: 'register.submit' },
    ...settles('registerDownline', { username: 'agent01' }, new FlowError('error_bad_request', { fieldErrors: { username: { key: 'error_username_taken' } } })),
    { type: 'xstate.error.actor.registerDownline', error: new FlowError('error_network') },
  ],
  serializeState: (s: TSnapshot) =>
    JSON.stringify([
      s.value,
      s.context.values,
      [...s.context.touched].sort(),
      Object.keys(s.context.serverErrors),
      s.context.error,
      s.context.registered,
      s.context.role,
    ]),
});

describe('direct register: model', () => {
  modelTests(machine, walk, { claim: 'replays every path: only a valid form is sent, and a sent form shows no local error', morePathsThan: 20 }, (seen) => {
    for (const [i, s] of seen.entries()) {
      if (s.matches('registering') && !seen[i - 1]?.matches('registering')) {
        expect(s.context.fieldErrors).toEqual({});
        expect(s.context.touched.length).toBe(3);
      }
      // A form error and field refusals never show together.
      if (s.context.error !== null) expect(s.context.serverErrors).toEqual({});
    }
  });
});
