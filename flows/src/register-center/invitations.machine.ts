import type { TDownlineRole } from '@wl/schemas/domain/agent-team';
import type { TInvitation } from '@wl/schemas/wps/agent-team-calls';
import { assign, setup } from 'xstate';
import { actorSlot } from '../shared/actor-slot.ts';
import { storeFailure, toFlowError } from '../shared/flow-error.ts';

export type TInvitationsEvent =
  | { type: 'invite.role'; role: TDownlineRole }
  | { type: 'invite.create' }
  | { type: 'invite.page'; pageNo: number }
  /** A row was enabled, disabled or deleted; `note` says so (empty: nothing to say). */
  | { type: 'invite.changed'; id: number; note: string };

export type TInvitationsContext = {
  role: TDownlineRole;
  /** The code just made, shown with its link, QR and copy buttons until it is changed in the list. */
  latest: TInvitation | null;
  /** Page of the link-management list (the page reads the list itself). */
  pageNo: number;
  /** What the last row change said (e.g. which code was deleted). */
  note: string | null;
  /** Message key of the last refused create. */
  error: string | null;
};

/**
 * registerCenter's invitation links (docs/0051): make a code for a member or an agent, show the code
 * just made, and page through every code. A new code sends the list back to its first page; a change
 * to the code just made hides it. Actor to provide: createInvitation (the caller refreshes its list).
 */
export const invitationsMachine = setup({
  types: {
    context: {} as TInvitationsContext,
    events: {} as TInvitationsEvent,
  },
  actors: {
    createInvitation: actorSlot<TInvitation, { role: TDownlineRole }>('createInvitation'),
  },
  actions: {
    setRole: assign(({ event }) => (event.type === 'invite.role' ? { role: event.role } : {})),
    setPage: assign(({ event }) => (event.type === 'invite.page' ? { pageNo: event.pageNo } : {})),
    noteChange: assign(({ context, event }) => {
      if (event.type !== 'invite.changed') return {};
      return { note: event.note || null, latest: context.latest?.id === event.id ? null : context.latest };
    }),
    clearError: assign({ error: null }),
    storeCreated: assign((_, params: { invitation: TInvitation }) => ({ latest: params.invitation, note: null, pageNo: 1 })),
    storeFailure: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error).messageKey })),
  },
}).createMachine({
  id: 'invitations',
  context: { role: 'member', latest: null, pageNo: 1, note: null, error: null },
  on: {
    'invite.role': { actions: 'setRole' },
    'invite.page': { actions: 'setPage' },
    'invite.changed': { actions: 'noteChange' },
  },
  initial: 'idle',
  states: {
    idle: {
      on: { 'invite.create': { target: 'creating', actions: 'clearError' } },
    },
    creating: {
      invoke: {
        id: 'createInvitation',
        src: 'createInvitation',
        input: ({ context }) => ({ role: context.role }),
        onDone: { target: 'idle', actions: { type: 'storeCreated', params: ({ event }) => ({ invitation: event.output }) } },
        onError: { target: 'idle', actions: storeFailure },
      },
    },
  },
});
