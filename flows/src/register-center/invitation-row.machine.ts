import { assign, setup } from 'xstate';
import { actorSlot } from '../shared/actor-slot.ts';
import { storeFailure, toFlowError } from '../shared/flow-error.ts';

export type TInvitationRowInput = { id: number };

export type TInvitationRowEvent =
  | { type: 'row.qr' }
  /** Turns the code on or off; the page says which, from the row it shows now. */
  | { type: 'row.toggle'; enabled: boolean }
  | { type: 'row.delete' }
  | { type: 'row.deleteConfirm' }
  | { type: 'row.deleteCancel' };

export type TInvitationRowContext = {
  id: number;
  /** Message key of the last refused change. */
  error: string | null;
};

/**
 * One code in registerCenter's link management (docs/0051). Three things go on side by side: its
 * QR code shown or hidden, turning it on or off, and deleting it behind a confirmation. A new call
 * clears the last refusal. Actors to provide: setEnabled, remove (the caller refreshes its list and
 * tells the invitations machine).
 */
export const invitationRowMachine = setup({
  types: {
    context: {} as TInvitationRowContext,
    events: {} as TInvitationRowEvent,
    input: {} as TInvitationRowInput,
  },
  actors: {
    setEnabled: actorSlot<void, { id: number; enabled: boolean }>('setEnabled'),
    remove: actorSlot<void, { id: number }>('remove'),
  },
  actions: {
    clearError: assign({ error: null }),
    storeFailure: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error).messageKey })),
  },
}).createMachine({
  id: 'invitationRow',
  context: ({ input }) => ({ id: input.id, error: null }),
  type: 'parallel',
  states: {
    qr: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'row.qr': 'shown' } },
        shown: { on: { 'row.qr': 'hidden' } },
      },
    },
    toggle: {
      initial: 'idle',
      states: {
        idle: { on: { 'row.toggle': { target: 'saving', actions: 'clearError' } } },
        saving: {
          invoke: {
            id: 'setEnabled',
            src: 'setEnabled',
            input: ({ context, event }) => ({ id: context.id, enabled: event.type === 'row.toggle' ? event.enabled : false }),
            onDone: 'idle',
            onError: { target: 'idle', actions: storeFailure },
          },
        },
      },
    },
    remove: {
      initial: 'idle',
      states: {
        idle: { on: { 'row.delete': 'confirming' } },
        confirming: {
          on: {
            'row.deleteConfirm': { target: 'deleting', actions: 'clearError' },
            'row.deleteCancel': 'idle',
          },
        },
        deleting: {
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ id: context.id }),
            // The row leaves the list once the caller refreshes it.
            onDone: 'idle',
            onError: { target: 'confirming', actions: storeFailure },
          },
        },
      },
    },
  },
});
