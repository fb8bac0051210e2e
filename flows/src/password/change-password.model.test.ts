import type { SnapshotFrom } from 'xstate';
import { describe, expect } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { pending, settles, walkGraph } from '../testing/graph-coverage.ts';
import { modelTests } from '../testing/model-suite.ts';
import { changePasswordMachine } from './change-password.machine.ts';

const machine = changePasswordMachine.provide({ actors: { changePassword: pending() } });
type TSnapshot = SnapshotFrom<typeof machine>;

const walk = walkGraph(machine, {
  inputs: [{ requireOldPassword: true }, { requireOldPassword: false }],
  events: () => [
    { type: 'password.submit', oldPassword: '', newPassword: 'abc123', confirmPassword: 'abc123' },
    { type: 'password.submit', oldPassword: 'old', newPassword: 'abc123', confirmPassword: 'abc124' },
    { type: 'password.submit', oldPassword: 'old', newPassword: 'abc123', confirmPassword: 'abc123' },
    ...settles('changePassword', undefined, new FlowError('error_invalid_credentials')),
  ],
  serializeState: (s: TSnapshot) => JSON.stringify([s.value, s.context.fieldErrors, s.context.error]),
});

describe('change password: model', () => {
  modelTests(machine, walk, { claim: 'replays every path; saving never starts with field errors' }, (seen) => {
    for (const s of seen) if (s.matches('saving')) expect(s.context.fieldErrors).toEqual({});
  });
});
