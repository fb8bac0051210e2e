import type { SnapshotFrom } from 'xstate';
import { describe, expect } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { pending, settles, walkGraph } from '../testing/graph-coverage.ts';
import { modelTests } from '../testing/model-suite.ts';
import { withdrawalConfirmMachine, type TProofFile } from './withdrawal-confirm.machine.ts';

const machine = withdrawalConfirmMachine.provide({ actors: { uploadProofs: pending(), answer: pending() } });
type TSnapshot = SnapshotFrom<typeof machine>;

const png: TProofFile = { name: 'a.png', sizeBytes: 1024, sniffedType: 'image/png', file: null };
const pdfNamedPng: TProofFile = { name: 'b.png', sizeBytes: 1024, sniffedType: null, file: null };
const sixMb: TProofFile = { name: 'c.jpg', sizeBytes: 6 * 1024 * 1024, sniffedType: 'image/jpeg', file: null };

const walk = walkGraph(machine, {
  inputs: [
    { amountMinor: 100_000, status: 'paid' },
    { amountMinor: 100_000, status: 'pending' },
    { amountMinor: 100_000, status: 'auto_received' },
  ],
  events: () => [
    { type: 'confirm.received' },
    { type: 'confirm.partly', received: '400.00' },
    { type: 'confirm.partly', received: '1,000.00' },
    { type: 'confirm.partly', received: '400', remark: 'x'.repeat(141) },
    { type: 'confirm.notReceived' },
    { type: 'proof.add', file: png },
    { type: 'proof.add', file: pdfNamedPng },
    { type: 'proof.add', file: sixMb },
    { type: 'proof.remove', index: 0 },
    { type: 'proof.remark', remark: 'x'.repeat(141) },
    { type: 'proof.remark', remark: 'nothing came' },
    { type: 'proof.submit' },
    { type: 'proof.cancel' },
    ...settles('uploadProofs', undefined, new FlowError('proof_wrong_type')),
    { type: 'xstate.error.actor.uploadProofs', error: new FlowError('withdrawal_confirm_window_closed') },
    ...settles('answer', { remainingMinor: 60_000 }, new FlowError('error_unknown')),
    { type: 'xstate.error.actor.answer', error: new FlowError('withdrawal_auto_received') },
  ],
  serializeState: (s: TSnapshot) =>
    JSON.stringify([s.value, s.context.files.length, s.context.remark.length > 140, s.context.error, s.context.answer?.answer ?? null]),
});

describe('withdrawal confirmation: model', () => {
  modelTests(machine, walk, { claim: 'replays every path: SPEC §4 rules hold on every one', morePathsThan: 10 }, (seen, input) => {
    for (const s of seen) {
      // Never more than three proofs, never one of the wrong type or too big.
      expect(s.context.files.length).toBeLessThanOrEqual(3);
      for (const f of s.context.files) expect(f.sniffedType !== null && f.sizeBytes <= 5 * 1024 * 1024).toBe(true);
      // Uploading starts only with at least one proof and a remark of at most 140 characters.
      if (s.matches('uploading')) {
        expect(s.context.files.length).toBeGreaterThan(0);
        expect(s.context.remark.length).toBeLessThanOrEqual(140);
      }
      // A partly-received answer is always 0 < x < amount.
      const a = s.context.answer;
      if (s.matches('answering') && a?.answer === 'partly_received') {
        expect(a.receivedMinor).toBeGreaterThan(0);
        expect(a.receivedMinor).toBeLessThan(input.amountMinor);
      }
      // Only a paid withdrawal can be answered.
      if (input.status !== 'paid') expect(s.matches('inactive')).toBe(true);
    }
  });
});
