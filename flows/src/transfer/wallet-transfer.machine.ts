import { parseAmountInput } from '@wl/schemas/domain/money';
import { assign, setup } from 'xstate';
import { actionSlot, actorSlot } from '../shared/actor-slot.ts';
import { amountError, isTrialRefusal, MONEY_FORM_START, moneyRefused, refusal, typedAmount, type TMoneyFormContext } from './money-form.ts';

export type TWalletDirection = 'in' | 'out';

/** A transfer between the main wallet and one game wallet; one idempotency key per attempt. */
export type TWalletTransferRequest = { direction: TWalletDirection; code: string; amountMinor: number; attempt: number };

export type TWalletTransferEvent =
  | { type: 'wallet.direction'; direction: TWalletDirection }
  | { type: 'wallet.code'; code: string }
  | { type: 'wallet.amount'; text: string }
  /** The page says which wallet is chosen (the first one until the member picks). */
  | { type: 'wallet.submit'; code: string }
  | { type: 'wallet.recall' };

export type TWalletTransferContext = TMoneyFormContext & {
  direction: TWalletDirection;
  /** Chosen game wallet; null: the first one the page lists. */
  code: string | null;
  /** The main wallet's balance after the last move, shown as done until the next one. */
  movedMainMinor: number | null;
};

/**
 * Wallet transfer in multi-wallet mode (docs/rules/money.md#m-14 transferFund, docs/rules/money.md#m-14 GCS_walletTransfer): a direction,
 * a game wallet and an amount, or "move everything back" (recall). One move at a time. Actors to
 * provide: transfer, recall (both answer the main wallet's balance; the caller refreshes what shows
 * balances). Action to provide: trialRefused (the real-account notice).
 */
export const walletTransferMachine = setup({
  types: { context: {} as TWalletTransferContext, events: {} as TWalletTransferEvent },
  actors: {
    transfer: actorSlot<{ mainMinor: number }, TWalletTransferRequest>('transfer'),
    recall: actorSlot<{ mainMinor: number }, { attempt: number }>('recall'),
  },
  actions: {
    trialRefused: actionSlot('trialRefused'),
    setDirection: assign(({ context, event }) => (event.type === 'wallet.direction' ? { direction: event.direction, attempt: context.attempt + 1 } : {})),
    setCode: assign(({ context, event }) => (event.type === 'wallet.code' ? { code: event.code, attempt: context.attempt + 1 } : {})),
    setAmount: assign(({ context, event }) => (event.type === 'wallet.amount' ? typedAmount(context, event.text) : {})),
    check: assign(({ context, event }) => ({
      movedMainMinor: null,
      formError: null,
      fieldError: amountError(context.amount),
      code: event.type === 'wallet.submit' ? event.code : context.code,
    })),
    startRecall: assign({ movedMainMinor: null }),
    storeMoved: assign(({ context }, params: { mainMinor: number; emptyForm: boolean }) => ({
      movedMainMinor: params.mainMinor,
      attempt: context.attempt + 1,
      ...(params.emptyForm ? { amount: '' } : {}),
    })),
    storeFailure: assign((_, params: { error: unknown }) => refusal(params.error)),
  },
  guards: {
    canSend: ({ context, event }) => event.type === 'wallet.submit' && event.code !== '' && amountError(context.amount) === null,
    trialRefusal: (_, params: { error: unknown }) => isTrialRefusal(params.error),
  },
}).createMachine({
  id: 'walletTransfer',
  context: { ...MONEY_FORM_START, direction: 'in', code: null, movedMainMinor: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'wallet.direction': { actions: 'setDirection' },
        'wallet.code': { actions: 'setCode' },
        'wallet.amount': { actions: 'setAmount' },
        'wallet.submit': [{ guard: 'canSend', target: 'transferring', actions: 'check' }, { actions: 'check' }],
        'wallet.recall': { target: 'recalling', actions: 'startRecall' },
      },
    },
    transferring: {
      invoke: {
        id: 'transfer',
        src: 'transfer',
        input: ({ context }) => ({
          direction: context.direction,
          code: context.code!,
          amountMinor: parseAmountInput(context.amount)!,
          attempt: context.attempt,
        }),
        onDone: { target: 'editing', actions: { type: 'storeMoved', params: ({ event }) => ({ mainMinor: event.output.mainMinor, emptyForm: true }) } },
        onError: moneyRefused('editing'),
      },
    },
    recalling: {
      invoke: {
        id: 'recall',
        src: 'recall',
        input: ({ context }) => ({ attempt: context.attempt }),
        // A recall moved the money too: the next move is a new attempt (a repeated key would be refused or ignored).
        onDone: { target: 'editing', actions: { type: 'storeMoved', params: ({ event }) => ({ mainMinor: event.output.mainMinor, emptyForm: false }) } },
        onError: moneyRefused('editing'),
      },
    },
  },
});
