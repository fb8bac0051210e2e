import type { SnapshotFrom } from 'xstate';
import { describe, expect } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { pending, settles, walkGraph } from '../testing/graph-coverage.ts';
import { modelTests } from '../testing/model-suite.ts';
import { bet, liveAt } from './crash-fixtures.ts';
import { crashLiveMachine } from './crash-live.machine.ts';
import { crashMachine } from './crash.machine.ts';
import { crashVerifyMachine } from './crash-verify.machine.ts';
import { crashViewAt, targetOf } from './crash-view.ts';

const balances: number[] = [];
const machine = crashMachine.provide({
  actors: { resume: pending(), placeBet: pending(), cashOut: pending(), readBalance: pending() },
  actions: { balance: (_, params) => void balances.push(params.balanceMinor) },
});
type TSnapshot = SnapshotFrom<typeof machine>;

const live = (phase: 'betting' | 'flying' | 'crashed') => ({ type: 'crash.live', answer: { live: liveAt(phase), offsetMs: 0 } });
const answered = (b = bet()) => ({ bet: b, balanceMinor: 9_000 });

const walk = walkGraph(machine, {
  inputs: [undefined],
  events: () => [
    { type: 'crash.stake', stakeMinor: 5000 },
    { type: 'crash.target', text: '2' },
    { type: 'crash.target', text: '1' },
    // A tap in the betting phase, and one in flight (after bettingEndsAt on the page clock).
    { type: 'crash.bet', now: 9_000 },
    { type: 'crash.bet', now: 12_000 },
    { type: 'crash.cashOut', now: 12_000 },
    live('betting'),
    live('flying'),
    live('crashed'),
    ...settles('resume', { bets: [bet()] }, new Error('offline')),
    ...settles('placeBet', answered(), new FlowError('error_insufficient_balance')),
    ...settles('cashOut', answered(bet({ cashOutX100: 150, payoutMinor: 1500 })), new FlowError('crash_too_late')),
    ...settles('readBalance', { balanceMinor: 9_500 }, new Error('offline')),
  ],
  serializeState: (s: TSnapshot) => {
    const c = s.context;
    // The stake and the error message are read by no guard: left out, the walk stays small.
    return JSON.stringify([s.value, c.live?.live.round.phase ?? null, c.mine ? [c.mine.cashOutX100] : null, Number.isNaN(targetOf(c.target))]);
  },
});

describe('crash machine: model', () => {
  modelTests(
    machine,
    walk,
    { claim: 'replays every path: a bet or a cash-out goes only when the round allows it at the tap', recorded: [balances], morePathsThan: 20 },
    (seen, _input, path) => {
      for (const [i, s] of seen.entries()) {
        const before = seen[i - 1];
        const event = path.steps[i]?.event;
        if (!before || !event) continue;
        if (s.matches({ play: 'betting' }) && before.matches({ play: 'idle' })) {
          expect(event.type).toBe('crash.bet');
          const now = (event as { now: number }).now;
          expect(crashViewAt(before.context.live!.live, before.context.mine, now).canBet).toBe(true);
          expect(Number.isNaN(targetOf(before.context.target))).toBe(false);
        }
        if (s.matches({ play: 'cashingOut' }) && before.matches({ play: 'idle' })) {
          expect(crashViewAt(before.context.live!.live, before.context.mine, (event as { now: number }).now).canCashOut).toBe(true);
        }
        // A reload's bet never replaces one the page placed itself.
        if (before.context.mine !== null && (event.type as string) === 'xstate.done.actor.resume') expect(s.context.mine).toBe(before.context.mine);
      }
    },
  );
});

describe('crash live machine: model', () => {
  const live = crashLiveMachine.provide({ actors: { fetchLive: pending() } });
  const liveWalk = walkGraph(live, {
    inputs: [undefined],
    events: () => [
      ...(['betting', 'flying', 'crashed'] as const).map((phase) => ({ type: 'xstate.done.actor.fetchLive', output: { live: liveAt(phase), offsetMs: 0 } })),
      { type: 'xstate.error.actor.fetchLive', error: new Error('offline') },
    ],
    serializeState: (s: SnapshotFrom<typeof live>) => JSON.stringify([s.value, s.context.live?.live.round.phase ?? null]),
  });

  modelTests(live, liveWalk, { claim: 'replays every path: a failed poll never drops the last answer' }, (seen) => {
    for (const [i, s] of seen.entries()) if (s.matches('stale') && seen[i - 1]?.context.live) expect(s.context.live).toBe(seen[i - 1]!.context.live);
  });
});

describe('crash verify machine: model', () => {
  const verify = crashVerifyMachine.provide({ actors: { verify: pending() } });
  const verifyWalk = walkGraph(verify, {
    inputs: [{ serverSeed: '', expectedHash: '', gameCode: 'kite', roundNo: '', mixTickets: null }],
    events: () => [
      { type: 'verify.change', field: 'serverSeed', value: 'seed' },
      { type: 'verify.change', field: 'roundNo', value: '12' },
      { type: 'verify.change', field: 'roundNo', value: '0' },
      { type: 'verify.run' },
      ...settles('verify', { x100: 250, hash: 'h' }, new Error('no crypto')),
    ],
    serializeState: (s: SnapshotFrom<typeof verify>) => JSON.stringify([s.value, s.context.input, s.context.result !== null, s.context.invalid]),
  });

  modelTests(verify, verifyWalk, { claim: 'replays every path: only fields that name a round are recomputed, and a refusal shows no result' }, (seen) => {
    for (const [i, s] of seen.entries()) {
      if (s.matches('checking') && seen[i - 1]?.matches('editing'))
        expect(s.context.input.serverSeed.length > 0 && /^[1-9]/.test(s.context.input.roundNo)).toBe(true);
      if (s.context.invalid) expect(s.context.result).toBeNull();
    }
  });
});
