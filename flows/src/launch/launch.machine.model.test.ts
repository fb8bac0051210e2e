import type { SnapshotFrom } from 'xstate';
import { describe, expect } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { pending, settles, walkGraph } from '../testing/graph-coverage.ts';
import { modelTests } from '../testing/model-suite.ts';
import type { TLaunchInput } from './launch-rules.ts';
import { GAME_ALREADY_OPEN, launchMachine } from './launch.machine.ts';

const machine = launchMachine.provide({ actors: { startGame: pending() } });
type TSnapshot = SnapshotFrom<typeof machine>;

const tile = (over: Partial<TLaunchInput> = {}): TLaunchInput => ({
  isLoggedIn: true,
  isTrial: false,
  vassalage: 'SPINORA',
  gameType: 'RNG',
  isGame: 'GAME',
  gameCode: null,
  nodeId: 'n-1',
  ...over,
});

/** One request of each docs/rules/accounts.md#a-25 branch, and the free-trial button. */
const REQUESTS = [
  { request: tile({ isLoggedIn: false }), freeTrial: false },
  { request: tile({ isLoggedIn: false }), freeTrial: true },
  { request: tile({ isTrial: true }), freeTrial: false },
  { request: tile({ vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT', gameCode: 'VN01', nodeId: null }), freeTrial: false },
  { request: tile({ isGame: 'VASSALAGE', nodeId: null }), freeTrial: false },
  { request: tile(), freeTrial: false },
  { request: tile({ nodeId: null, gameCode: 'CARD01' }), freeTrial: false },
  { request: tile({ nodeId: null, gameCode: null }), freeTrial: false },
];

const walk = walkGraph(machine, {
  inputs: [undefined],
  events: () => [
    ...REQUESTS.map((r) => ({ type: 'launch.request' as const, ...r })),
    { type: 'launch.handled' },
    ...settles('startGame', { url: '/wps/game/demo/n-1?ticket=t' }, new FlowError(GAME_ALREADY_OPEN)),
    { type: 'xstate.error.actor.startGame', error: new FlowError('error_feature_off') },
    { type: 'xstate.error.actor.startGame', error: new FlowError('error_not_logged_in') },
  ],
  serializeState: (s: TSnapshot) =>
    JSON.stringify([s.value, s.context.decision?.kind ?? null, s.context.freeTrial, s.context.request?.isLoggedIn ?? null, s.context.error]),
});

describe('launch machine: model (SPEC §4 launch rules)', () => {
  modelTests(machine, walk, { claim: 'replays every path: the rules hold in their order on every one', morePathsThan: 10 }, (seen) => {
    for (const s of seen) {
      const r = s.context.request;
      if (r === null) continue;
      // A visitor reaches a game only through the free-trial button; a trial account never.
      if (s.matches('starting') || s.matches('opened')) {
        expect(r.isLoggedIn || s.context.freeTrial).toBe(true);
        expect(r.isTrial).toBe(false);
        expect(['launch', 'launchCard']).toContain(s.context.decision?.kind);
      }
      if (s.matches('trialBlocked')) expect(r.isTrial).toBe(true);
      // Lottery vendors always go to their route, before the popup or a start (rule 3 before 4).
      if (r.vassalage === 'TCG_LOTTO_VN' && (r.isLoggedIn || s.context.freeTrial) && !r.isTrial) expect(s.matches('routing') || s.matches('idle')).toBe(true);
      if (s.matches('refused')) expect(s.context.error).not.toBeNull();
    }
  });
});
