import type { TWlgCrashLive } from '@wl/schemas/wps/wlg-crash';
import { assign, setup } from 'xstate';
import { actorSlot } from '../shared/actor-slot.ts';

/** How often the page asks for the round's live state: a little faster in flight, when a crash is news. */
export const CRASH_POLL_MS = { betting: 1000, flying: 750, crashed: 1000, failed: 3000 } as const;

/** One live answer, with the offset that turns the server's clock into the page's. */
export type TCrashLiveAnswer = { live: TWlgCrashLive; offsetMs: number };

/**
 * Polls a crash game's public live state (docs/0042 says why polling): one small answer the gateway
 * and the platform share between every page within a tick, asked for again after a delay that
 * follows the round's phase; a failed poll leaves the last answer shown (stale) and tries again
 * later. Actor to provide: fetchLive (the caller computes the clock offset).
 */
export const crashLiveMachine = setup({
  types: { context: {} as { live: TCrashLiveAnswer | null } },
  actors: { fetchLive: actorSlot<TCrashLiveAnswer, void>('fetchLive') },
  delays: {
    poll: ({ context }) => (context.live ? CRASH_POLL_MS[context.live.live.round.phase] : CRASH_POLL_MS.failed),
    retry: CRASH_POLL_MS.failed,
  },
  actions: { storeLive: assign((_, params: { answer: TCrashLiveAnswer }) => ({ live: params.answer })) },
}).createMachine({
  id: 'crashLive',
  context: { live: null },
  initial: 'fetching',
  states: {
    fetching: {
      invoke: {
        id: 'fetchLive',
        src: 'fetchLive',
        onDone: { target: 'waiting', actions: { type: 'storeLive', params: ({ event }) => ({ answer: event.output }) } },
        onError: 'stale',
      },
    },
    waiting: { after: { poll: 'fetching' } },
    stale: { after: { retry: 'fetching' } },
  },
});
