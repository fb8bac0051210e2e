import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { failsWith, recordingActor } from '../testing/fixtures.ts';
import { depositMachine, type TDepositRequest } from './deposit.machine.ts';

const bkash = { id: 1, minMinor: 20_000, maxMinor: 2_500_000 };
const nagad = { id: 2, minMinor: 10_000, maxMinor: 1_000_000 };

function start(answer: (request: TDepositRequest) => Promise<{ id: number }>) {
  const { actor: createDeposit, sent } = recordingActor(answer);
  const notices: string[] = [];
  const machine = depositMachine.provide({
    actors: { createDeposit },
    actions: { trialRefused: () => notices.push('trial'), approved: () => notices.push('approved') },
  });
  const actor = createActor(machine).start();
  return { actor, sent, notices };
}

describe('deposit: examples', () => {
  it('checks the amount against the chosen channel before sending', () => {
    const { actor, sent } = start(async () => ({ id: 1 }));
    actor.send({ type: 'deposit.amount', text: 'abc' });
    actor.send({ type: 'deposit.submit', channel: bkash });
    expect(actor.getSnapshot().context.fieldError).toBe('amount_invalid');
    actor.send({ type: 'deposit.amount', text: '150' });
    expect(actor.getSnapshot().context.fieldError).toBeNull();
    actor.send({ type: 'deposit.submit', channel: bkash });
    expect(actor.getSnapshot().context.fieldError).toBe('deposit_amount_below_min');
    expect(sent).toEqual([]);
  });

  it('makes the order, empties the amount, and follows it from pending to approved', async () => {
    const { actor, sent, notices } = start(async () => ({ id: 77 }));
    actor.send({ type: 'deposit.channel', channelId: 2 });
    actor.send({ type: 'deposit.amount', text: '1,000.00' });
    actor.send({ type: 'deposit.submit', channel: nagad });
    await waitFor(actor, (s) => s.matches({ order: 'waiting' }));
    expect(sent).toEqual([{ channelId: 2, amountMinor: 100_000, attempt: 2 }]);
    expect(actor.getSnapshot().context).toMatchObject({ amount: '', orderId: 77, attempt: 3 });
    actor.send({ type: 'deposit.orderStatus', id: 5, status: 'approved' });
    expect(actor.getSnapshot().matches({ order: 'waiting' })).toBe(true);
    actor.send({ type: 'deposit.orderStatus', id: 77, status: 'pending' });
    actor.send({ type: 'deposit.orderStatus', id: 77, status: 'approved' });
    expect(actor.getSnapshot().matches({ order: 'approved' })).toBe(true);
    expect(notices).toEqual(['approved']);
  });

  it('a resend after a failure is the same attempt; the server naming the amount puts it under the field', async () => {
    let failure = new FlowError('error_network');
    const { actor, sent } = start(async () => {
      throw failure;
    });
    actor.send({ type: 'deposit.amount', text: '500' });
    actor.send({ type: 'deposit.submit', channel: bkash });
    await waitFor(actor, (s) => s.context.formError !== null);
    expect(actor.getSnapshot().context.formError).toBe('error_network');
    failure = new FlowError('error_bad_request', { fieldErrors: { amountMinor: { key: 'deposit_amount_above_max' } } });
    actor.send({ type: 'deposit.submit', channel: bkash });
    expect(actor.getSnapshot().context.formError).toBeNull();
    await waitFor(actor, (s) => s.context.fieldError !== null);
    expect(actor.getSnapshot().context.fieldError).toBe('deposit_amount_above_max');
    expect(sent.map((r) => r.attempt)).toEqual([1, 1]);
  });

  it('a trial account is told to get a real one, with no form error', async () => {
    const { actor, notices } = start(failsWith(new FlowError('in_need_true_account')));
    actor.send({ type: 'deposit.amount', text: '500' });
    actor.send({ type: 'deposit.submit', channel: bkash });
    await waitFor(actor, (s) => s.matches({ form: 'editing' }));
    expect(notices).toEqual(['trial']);
    expect(actor.getSnapshot().context.formError).toBeNull();
  });
});
