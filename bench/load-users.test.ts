import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CallFailed, type TSiteUser } from './load-client.ts';
import { DEPOSIT_EVERY_MS, LOAD_GAMES, MEMBER_ACTIONS, pickWeighted, runAgent, runMember, type TMemberContext } from './load-users.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** Answers of a site where everything goes well, by procedure. */
function answer(proc: string, input: unknown): unknown {
  switch (proc) {
    case 'catalogue.launch':
      return { url: `/seamless?game=${(input as { nodeId: string }).nodeId}&ticket=t-${(input as { nodeId: string }).nodeId}` };
    case 'games.open':
      return { token: `token-${(input as { ticket: string }).ticket}`, game: { nodeId: (input as { ticket: string }).ticket.slice(2) } };
    case 'games.crashLive':
      return { serverNow: 1_000, round: { phase: 'betting', bettingEndsAt: 5_000 } };
    case 'games.lotteryState':
      return { serverTime: iso(0), open: { drawId: '7', closesAt: iso(60_000) }, bets: [] };
    case 'deposit.channels':
      return { channels: [{ id: 3, autoSettleSeconds: 5, minMinor: 10_000, maxMinor: 1_000_000, quickAmountsMinor: [10_000, 50_000] }] };
    default:
      return {};
  }
}

/** A fake site that logs every call and answers as `answer` does, or fails the calls `fails` names. */
function fakeSite(fails: (proc: string) => boolean = () => false) {
  const calls: { proc: string; input: unknown }[] = [];
  const call = async (proc: string, input: unknown) => {
    calls.push({ proc, input });
    if (fails(proc)) throw new CallFailed(proc);
    return answer(proc, input);
  };
  const site: TSiteUser = {
    query: (proc, input) => call(proc, input) as Promise<never>,
    mutate: (proc, input) => call(proc, input) as Promise<never>,
    batch: (name, list) => call(name, list) as Promise<never>,
  };
  return { site, calls };
}

/** A member that takes `actions` in turn (after home) and stops after the last. */
function member(site: TSiteUser, actions: string[], clock = { now: 0 }): TMemberContext {
  let taken = 0;
  let keys = 0;
  // pickWeighted draws one number per action; aim it at the middle of the wanted action's weight.
  const total = MEMBER_ACTIONS.reduce((n, [, w]) => n + w, 0);
  const aim = (name: string) => {
    let before = 0;
    for (const [a, w] of MEMBER_ACTIONS) {
      if (a === name) return (before + w / 2) / total;
      before += w;
    }
    throw new Error(name);
  };
  const queue = actions.map(aim);
  let inPick = false;
  return {
    site,
    random: () => {
      if (inPick) {
        inPick = false;
        return queue.shift() ?? 0;
      }
      return 0.5;
    },
    pause: async (kind) => {
      if (kind === 'think') {
        taken++;
        inPick = true;
      }
    },
    live: () => taken <= actions.length,
    now: () => clock.now,
    depositKey: () => `load-key-${++keys}`,
  };
}

describe('pickWeighted', () => {
  it('answers each choice over its share of [0, 1)', () => {
    const choices = [
      ['a', 1],
      ['b', 3],
    ] as const;
    for (const [r, want] of [
      [0, 'a'],
      [0.24, 'a'],
      [0.25, 'b'],
      [0.999, 'b'],
    ] as const)
      assert.equal(
        pickWeighted(choices, () => r),
        want,
      );
  });
});

describe('runMember', () => {
  it('opens home first, then does each thing asked, closing every game it opened', async () => {
    const { site, calls } = fakeSite();
    await runMember(member(site, ['games', 'slot', 'crash', 'lottery', 'deposit', 'records']));
    const procs = calls.map((c) => c.proc);
    assert.deepEqual(procs.slice(0, 3), ['config.screen', 'home data (batch of 8)', 'member.balance']);
    assert.ok(procs.includes('catalogue.games'));
    assert.ok(procs.filter((p) => p === 'games.spin').length >= 3);
    assert.ok(procs.includes('games.crashBet'));
    assert.ok(procs.includes('games.lotteryBet'));
    assert.ok(procs.includes('deposit.create'));
    const launched = calls.filter((c) => c.proc === 'catalogue.launch').map((c) => (c.input as { nodeId: string }).nodeId);
    assert.deepEqual(launched, [LOAD_GAMES.slot, LOAD_GAMES.crash, LOAD_GAMES.lottery]);
    assert.equal(procs.filter((p) => p === 'games.open').length, procs.filter((p) => p === 'games.close').length);
  });

  it('drops only the action whose call failed, and closes the game it was in', async () => {
    const { site, calls } = fakeSite((proc) => proc === 'games.spin');
    await runMember(member(site, ['slot', 'records']));
    const procs = calls.map((c) => c.proc);
    assert.equal(procs.filter((p) => p === 'games.spin').length, 1);
    assert.ok(procs.indexOf('games.close') > procs.indexOf('games.spin'));
    assert.ok(/^records\.|^deposit\.list$/.test(procs.at(-1)!));
  });

  it('deposits at most once a minute, and reads its deposits instead', async () => {
    const clock = { now: 0 };
    const { site, calls } = fakeSite();
    await runMember(member(site, ['deposit', 'deposit'], clock));
    assert.equal(calls.filter((c) => c.proc === 'deposit.create').length, 1);
    clock.now = DEPOSIT_EVERY_MS;
    const again = fakeSite();
    await runMember(member(again.site, ['deposit'], clock));
    assert.equal(again.calls.filter((c) => c.proc === 'deposit.create').length, 1);
  });
});

describe('runAgent', () => {
  it('opens only its agent centre reports', async () => {
    const { site, calls } = fakeSite();
    let pauses = 0;
    let r = 0;
    await runAgent({
      site,
      random: () => (r++ % 10) / 10,
      pause: async () => {
        pauses++;
      },
      live: () => pauses < 20,
      now: () => Date.UTC(2025, 0, 1, 12),
    });
    assert.equal(calls.length, 20);
    assert.deepEqual(new Set(calls.map((c) => c.proc)), new Set(['agent.teamOverview', 'agent.downlines', 'agent.teamBets', 'agent.teamProfit']));
    // The week's overview and today's: both periods asked for.
    assert.equal(new Set(calls.filter((c) => c.proc === 'agent.teamOverview').map((c) => JSON.stringify(c.input))).size, 2);
  });
});
