import type { TInvitation } from '@wl/schemas/wps/agent-team-calls';
import type { SnapshotFrom } from 'xstate';
import { describe, expect } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { pending, settles, walkGraph } from '../testing/graph-coverage.ts';
import { modelTests } from '../testing/model-suite.ts';
import { copyTextMachine } from './copy-text.machine.ts';
import { invitationRowMachine } from './invitation-row.machine.ts';
import { invitationsMachine } from './invitations.machine.ts';

const created: TInvitation = { id: 9, code: 'C9', role: 'agent', enabled: true, registrations: 0, createdAt: '2026-01-01T00:00:00Z' };

describe('invitations: model', () => {
  const machine = invitationsMachine.provide({ actors: { createInvitation: pending() } });
  const walk = walkGraph(machine, {
    inputs: [undefined],
    events: () => [
      { type: 'invite.role', role: 'agent' },
      { type: 'invite.page', pageNo: 2 },
      { type: 'invite.create' },
      { type: 'invite.changed', id: 9, note: '' },
      { type: 'invite.changed', id: 4, note: 'C4 deleted' },
      ...settles('createInvitation', created, new FlowError('error_unknown')),
    ],
    serializeState: (s: SnapshotFrom<typeof machine>) => JSON.stringify([s.value, s.context]),
  });

  modelTests(machine, walk, { claim: 'replays every path: a new code always shows on the first page with no stale note or error' }, (seen) => {
    for (const [i, s] of seen.entries()) {
      const before = seen[i - 1];
      if (before?.matches('creating') && s.matches('idle') && s.context.latest !== before.context.latest) {
        expect(s.context).toMatchObject({ pageNo: 1, note: null, error: null });
      }
      if (s.matches('creating')) expect(s.context.error).toBeNull();
    }
  });
});

describe('invitation row: model', () => {
  const machine = invitationRowMachine.provide({ actors: { setEnabled: pending(), remove: pending() } });
  const walk = walkGraph(machine, {
    inputs: [{ id: 5 }],
    events: () => [
      { type: 'row.qr' },
      { type: 'row.toggle', enabled: false },
      { type: 'row.delete' },
      { type: 'row.deleteConfirm' },
      { type: 'row.deleteCancel' },
      ...settles('setEnabled', undefined, new FlowError('error_unknown')),
      ...settles('remove', undefined, new FlowError('error_not_found')),
    ],
    serializeState: (s: SnapshotFrom<typeof machine>) => JSON.stringify([s.value, s.context.error]),
  });

  modelTests(machine, walk, { claim: 'replays every path: deleting only ever follows a confirmation' }, (seen) => {
    for (const [i, s] of seen.entries()) {
      const before = seen[i - 1];
      if (s.matches({ remove: 'deleting' }) && before && !before.matches({ remove: 'deleting' })) expect(before.matches({ remove: 'confirming' })).toBe(true);
      if (s.matches({ remove: 'deleting' }) || s.matches({ toggle: 'saving' })) expect(s.context.id).toBe(5);
    }
  });
});

describe('copy button: model', () => {
  const machine = copyTextMachine.provide({ actors: { copy: pending() } });
  const walk = walkGraph(machine, {
    inputs: [undefined],
    events: () => [{ type: 'copy.run', text: 'C9' }, ...settles('copy', undefined, new Error('denied'))],
    serializeState: (s: SnapshotFrom<typeof machine>) => JSON.stringify(s.value),
  });

  modelTests(machine, walk, { claim: 'replays every path', morePathsThan: 2 }, () => undefined);
});
