import type { SnapshotFrom } from 'xstate';
import { describe, expect } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { pending, walkGraph } from '../testing/graph-coverage.ts';
import { modelTests } from '../testing/model-suite.ts';
import { amountError } from './money-form.ts';
import { accountTransferMachine } from './account-transfer.machine.ts';
import { walletTransferMachine } from './wallet-transfer.machine.ts';

const refusals = [
  new FlowError('in_need_true_account'),
  new FlowError('error_bad_request', { fieldErrors: { amountMinor: { key: 'transfer_insufficient_balance' } } }),
  new FlowError('error_network'),
];

describe('account transfer: model', () => {
  const machine = accountTransferMachine.provide({ actors: { transfer: pending() }, actions: { trialRefused: () => undefined } });
  const walk = walkGraph(machine, {
    inputs: [undefined],
    events: () => [
      { type: 'transfer.amount', text: '25.50' },
      { type: 'transfer.amount', text: '12.345' },
      { type: 'transfer.remark', text: 'journey' },
      { type: 'transfer.submit' },
      { type: 'xstate.done.actor.transfer', output: undefined },
      ...refusals.map((error) => ({ type: 'xstate.error.actor.transfer', error })),
    ],
    serializeState: (s: SnapshotFrom<typeof machine>) =>
      JSON.stringify([s.value, s.context.amount, s.context.remark, s.context.fieldError, s.context.formError, s.context.sentMinor]),
  });

  modelTests(machine, walk, { claim: 'replays every path: only a well-formed amount is sent, and a resend keeps its attempt' }, (seen) => {
    for (const [i, s] of seen.entries()) {
      const before = seen[i - 1];
      if (s.matches('sending') && before?.matches('editing')) {
        expect(amountError(s.context.amount)).toBeNull();
        expect(s.context.attempt).toBe(before.context.attempt);
      }
      if (before && (before.context.amount !== s.context.amount || before.context.remark !== s.context.remark))
        expect(s.context.attempt).toBeGreaterThan(before.context.attempt);
    }
  });
});

describe('wallet transfer: model', () => {
  const machine = walletTransferMachine.provide({ actors: { transfer: pending(), recall: pending() }, actions: { trialRefused: () => undefined } });
  const walk = walkGraph(machine, {
    inputs: [undefined],
    events: () => [
      { type: 'wallet.direction', direction: 'out' },
      { type: 'wallet.code', code: 'SLOT' },
      { type: 'wallet.amount', text: '10' },
      { type: 'wallet.amount', text: 'x' },
      { type: 'wallet.submit', code: 'SLOT' },
      { type: 'wallet.submit', code: '' },
      { type: 'wallet.recall' },
      { type: 'xstate.done.actor.transfer', output: { mainMinor: 900 } },
      { type: 'xstate.done.actor.recall', output: { mainMinor: 1_000 } },
      ...refusals.flatMap((error) => [
        { type: 'xstate.error.actor.transfer', error },
        { type: 'xstate.error.actor.recall', error },
      ]),
    ],
    serializeState: (s: SnapshotFrom<typeof machine>) =>
      JSON.stringify([s.value, s.context.direction, s.context.code, s.context.amount, s.context.fieldError, s.context.formError, s.context.movedMainMinor]),
  });

  modelTests(
    machine,
    walk,
    { claim: 'replays every path: a transfer names a wallet and a well-formed amount; nothing says done while a move runs' },
    (seen) => {
      for (const [i, s] of seen.entries()) {
        if (s.matches('transferring') && seen[i - 1]?.matches('editing')) {
          expect(s.context.code).toBe('SLOT');
          expect(amountError(s.context.amount)).toBeNull();
        }
        if (s.matches('transferring') || s.matches('recalling')) expect(s.context.movedMainMinor).toBeNull();
      }
    },
  );
});
