import { CRASH_STAKES_MINOR } from '@wl/schemas/games/crash';
import type { TCrashBet, TWlgCrashBetResponse } from '@wl/schemas/wps/wlg-crash';
import { assign, raise, setup } from 'xstate';
import { actionSlot, actorSlot } from '../shared/actor-slot.ts';
import { storeFailure, toFlowError } from '../shared/flow-error.ts';
import type { TCrashLiveAnswer } from './crash-live.machine.ts';
import { crashViewAt, targetOf } from './crash-view.ts';

/** How often an open page tells its game session it is still there (and reads the balance). */
export const CRASH_KEEP_ALIVE_MS = 60_000;

export type TCrashEvent =
  | { type: 'crash.stake'; stakeMinor: number }
  | { type: 'crash.target'; text: string }
  /** A tap on bet or cash-out, with the server's "now" on the page: the machine decides whether it may go. */
  | { type: 'crash.bet'; now: number }
  | { type: 'crash.cashOut'; now: number }
  /** A new live answer (from the crash live machine). */
  | { type: 'crash.live'; answer: TCrashLiveAnswer }
  /** Raised by the machine: read the balance now. */
  | { type: 'crash.refresh' };

export type TCrashContext = {
  live: TCrashLiveAnswer | null;
  stakeMinor: number;
  /** The auto cash-out target as typed. */
  target: string;
  /** The page's last bet (found again after a reload). */
  mine: TCrashBet | null;
  /** Message key of the last refused bet or cash-out. */
  error: string | null;
};

/** A crash or the next round settles a riding bet on the server: a polled phase change means the balance moved. */
function settlesRiding(context: TCrashContext, next: TCrashLiveAnswer): boolean {
  const before = context.live?.live.round.phase ?? null;
  const phase = next.live.round.phase;
  return before !== phase && context.mine !== null && context.mine.cashOutX100 === null && phase !== 'flying';
}

/** A bet or a cash-out answered: the bet as it now stands and the balance after it; refused: the message. */
const betAnswered = {
  onDone: {
    target: 'idle',
    actions: [
      { type: 'storeBet', params: ({ event }: { event: { output: TWlgCrashBetResponse } }) => ({ answer: event.output }) },
      { type: 'balance', params: ({ event }: { event: { output: TWlgCrashBetResponse } }) => ({ balanceMinor: event.output.balanceMinor }) },
    ],
  },
  onError: { target: 'idle', actions: storeFailure },
} as const;

/**
 * The crash game's page (docs/0042) around the shared round the live machine reads: keeps the game
 * session open while the page is, finds the page's last bet again, places a bet or cashes out when
 * the round allows it at the tap's instant (the server decides with its own clock), and reads the
 * balance when a crash settles the riding bet. Actors to provide: resume (the session's last bets),
 * placeBet, cashOut, readBalance. Action to provide: balance (the new balance after a bet, a
 * cash-out or a read).
 */
export const crashMachine = setup({
  types: { context: {} as TCrashContext, events: {} as TCrashEvent },
  actors: {
    resume: actorSlot<{ bets: TCrashBet[] }, void>('resume'),
    placeBet: actorSlot<TWlgCrashBetResponse, { stakeMinor: number; autoCashOutX100?: number }>('placeBet'),
    cashOut: actorSlot<TWlgCrashBetResponse, { betId: string }>('cashOut'),
    readBalance: actorSlot<{ balanceMinor: number }, void>('readBalance'),
  },
  delays: { keepAlive: CRASH_KEEP_ALIVE_MS },
  guards: {
    settlesRiding: ({ context, event }) => event.type === 'crash.live' && settlesRiding(context, event.answer),
    canBet: ({ context, event }) =>
      event.type === 'crash.bet' &&
      context.live !== null &&
      !Number.isNaN(targetOf(context.target)) &&
      crashViewAt(context.live.live, context.mine, event.now).canBet,
    canCashOut: ({ context, event }) =>
      event.type === 'crash.cashOut' && context.live !== null && crashViewAt(context.live.live, context.mine, event.now).canCashOut,
  },
  actions: {
    balance: actionSlot<{ balanceMinor: number }>('balance'),
    storeLive: assign(({ event }) => (event.type === 'crash.live' ? { live: event.answer } : {})),
    resumeBet: assign(({ context }, params: { bets: TCrashBet[] }) => ({ mine: context.mine ?? params.bets[0] ?? null })),
    storeBet: assign((_, params: { answer: TWlgCrashBetResponse }) => ({ mine: params.answer.bet })),
    storeFailure: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error).messageKey })),
    clearError: assign({ error: null }),
    setStake: assign(({ event }) => (event.type === 'crash.stake' ? { stakeMinor: event.stakeMinor } : {})),
    setTarget: assign(({ event }) => (event.type === 'crash.target' ? { target: event.text } : {})),
    refreshBalance: raise({ type: 'crash.refresh' }),
  },
}).createMachine({
  id: 'crash',
  context: { live: null, stakeMinor: CRASH_STAKES_MINOR[0], target: '', mine: null, error: null },
  type: 'parallel',
  on: {
    'crash.live': [{ guard: 'settlesRiding', actions: ['storeLive', 'refreshBalance'] }, { actions: 'storeLive' }],
  },
  states: {
    resume: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'resume',
            src: 'resume',
            onDone: { target: 'done', actions: { type: 'resumeBet', params: ({ event }) => ({ bets: event.output.bets }) } },
            onError: 'done',
          },
        },
        done: {},
      },
    },
    play: {
      initial: 'idle',
      // The stake and the target stay editable while a bet or a cash-out is on its way.
      on: { 'crash.stake': { actions: 'setStake' }, 'crash.target': { actions: 'setTarget' } },
      states: {
        idle: {
          on: {
            'crash.bet': { guard: 'canBet', target: 'betting', actions: 'clearError' },
            'crash.cashOut': { guard: 'canCashOut', target: 'cashingOut', actions: 'clearError' },
          },
        },
        betting: {
          invoke: {
            id: 'placeBet',
            src: 'placeBet',
            input: ({ context }) => {
              const target = targetOf(context.target);
              return { stakeMinor: context.stakeMinor, ...(target !== null ? { autoCashOutX100: target } : {}) };
            },
            ...betAnswered,
          },
        },
        cashingOut: {
          invoke: {
            id: 'cashOut',
            src: 'cashOut',
            input: ({ context }) => ({ betId: context.mine!.betId }),
            ...betAnswered,
          },
        },
      },
    },
    /** Watching is playing: the game session (idle-closed after 15 minutes) stays open while the page is, and the balance stays fresh. */
    balance: {
      initial: 'idle',
      states: {
        idle: { after: { keepAlive: 'reading' }, on: { 'crash.refresh': 'reading' } },
        reading: {
          invoke: {
            id: 'readBalance',
            src: 'readBalance',
            onDone: { target: 'idle', actions: { type: 'balance', params: ({ event }) => ({ balanceMinor: event.output.balanceMinor }) } },
            onError: 'idle',
          },
        },
      },
    },
  },
});
