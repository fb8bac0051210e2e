import { assign, setup } from 'xstate';
import { actorSlot } from '../shared/actor-slot.ts';

/** docs/rules/accounts.md#a-21 Session: session-storage keys that survive a logout (the merchant code). */
export const SESSION_KEYS_KEPT_ON_LOGOUT = ['merchant', 'merchantCode'] as const;

export type TLogoutInput = { isAgent: boolean };
export type TLogoutEvent = { type: 'logout.confirm' } | { type: 'logout.cancel' };
export type TLogoutOutput = { loggedOut: true; redirect: '/' | '/agent' } | { loggedOut: false; redirect: null };

/**
 * Logout of docs/rules/accounts.md#a-24: starts at the confirmation; confirm → logout call → the `clearSession` action
 * (the caller clears session storage except SESSION_KEYS_KEPT_ON_LOGOUT and resets login and agent
 * flags) → redirect '/' or '/agent' for agents. A failed call still clears the local session: the
 * server ends it by its idle timeout. Actor to provide: logout; action to provide: clearSession.
 */
export const logoutMachine = setup({
  types: {
    context: {} as { isAgent: boolean; loggedOut: boolean },
    events: {} as TLogoutEvent,
    input: {} as TLogoutInput,
    output: {} as TLogoutOutput,
  },
  actors: {
    logout: actorSlot<void, void>('logout'),
  },
  actions: {
    // Default does nothing: storage belongs to the page; provide() it.
    clearSession: (_, _params: { keep: readonly string[] }) => undefined,
    markLoggedOut: assign({ loggedOut: true }),
  },
}).createMachine({
  id: 'logout',
  context: ({ input }) => ({ isAgent: input.isAgent, loggedOut: false }),
  initial: 'confirming',
  states: {
    confirming: {
      on: {
        'logout.confirm': 'loggingOut',
        'logout.cancel': 'cancelled',
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: 'loggedOut',
        onError: 'loggedOut',
      },
    },
    loggedOut: {
      type: 'final',
      entry: [{ type: 'clearSession', params: { keep: SESSION_KEYS_KEPT_ON_LOGOUT } }, 'markLoggedOut'],
    },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => (context.loggedOut ? { loggedOut: true, redirect: context.isAgent ? '/agent' : '/' } : { loggedOut: false, redirect: null }),
});
