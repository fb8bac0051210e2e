import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { recordingActor } from '../testing/fixtures.ts';
import { accountTransferMachine, type TAccountTransferRequest } from './account-transfer.machine.ts';
import { walletTransferMachine, type TWalletTransferRequest } from './wallet-transfer.machine.ts';

function account(answer: (r: TAccountTransferRequest) => Promise<void>) {
  const { actor: transfer, sent } = recordingActor(answer);
  const notices: string[] = [];
  const machine = accountTransferMachine.provide({
    actors: { transfer },
    actions: { trialRefused: () => notices.push('trial') },
  });
  return { actor: createActor(machine).start(), sent, notices };
}

describe('account transfer: examples', () => {
  it('refuses a malformed amount before sending; the server refusing the amount shows under it; a resend is the same attempt', async () => {
    let fail = true;
    const { actor, sent } = account(async () => {
      if (fail) throw new FlowError('error_bad_request', { fieldErrors: { amountMinor: { key: 'transfer_insufficient_balance' } } });
    });
    actor.send({ type: 'transfer.amount', text: '12.345' });
    actor.send({ type: 'transfer.submit' });
    expect(actor.getSnapshot().context.fieldError).toBe('amount_invalid');
    actor.send({ type: 'transfer.amount', text: '99,999,999' });
    actor.send({ type: 'transfer.submit' });
    await waitFor(actor, (s) => s.context.fieldError !== null);
    expect(actor.getSnapshot().context.fieldError).toBe('transfer_insufficient_balance');
    fail = false;
    actor.send({ type: 'transfer.submit' });
    await waitFor(actor, (s) => s.context.sentMinor !== null);
    expect(sent.map((r) => [r.amountMinor, r.attempt])).toEqual([
      [9_999_999_900, 2],
      [9_999_999_900, 2],
    ]);
  });

  it('sends the remark, shows what was sent and empties the form', async () => {
    const { actor, sent } = account(async () => undefined);
    actor.send({ type: 'transfer.amount', text: '25.50' });
    actor.send({ type: 'transfer.remark', text: 'journey' });
    actor.send({ type: 'transfer.submit' });
    await waitFor(actor, (s) => s.context.sentMinor !== null);
    expect(sent).toEqual([{ amountMinor: 2_550, remark: 'journey', attempt: 2 }]);
    expect(actor.getSnapshot().context).toMatchObject({ amount: '', remark: '', sentMinor: 2_550, attempt: 3 });
  });

  it('a trial account gets the notice; a refusal naming another field shows under the form', async () => {
    let failure = new FlowError('in_need_true_account');
    const { actor, notices } = account(async () => {
      throw failure;
    });
    actor.send({ type: 'transfer.amount', text: '5' });
    actor.send({ type: 'transfer.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(notices).toEqual(['trial']);
    failure = new FlowError('error_bad_request', { fieldErrors: { remark: { key: 'remark_too_long' } } });
    actor.send({ type: 'transfer.submit' });
    await waitFor(actor, (s) => s.context.formError !== null);
    expect(actor.getSnapshot().context.formError).toBe('remark_too_long');
  });
});

describe('wallet transfer: examples', () => {
  it('moves money into the chosen wallet, then everything back', async () => {
    const sent: unknown[] = [];
    const machine = walletTransferMachine.provide({
      actors: {
        transfer: fromPromise(async ({ input }: { input: TWalletTransferRequest }) => {
          sent.push(input);
          return { mainMinor: 900 };
        }),
        recall: fromPromise(async ({ input }: { input: { attempt: number } }) => {
          sent.push(input);
          return { mainMinor: 1_000 };
        }),
      },
      actions: { trialRefused: () => undefined },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'wallet.direction', direction: 'in' });
    actor.send({ type: 'wallet.amount', text: '1' });
    actor.send({ type: 'wallet.submit', code: '' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'wallet.submit', code: 'SLOT' });
    await waitFor(actor, (s) => s.context.movedMainMinor === 900);
    expect(actor.getSnapshot().context).toMatchObject({ amount: '', code: 'SLOT' });
    actor.send({ type: 'wallet.recall' });
    await waitFor(actor, (s) => s.context.movedMainMinor === 1_000);
    expect(sent).toEqual([{ direction: 'in', code: 'SLOT', amountMinor: 100, attempt: 2 }, { attempt: 3 }]);
  });
});
