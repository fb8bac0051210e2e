import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { withdrawalConfirmMachine, type TProofFile, type TWithdrawalAnswer } from './withdrawal-confirm.machine.ts';

const png = (name = 'a.png'): TProofFile => ({ name, sizeBytes: 2048, sniffedType: 'image/png', file: name });

function start(status: 'paid' | 'received' = 'paid', fail?: { upload?: string; answer?: string }) {
  const uploads: TProofFile[][] = [];
  const answers: TWithdrawalAnswer[] = [];
  const machine = withdrawalConfirmMachine.provide({
    actors: {
      uploadProofs: fromPromise(async ({ input }: { input: { files: TProofFile[] } }) => {
        uploads.push(input.files);
        if (fail?.upload) throw new FlowError(fail.upload);
      }),
      answer: fromPromise(async ({ input }: { input: TWithdrawalAnswer }) => {
        answers.push(input);
        if (fail?.answer) throw new FlowError(fail.answer);
        return { remainingMinor: input.answer === 'partly_received' ? 100_000 - input.receivedMinor : null };
      }),
    },
  });
  const actor = createActor(machine, { input: { amountMinor: 100_000, status } });
  actor.start();
  return { actor, uploads, answers };
}

describe('withdrawal confirmation: examples', () => {
  it('received: sends the answer and finishes', async () => {
    const { actor, answers } = start();
    actor.send({ type: 'confirm.received' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('answered');
    expect(answers).toEqual([{ answer: 'received' }]);
  });

  it('partly received: parses the typed amount, refuses 0, the whole amount and bad text, shows the remaining amount', async () => {
    const { actor, answers } = start();
    for (const received of ['0', '1,000.00', '1000.001', '-5', '1e3', 'abc']) {
      actor.send({ type: 'confirm.partly', received });
      expect(actor.getSnapshot().context.error, received).toBe('withdrawal_received_amount_invalid');
    }
    actor.send({ type: 'confirm.partly', received: '250.50', remark: ' short ' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(answers).toEqual([{ answer: 'partly_received', receivedMinor: 25_050, remark: 'short' }]);
    expect(actor.getSnapshot().context.remainingMinor).toBe(74_950);
  });

  it('not received: refuses a PDF, a 6 MB file, a fourth file and no file; uploads then answers with the remark', async () => {
    const { actor, uploads, answers } = start();
    actor.send({ type: 'confirm.notReceived' });
    actor.send({ type: 'proof.submit' });
    expect(actor.getSnapshot().context.error).toBe('withdrawal_proof_required');
    actor.send({ type: 'proof.add', file: { name: 'doc.png', sizeBytes: 100, sniffedType: null, file: null } });
    expect(actor.getSnapshot().context.error).toBe('proof_wrong_type');
    actor.send({ type: 'proof.add', file: { name: 'big.jpg', sizeBytes: 6 * 1024 * 1024, sniffedType: 'image/jpeg', file: null } });
    expect(actor.getSnapshot().context.error).toBe('proof_too_large');
    for (const n of ['1', '2', '3']) actor.send({ type: 'proof.add', file: png(n) });
    actor.send({ type: 'proof.add', file: png('4') });
    expect(actor.getSnapshot().context.error).toBe('proof_too_many');
    actor.send({ type: 'proof.remove', index: 2 });
    actor.send({ type: 'proof.remark', remark: 'x'.repeat(141) });
    actor.send({ type: 'proof.submit' });
    expect(actor.getSnapshot().context.error).toBe('remark_too_long');
    actor.send({ type: 'proof.remark', remark: 'nothing arrived' });
    actor.send({ type: 'proof.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(uploads.map((u) => u.map((f) => f.name))).toEqual([['1', '2']]);
    expect(answers).toEqual([{ answer: 'not_received', remark: 'nothing arrived' }]);
  });

  it('a window closed by the server ends in closed with its message', async () => {
    const { actor } = start('paid', { answer: 'withdrawal_auto_received' });
    actor.send({ type: 'confirm.received' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.error).toBe('withdrawal_auto_received');
  });

  it('an answered withdrawal cannot be answered again', () => {
    const { actor } = start('received');
    expect(actor.getSnapshot().value).toBe('inactive');
  });
});
