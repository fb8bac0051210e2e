import { parseAmountInput } from '@wl/schemas/domain/money';
import type { TDepositChannel } from '@wl/schemas/wps/deposit-calls';
import { assign, setup } from 'xstate';
import { actionSlot, actorSlot } from '../shared/actor-slot.ts';
import { toFlowError } from '../shared/flow-error.ts';
import { isTrialRefusal, moneyRefused } from '../transfer/money-form.ts';

/** The limits an amount is checked against. */
export type TDepositLimits = Pick<TDepositChannel, 'minMinor' | 'maxMinor'>;
export type TDepositAmountProblem = 'amount_invalid' | 'deposit_amount_below_min' | 'deposit_amount_above_max';

/**
 * What is wrong with an amount typed for a channel, or null: the same rules the platform enforces
 * (a positive amount with at most 2 decimals, within the channel's min and max).
 */
export function amountProblem(text: string, channel: TDepositLimits): TDepositAmountProblem | null {
  const minor = parseAmountInput(text);
  if (minor === null) return 'amount_invalid';
  if (minor < channel.minMinor) return 'deposit_amount_below_min';
  if (minor > channel.maxMinor) return 'deposit_amount_above_max';
  return null;
}

/**
 * The create call. `attempt` names one deposit attempt: the caller sends the same idempotency key for
 * the same attempt (a resend after a failure), a new one for a new attempt.
 */
export type TDepositRequest = { channelId: number; amountMinor: number; attempt: number };

/** An order's status as the member's deposit list shows it. */
export type TDepositStatus = 'pending' | 'approved' | 'rejected';

export type TDepositEvent =
  | { type: 'deposit.channel'; channelId: number }
  /** Typed text, or a quick amount written out as text. */
  | { type: 'deposit.amount'; text: string }
  /** The page says which channel is chosen (the first one until the member picks) with its limits. */
  | { type: 'deposit.submit'; channel: Pick<TDepositChannel, 'id' | 'minMinor' | 'maxMinor'> }
  /** What the deposit list says of the open order (the platform or an operator settles it). */
  | { type: 'deposit.orderStatus'; id: number; status: TDepositStatus };

export type TDepositContext = {
  /** Chosen channel; null: the first one the page lists. */
  channelId: number | null;
  amount: string;
  /** Message key under the amount (the local check, or the field the server named). */
  fieldError: string | null;
  /** Message key of a refusal that names no field. */
  formError: string | null;
  /** Deposit attempt number: changes with the channel, the amount and after every order made. */
  attempt: number;
  /** The order made here, shown until the page is left. */
  orderId: number | null;
};

/** Fields of the create call whose refusal goes under the amount. */
const AMOUNT_FIELDS = ['amountMinor', 'channelId'];

function fieldIssue(error: unknown): string | null {
  const fields = toFlowError(error).details.fieldErrors ?? {};
  const field = AMOUNT_FIELDS.find((f) => fields[f] !== undefined);
  return field === undefined ? null : fields[field]!.key;
}

const orderIs =
  (status: TDepositStatus) =>
  ({ context, event }: { context: TDepositContext; event: TDepositEvent }) =>
    event.type === 'deposit.orderStatus' && event.id === context.orderId && event.status === status;

/**
 * Member deposit (docs/rules/money.md#m-6 depositv2): choose a channel, type or pick an amount, submit (checked here
 * as on the platform), then follow the order until it is approved or rejected. A trial account's
 * refusal is not a form error: the caller shows its notice. Actors to provide: createDeposit
 * (answers the order id). Actions to provide: trialRefused (show the notice), approved (refresh the
 * balance: the money arrived).
 */
export const depositMachine = setup({
  types: { context: {} as TDepositContext, events: {} as TDepositEvent },
  actors: { createDeposit: actorSlot<{ id: number }, TDepositRequest>('createDeposit') },
  actions: {
    trialRefused: actionSlot('trialRefused'),
    approved: actionSlot('approved'),
    setChannel: assign(({ context, event }) =>
      event.type === 'deposit.channel' ? { channelId: event.channelId, fieldError: null, attempt: context.attempt + 1 } : {},
    ),
    setAmount: assign(({ context, event }) => (event.type === 'deposit.amount' ? { amount: event.text, fieldError: null, attempt: context.attempt + 1 } : {})),
    accept: assign(({ event }) => (event.type === 'deposit.submit' ? { channelId: event.channel.id, fieldError: null, formError: null } : {})),
    refuseAmount: assign(({ context, event }) =>
      event.type === 'deposit.submit' ? { fieldError: amountProblem(context.amount, event.channel), formError: null } : {},
    ),
    storeOrder: assign(({ context }, params: { id: number }) => ({ orderId: params.id, amount: '', attempt: context.attempt + 1 })),
    storeFailure: assign((_, params: { error: unknown }) => {
      const field = fieldIssue(params.error);
      return field === null ? { formError: toFlowError(params.error).messageKey } : { fieldError: field };
    }),
  },
  guards: {
    amountValid: ({ context, event }) => event.type === 'deposit.submit' && amountProblem(context.amount, event.channel) === null,
    trialRefusal: (_, params: { error: unknown }) => isTrialRefusal(params.error),
    orderPending: orderIs('pending'),
    orderApproved: orderIs('approved'),
    orderRejected: orderIs('rejected'),
  },
}).createMachine({
  id: 'deposit',
  context: { channelId: null, amount: '', fieldError: null, formError: null, attempt: 0, orderId: null },
  type: 'parallel',
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'deposit.channel': { actions: 'setChannel' },
            'deposit.amount': { actions: 'setAmount' },
            'deposit.submit': [{ guard: 'amountValid', target: 'submitting', actions: 'accept' }, { actions: 'refuseAmount' }],
          },
        },
        submitting: {
          invoke: {
            id: 'createDeposit',
            src: 'createDeposit',
            input: ({ context }) => ({ channelId: context.channelId!, amountMinor: parseAmountInput(context.amount)!, attempt: context.attempt }),
            onDone: {
              target: ['editing', '#deposit.order.waiting'],
              actions: { type: 'storeOrder', params: ({ event }) => ({ id: event.output.id }) },
            },
            onError: moneyRefused('editing'),
          },
        },
      },
    },
    order: {
      initial: 'none',
      states: {
        /** No order made on this visit. */
        none: {},
        /** Made; the list has not said its status yet. */
        waiting: {
          on: {
            'deposit.orderStatus': [
              { guard: 'orderPending', target: 'pending' },
              { guard: 'orderApproved', target: 'approved' },
              { guard: 'orderRejected', target: 'rejected' },
            ],
          },
        },
        /** The page asks for the list now and then while the order is pending. */
        pending: {
          on: {
            'deposit.orderStatus': [
              { guard: 'orderApproved', target: 'approved' },
              { guard: 'orderRejected', target: 'rejected' },
            ],
          },
        },
        approved: { entry: 'approved' },
        rejected: {},
      },
    },
  },
});
