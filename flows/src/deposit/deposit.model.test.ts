import type { SnapshotFrom } from 'xstate';
import { describe, expect } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { pending, settles, walkGraph } from '../testing/graph-coverage.ts';
import { modelTests } from '../testing/model-suite.ts';
import { amountProblem, depositMachine } from './deposit.machine.ts';

const approvals: number[] = [];
const machine = depositMachine.provide({
  actors: { createDeposit: pending() },
  actions: { trialRefused: () => undefined, approved: ({ context }) => void approvals.push(context.orderId!) },
});
type TSnapshot = SnapshotFrom<typeof machine>;

const bkash = { id: 1, minMinor: 20_000, maxMinor: 2_500_000 };

const walk = walkGraph(machine, {
  inputs: [undefined],
  events: () => [
    { type: 'deposit.channel', channelId: 1 },
    { type: 'deposit.amount', text: '500' },
    { type: 'deposit.amount', text: '150' },
    { type: 'deposit.submit', channel: bkash },
    { type: 'deposit.orderStatus', id: 77, status: 'pending' },
    { type: 'deposit.orderStatus', id: 77, status: 'approved' },
    { type: 'deposit.orderStatus', id: 77, status: 'rejected' },
    { type: 'deposit.orderStatus', id: 5, status: 'approved' },
    ...settles('createDeposit', { id: 77 }, new FlowError('error_network')),
    { type: 'xstate.error.actor.createDeposit', error: new FlowError('in_need_true_account') },
    { type: 'xstate.error.actor.createDeposit', error: new FlowError('error_bad_request', { fieldErrors: { channelId: { key: 'deposit_channel_closed' } } }) },
  ],
  // The attempt number only grows: what guards and invariants read is whether it moved.
  serializeState: (s: TSnapshot) =>
    JSON.stringify([s.value, s.context.amount, s.context.channelId, s.context.fieldError, s.context.formError, s.context.orderId]),
});

describe('deposit: model', () => {
  modelTests(
    machine,
    walk,
    {
      claim: 'replays every path: only a valid amount is sent, a resend keeps its attempt, approval is announced once per order',
      recorded: [approvals],
      morePathsThan: 10,
    },
    (seen) => {
      for (const [i, s] of seen.entries()) {
        const before = seen[i - 1];
        if (s.matches({ form: 'submitting' }) && before?.matches({ form: 'editing' })) {
          expect(amountProblem(s.context.amount, bkash)).toBeNull();
          expect(s.context.attempt).toBe(before.context.attempt);
        }
        // Editing the form or making an order starts a new attempt.
        if (before && (before.context.amount !== s.context.amount || before.context.orderId !== s.context.orderId)) {
          expect(s.context.attempt).toBeGreaterThan(before.context.attempt);
        }
        if (!s.matches({ order: 'none' })) expect(s.context.orderId).toBe(77);
      }
      const approvedSteps = seen.filter((s, i) => s.matches({ order: 'approved' }) && !seen[i - 1]?.matches({ order: 'approved' })).length;
      expect(approvals.length).toBe(approvedSteps);
    },
  );
});
