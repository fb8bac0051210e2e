import type { SnapshotFrom } from 'xstate';
import { describe, expect } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { pending, settles, walkGraph } from '../testing/graph-coverage.ts';
import { modelTests } from '../testing/model-suite.ts';
import { logoutMachine } from './logout.machine.ts';

const cleared: string[][] = [];
const machine = logoutMachine.provide({
  actors: { logout: pending() },
  actions: { clearSession: (_, { keep }) => void cleared.push([...keep]) },
});
type TSnapshot = SnapshotFrom<typeof machine>;

const walk = walkGraph(machine, {
  inputs: [{ isAgent: false }, { isAgent: true }],
  events: () => [{ type: 'logout.confirm' }, { type: 'logout.cancel' }, ...settles('logout', undefined, new FlowError('error_unknown'))],
  serializeState: (s: TSnapshot) => JSON.stringify([s.value, s.context]),
});

describe('logout: model', () => {
  modelTests(machine, walk, { claim: 'clears the session exactly on the paths that log out, and redirects by role', recorded: [cleared] }, (seen, input) => {
    const last = seen.at(-1) as TSnapshot;
    if (last.matches('loggedOut')) {
      expect(cleared).toEqual([['merchant', 'merchantCode']]);
      expect(last.output).toEqual({ loggedOut: true, redirect: input.isAgent ? '/agent' : '/' });
    } else {
      expect(cleared).toEqual([]);
    }
  });
});
