import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@wl/gateway';
import { startEmbeddedPlatform, type TEmbeddedPlatform } from '@wl/platform/embedded';
import { gatewayClient } from './client.ts';
import { parseTrafficArgs } from './options.ts';
import { runTraffic } from './traffic.ts';

/**
 * docs/0043: the traffic run against a real site in this process — the embedded platform (PGlite
 * in memory, with its jobs: the simulated deposit settles by one) behind a real gateway on a port,
 * reached over HTTP like `pnpm demo:traffic` reaches a started site. The gateway's per-session play
 * limit is set low so the run has to wait out 429s.
 */

let platform: TEmbeddedPlatform;
let gateway: Awaited<ReturnType<typeof buildApp>>;
let url = '';
const SECRET = 'demo-traffic-test-secret';

beforeAll(async () => {
  platform = await startEmbeddedPlatform({ memory: true, jobs: true, gatewaySecret: SECRET });
  gateway = await buildApp({
    upstreamUrl: platform.url,
    merchantCode: 'DEMO',
    gatewaySecret: SECRET,
    logger: false,
    publicCacheMs: 0,
    // One play per session every 2 s: six rounds in a row must wait, unless each round took longer than
    // that (a ceiling for a stuck machine, as the test timeouts are; at 4 a second a loaded machine
    // played slower than the limit and never waited).
    rateLimits: { gamePlay: { subject: { limit: 1, windowMs: 2000 } } },
  });
  url = await gateway.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await gateway?.close();
  await platform?.close();
});

const lastHour = () => ({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() });

describe('demo traffic', () => {
  it('plays the slot for two seeded members through the gateway: records, profit and the winner board follow', async () => {
    const site = gatewayClient(url);
    const boardBefore = await site.content.winnerBoard.query({ language: 'en' });
    expect(boardBefore.some((w) => w.vo.vassalage === 'WLG')).toBe(false);

    // The slot only: a lottery bet waits for its draw (minutes) and a crash bet for its round (~10 s).
    const summary = await runTraffic({ url, members: 2, rounds: 6, minutes: null, concurrency: 2, topUpWaitMs: 45_000, engines: ['slot'] });

    expect(summary.stopped).toEqual([]);
    expect(summary).toMatchObject({ members: 2, rounds: 12, currencySymbol: '৳' });
    expect(summary.byMember.demo_member?.rounds).toBe(6);
    expect(summary.byMember.demo_down1?.rounds).toBe(6);
    // demo_down1 starts with nothing: it deposited on the simulated channel and played once it settled.
    expect(summary.topUps).toBeGreaterThanOrEqual(1);
    // Six rounds in a row on a limit of one per 2 s per session: the run waited instead of failing.
    expect(summary.backoff.waits).toBeGreaterThan(0);

    // Each member's profit and loss holds exactly what the run staked and won for it.
    for (const account of [
      { username: 'demo_member', password: 'Demo1234' },
      { username: 'demo_down1', password: 'Down1234' },
    ]) {
      const login = await site.session.login.mutate(account);
      if (login?.kind !== 'session') throw new Error(`${account.username} did not log in`);
      const member = gatewayClient(url, login.token);
      const profit = await member.records.profit.query(lastHour());
      const mine = summary.byMember[account.username]!;
      expect(profit).toMatchObject({ stakeMinor: mine.betMinor, payoutMinor: mine.wonMinor });
      const bets = await member.records.bets.query({ ...lastHour(), type: 'bet' });
      expect(bets.total).toBe(mine.rounds);
    }
    // Every paying round is on the board (up to its 20 rows), before the seeded history.
    const board = await site.content.winnerBoard.query({ language: 'en' });
    expect(board.filter((w) => w.vo.vassalage === 'WLG')).toHaveLength(Math.min(20, summary.wins));
  });

  it('reads its options, refusing bad ones by name', () => {
    expect(parseTrafficArgs(['--members', '2', '--minutes', '1.5', '--games', 'slot'])).toMatchObject({
      url: 'http://127.0.0.1:8080',
      members: 2,
      rounds: null,
      minutes: 1.5,
      engines: ['slot'],
    });
    expect(parseTrafficArgs([])).toMatchObject({ rounds: 50, minutes: null, members: 6 });
    expect(parseTrafficArgs(['--help'])).toBeNull();
    expect(() => parseTrafficArgs(['--rounds', '0'])).toThrow('--rounds');
    expect(() => parseTrafficArgs(['--url', 'ftp://x'])).toThrow('--url');
    expect(() => parseTrafficArgs(['--speed', '3'])).toThrow();
  });
});
