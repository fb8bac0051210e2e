import { parseAmountInput } from '@wl/schemas/domain/money';
import { assign, setup } from 'xstate';
import { actionSlot, actorSlot } from '../shared/actor-slot.ts';
import { amountError, isTrialRefusal, MONEY_FORM_START, moneyRefused, refusal, typedAmount, type TMoneyFormContext } from './money-form.ts';

/** The transfer call; the caller sends one idempotency key per attempt (and asks for a step-up when told to, docs/0068). */
export type TAccountTransferRequest = { amountMinor: number; remark: string; attempt: number };

export type TAccountTransferEvent = { type: 'transfer.amount'; text: string } | { type: 'transfer.remark'; text: string } | { type: 'transfer.submit' };

export type TAccountTransferContext = TMoneyFormContext & {
  remark: string;
  /** The amount just sent, shown as done until the next submit. */
  sentMinor: number | null;
};

/**
 * Money to another account with a remark: the member to the upline (docs/rules/money.md#m-13 transferUpline, the
 * platform picks the target) and an agent to a downline (the caller names it in its call). A sent
 * transfer empties the form. Actor to provide: transfer (the caller refreshes the balance and the
 * page). Action to provide: trialRefused (the real-account notice).
 */
export const accountTransferMachine = setup({
  types: { context: {} as TAccountTransferContext, events: {} as TAccountTransferEvent },
  actors: { transfer: actorSlot<void, TAccountTransferRequest>('transfer') },
  actions: {
    trialRefused: actionSlot('trialRefused'),
    setAmount: assign(({ context, event }) => (event.type === 'transfer.amount' ? typedAmount(context, event.text) : {})),
    setRemark: assign(({ context, event }) => (event.type === 'transfer.remark' ? { remark: event.text, attempt: context.attempt + 1 } : {})),
    check: assign(({ context }) => ({ sentMinor: null, formError: null, fieldError: amountError(context.amount) })),
    storeSent: assign(({ context }) => ({ sentMinor: parseAmountInput(context.amount), amount: '', remark: '', attempt: context.attempt + 1 })),
    storeFailure: assign((_, params: { error: unknown }) => refusal(params.error)),
  },
  guards: {
    amountValid: ({ context }) => amountError(context.amount) === null,
    trialRefusal: (_, params: { error: unknown }) => isTrialRefusal(params.error),
  },
}).createMachine({
  id: 'accountTransfer',
  context: { ...MONEY_FORM_START, remark: '', sentMinor: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'transfer.amount': { actions: 'setAmount' },
        'transfer.remark': { actions: 'setRemark' },
        'transfer.submit': [{ guard: 'amountValid', target: 'sending', actions: 'check' }, { actions: 'check' }],
      },
    },
    sending: {
      invoke: {
        id: 'transfer',
        src: 'transfer',
        input: ({ context }) => ({ amountMinor: parseAmountInput(context.amount)!, remark: context.remark, attempt: context.attempt }),
        onDone: { target: 'editing', actions: 'storeSent' },
        onError: moneyRefused('editing'),
      },
    },
  },
});
