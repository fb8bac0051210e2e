import { crashPointOf } from '@wl/schemas/games/crash';
import { serverSeedHash } from '@wl/schemas/games/fair';
import type { TCrashBet } from '@wl/schemas/wps/wlg-crash';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { CRASH_POLL_MS, crashLiveMachine, type TCrashLiveAnswer } from './crash-live.machine.ts';
import { crashMachine } from './crash.machine.ts';
import { crashVerifyMachine } from './crash-verify.machine.ts';
import { bet, liveAt } from './crash-fixtures.ts';
import { crashOutcomeAt, crashViewAt, targetOf } from './crash-view.ts';
import { failsWith } from '../testing/fixtures.ts';

describe('crash view', () => {
  it('reads auto cash-out targets (Bengali digits too) and refuses what is no multiplier', () => {
    expect(targetOf('')).toBeNull();
    expect(targetOf('2.5')).toBe(250);
    expect(targetOf('×২')).toBe(200);
    for (const bad of ['1', '1.001', 'abc', '1001']) expect(targetOf(bad), bad).toBeNaN();
  });

  it('starts the flight at bettingEndsAt on the page clock and stops the manual cash-out once the auto target passed', () => {
    const live = liveAt('betting');
    expect(crashViewAt(live, null, 9_000)).toMatchObject({ canBet: true, x100: 100 });
    const flying = crashViewAt(live, bet({ autoCashOutX100: 150 }), 10_000 + 6_000);
    expect(flying.round.phase).toBe('flying');
    expect(flying.x100).toBe(200);
    expect(flying.canCashOut).toBe(false);
    expect(crashViewAt(live, bet(), 16_000).canCashOut).toBe(true);
  });

  it('tells the bet: waiting, riding, won at the auto target, lost', () => {
    expect(crashOutcomeAt(bet(), liveAt('betting'), 9_000)).toEqual({ outcome: 'open', waiting: true });
    expect(crashOutcomeAt(bet(), liveAt('flying'), 10_100)).toEqual({ outcome: 'open', waiting: false });
    expect(crashOutcomeAt(bet({ autoCashOutX100: 200 }), liveAt('crashed'), 20_000)).toEqual({ outcome: 'won', x100: 200, payoutMinor: 2000 });
    expect(crashOutcomeAt(bet(), liveAt('betting', 8), 9_000)).toEqual({ outcome: 'lost' });
  });
});

describe('crash machine: examples', () => {
  function start(place: () => Promise<{ bet: TCrashBet; balanceMinor: number }>, resumed: TCrashBet[] = []) {
    const balances: number[] = [];
    let reads = 0;
    const clock = new SimulatedClock();
    const machine = crashMachine.provide({
      actors: {
        resume: fromPromise(async () => ({ bets: resumed })),
        placeBet: fromPromise(place),
        cashOut: fromPromise(async () => ({ bet: bet({ cashOutX100: 150, payoutMinor: 1500 }), balanceMinor: 10_500 })),
        readBalance: fromPromise(async () => {
          reads += 1;
          return { balanceMinor: 9_000 };
        }),
      },
      actions: { balance: (_, params) => void balances.push(params.balanceMinor) },
    });
    const actor = createActor(machine, { clock }).start();
    const live = (phase: 'betting' | 'flying' | 'crashed') => actor.send({ type: 'crash.live', answer: { live: liveAt(phase), offsetMs: 0 } });
    return { actor, clock, live, balances, reads: () => reads };
  }

  it('bets in the betting phase with the auto target, refuses a second bet and a bad target, cashes out in flight', async () => {
    const { actor, live, balances } = start(async () => ({ bet: bet({ autoCashOutX100: 300 }), balanceMinor: 9_000 }));
    live('betting');
    actor.send({ type: 'crash.target', text: '1' });
    actor.send({ type: 'crash.bet', now: 9_000 });
    expect(actor.getSnapshot().matches({ play: 'idle' })).toBe(true);
    actor.send({ type: 'crash.target', text: '3' });
    actor.send({ type: 'crash.bet', now: 9_000 });
    await waitFor(actor, (s) => s.context.mine !== null && s.matches({ play: 'idle' }));
    actor.send({ type: 'crash.bet', now: 9_000 });
    expect(actor.getSnapshot().matches({ play: 'idle' })).toBe(true);
    actor.send({ type: 'crash.cashOut', now: 9_000 });
    expect(actor.getSnapshot().matches({ play: 'idle' })).toBe(true);
    actor.send({ type: 'crash.cashOut', now: 12_000 });
    await waitFor(actor, (s) => s.context.mine?.cashOutX100 === 150);
    expect(balances).toEqual([9_000, 10_500]);
  });

  it('a refused bet says why; the next tap clears it', async () => {
    const { actor, live } = start(failsWith(new FlowError('error_insufficient_balance')));
    live('betting');
    actor.send({ type: 'crash.bet', now: 9_000 });
    await waitFor(actor, (s) => s.context.error !== null);
    actor.send({ type: 'crash.bet', now: 9_000 });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('reads the balance when the crash settles the riding bet, and every minute', async () => {
    // The page's bet rides in this round (found again after a reload).
    const { actor, clock, live, reads } = start(async () => ({ bet: bet(), balanceMinor: 9_000 }), [bet()]);
    await waitFor(actor, (s) => s.context.mine !== null);
    live('flying');
    expect(reads()).toBe(0);
    live('crashed');
    await waitFor(actor, (s) => s.matches({ balance: 'idle' }) && reads() === 1);
    live('crashed');
    clock.increment(60_000);
    await waitFor(actor, () => reads() === 2);
  });
});

describe('crash live machine: examples', () => {
  it('polls faster in flight, and after a failure keeps the last answer and tries again later', async () => {
    const asked: number[] = [];
    const answers: (TCrashLiveAnswer | null)[] = [{ live: liveAt('flying'), offsetMs: 5 }, null, { live: liveAt('crashed'), offsetMs: 5 }];
    const clock = new SimulatedClock();
    const machine = crashLiveMachine.provide({
      actors: {
        fetchLive: fromPromise(async () => {
          asked.push(clock.now());
          const answer = answers.shift();
          if (!answer) throw new Error('offline');
          return answer;
        }),
      },
    });
    const actor = createActor(machine, { clock }).start();
    await waitFor(actor, (s) => s.matches('waiting'));
    clock.increment(CRASH_POLL_MS.flying);
    await waitFor(actor, (s) => s.matches('stale'));
    expect(actor.getSnapshot().context.live?.live.round.phase).toBe('flying');
    clock.increment(CRASH_POLL_MS.failed);
    await waitFor(actor, (s) => s.matches('waiting') && s.context.live?.live.round.phase === 'crashed');
    expect(asked).toEqual([0, 750, 3750]);
  });
});

describe('crash verify machine: examples', () => {
  it('refuses fields that name no round, then recomputes the crash point and the seed hash', async () => {
    const seed = 'a'.repeat(64);
    const actor = createActor(crashVerifyMachine, { input: { serverSeed: '', expectedHash: '', gameCode: 'kite', roundNo: '0', mixTickets: null } }).start();
    actor.send({ type: 'verify.run' });
    expect(actor.getSnapshot().context.invalid).toBe(true);
    actor.send({ type: 'verify.change', field: 'serverSeed', value: seed });
    actor.send({ type: 'verify.change', field: 'roundNo', value: '১২' });
    actor.send({ type: 'verify.run' });
    await waitFor(actor, (s) => s.context.result !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      invalid: false,
      result: { x100: await crashPointOf(seed, 'kite', 12), hash: await serverSeedHash(seed) },
    });
  });
});
