import { WPS_MESSAGES } from '@wl/schemas/wps/messages';
import { assign, setup } from 'xstate';
import { actorSlot } from '../shared/actor-slot.ts';
import { toFlowError, withError } from '../shared/flow-error.ts';
import { decideLaunch, type TLaunchDecision, type TLaunchInput } from './launch-rules.ts';

/** What starts a game: a tile's node id, or a one-game vendor card's game code (docs/rules/README.md#fields). */
export type TStartTarget = { nodeId: string } | { gameCode: string };

/** The launch call's input: the target, free play or real money. */
export type TStartGameInput = { target: TStartTarget; freeTrial: boolean };

export type TLaunchMachineEvent =
  /** A click on a tile or card: the docs/rules/accounts.md#a-25 facts, and whether it is the free-trial button. */
  | { type: 'launch.request'; request: TLaunchInput; freeTrial: boolean }
  /** The page has carried out a decision that needs no call (popup, dialog, route). */
  | { type: 'launch.handled' };

export type TLaunchMachineContext = {
  request: TLaunchInput | null;
  freeTrial: boolean;
  /** The decision of the docs/rules/games.md rules for the last request. */
  decision: TLaunchDecision | null;
  /** The launched game's address. */
  url: string | null;
  /** Message key of a refused launch (docs/rules/games.md#g-1 / UPSTREAM-NOTES codes), for the page's dialog. */
  error: string | null;
};

export { GAME_ALREADY_OPEN } from './launch-rules.ts';

const decisionOf = (context: TLaunchMachineContext): TLaunchDecision | null => context.decision;

/**
 * docs/rules/games.md#g-1 launch rules as a machine (docs/rules/games.md#g-1), in the spec's order: not logged in → login
 * popup; trial account → in_need_true_account; a lottery vendor → its route; a vendor of many
 * games (VASSALAGE) → the popup game list; otherwise the game starts (free trial skips the login
 * rule, docs/rules/games.md#g-5). Starting calls `startGame` (provided by the page); a refusal ends in `refused`
 * with its key — the platform's 734 (a game already open), 543 (feature off), 727, 459 — or back
 * in `needsLogin` when the session has ended. Every outcome waits for the next request.
 */
export const launchMachine = setup({
  types: {
    context: {} as TLaunchMachineContext,
    events: {} as TLaunchMachineEvent,
  },
  actors: {
    startGame: actorSlot<{ url: string }, TStartGameInput>('startGame'),
  },
  guards: {
    needsLogin: ({ context }) => decisionOf(context)?.kind === 'login',
    trialBlocked: ({ context }) => decisionOf(context)?.kind === 'trialBlocked',
    lotteryRoute: ({ context }) => decisionOf(context)?.kind === 'route',
    vendorPopup: ({ context }) => decisionOf(context)?.kind === 'vendorPopup',
    sessionEnded: (_, params: { error: unknown }) => toFlowError(params.error).messageKey === WPS_MESSAGES.notLoggedIn,
  },
  actions: {
    decide: assign(({ event }) => {
      if (event.type !== 'launch.request') return {};
      // Free trial is offered to visitors (docs/rules/README.md#product, docs/rules/games.md#g-5): it skips the login rule but no other.
      const decision = decideLaunch({ ...event.request, isLoggedIn: event.freeTrial || event.request.isLoggedIn });
      return { request: event.request, freeTrial: event.freeTrial, decision, url: null, error: null };
    }),
    storeUrl: assign((_, params: { url: string }) => ({ url: params.url })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error).messageKey })),
  },
}).createMachine({
  id: 'launch',
  context: { request: null, freeTrial: false, decision: null, url: null, error: null },
  initial: 'idle',
  on: {
    'launch.request': { target: '.deciding', actions: 'decide' },
  },
  states: {
    idle: {},
    deciding: {
      always: [
        { guard: 'needsLogin', target: 'needsLogin' },
        { guard: 'trialBlocked', target: 'trialBlocked' },
        { guard: 'lotteryRoute', target: 'routing' },
        { guard: 'vendorPopup', target: 'vendorPopup' },
        { target: 'starting' },
      ],
    },
    needsLogin: { on: { 'launch.handled': 'idle' } },
    trialBlocked: { on: { 'launch.handled': 'idle' } },
    routing: { on: { 'launch.handled': 'idle' } },
    vendorPopup: { on: { 'launch.handled': 'idle' } },
    starting: {
      invoke: {
        id: 'startGame',
        src: 'startGame',
        input: ({ context }): TStartGameInput => {
          const d = context.decision;
          const target: TStartTarget = d?.kind === 'launchCard' ? { gameCode: d.gameCode } : { nodeId: d?.kind === 'launch' ? d.nodeId : '' };
          // A game code starts only with real money (docs/rules/README.md#fields cards); free trial is by node id.
          return { target, freeTrial: context.freeTrial && 'nodeId' in target };
        },
        onDone: { target: 'opened', actions: { type: 'storeUrl', params: ({ event }) => ({ url: event.output.url }) } },
        onError: [
          { guard: { type: 'sessionEnded', params: withError }, target: 'needsLogin' },
          { target: 'refused', actions: { type: 'storeError', params: withError } },
        ],
      },
    },
    opened: { on: { 'launch.handled': 'idle' } },
    refused: { on: { 'launch.handled': 'idle' } },
  },
});
