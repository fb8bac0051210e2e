import { describe, expect, it } from 'vitest';
import { LIVE_CONFIG_PATH } from '../src/live/config-streams.ts';
import { expectTRPCError } from './errors.ts';
import { ACCOUNTS, sessionOf, useGateway, type THarness } from './harness.ts';
import { openPage } from './live-pages.ts';

/** docs/0037 through real HTTP: the console's category and game switches, and what the site does with them. */

const ROLE_ACCOUNTS = {
  content: { username: 'demo_content', password: 'Content1234' },
  finance: { username: 'demo_finance', password: 'Finance1234' },
} as const;

let h: THarness;
const tokens = { owner: '', content: '', finance: '', member: '' };
useGateway(async (started) => {
  h = started;
  tokens.owner = (await h.client().operator.login.mutate(ACCOUNTS.operator)).token;
  tokens.content = (await h.client().operator.login.mutate(ROLE_ACCOUNTS.content)).token;
  tokens.finance = (await h.client().operator.login.mutate(ROLE_ACCOUNTS.finance)).token;
  tokens.member = sessionOf(await h.client().session.login.mutate(ACCOUNTS.member)).token;
}, {});

const operator = (token: string) => h.client({ token, language: 'en' }).operator;
const headerCategories = async () =>
  (await h.client().config.screen.query({ language: 'en' })).header.entries.flatMap((e) => (e.kind === 'category' ? [e.gameType] : []));
/** Waits on the live stream until the site serves this config version (no sleep: the stream says when). */
async function siteReaches(version: number): Promise<void> {
  const page = await openPage(h.baseUrl + LIVE_CONFIG_PATH);
  await page.reached(version);
  page.close();
}

describe('operator game switches through the gateway', () => {
  it('walks the check ladder: no session and a member session are unauthorised, finance may read but not switch, bad input is refused', async () => {
    const anon = h.client().operator;
    await expectTRPCError(anon.gameCategories.query(), 'UNAUTHORIZED');
    await expectTRPCError(anon.games.query({}), 'UNAUTHORIZED');
    await expectTRPCError(anon.setGameCategory.mutate({ gameType: 'RNG', enabled: false }), 'UNAUTHORIZED');
    await expectTRPCError(anon.setGame.mutate({ nodeId: 'SPINORA-001', enabled: false }), 'UNAUTHORIZED');
    await expectTRPCError(operator(tokens.member).setGame.mutate({ nodeId: 'SPINORA-001', enabled: false }), 'UNAUTHORIZED');

    const finance = operator(tokens.finance);
    expect((await finance.gameCategories.query()).categories).toHaveLength(10);
    expect((await finance.games.query({ search: 'spinora' })).total).toBeGreaterThan(0);
    await expectTRPCError(finance.setGameCategory.mutate({ gameType: 'RNG', enabled: false }), 'FORBIDDEN', 'error_forbidden');
    await expectTRPCError(finance.setGame.mutate({ nodeId: 'SPINORA-001', enabled: false }), 'FORBIDDEN', 'error_forbidden');
    expect((await finance.games.query({ state: 'off' })).total).toBe(0);

    const content = operator(tokens.content);
    await expectTRPCError(content.setGameCategory.mutate({ gameType: 'NOPE' as never, enabled: false }), 'BAD_REQUEST');
    await expectTRPCError(content.setGame.mutate({ nodeId: '', enabled: false }), 'BAD_REQUEST');
    await expectTRPCError(content.games.query({ pageSize: 1000 }), 'BAD_REQUEST');
    await expectTRPCError(content.games.query({ search: 'x'.repeat(101) }), 'BAD_REQUEST');
    await expectTRPCError(content.setGame.mutate({ nodeId: 'NOPE-404', enabled: false }), 'NOT_FOUND', 'error_not_found');

    // The built-in games' rounds (docs/0043): money.read, so finance reads and content may not.
    const range = { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() };
    await expectTRPCError(anon.gameRounds.query(range), 'UNAUTHORIZED');
    await expectTRPCError(content.gameRounds.query(range), 'FORBIDDEN', 'error_forbidden');
    const rounds = await finance.gameRounds.query(range);
    expect(rounds).toMatchObject({ total: 0, betMinor: 0, winMinor: 0 });
    expect(rounds.games.map((g) => [g.nodeId, g.engine]).sort()).toEqual([
      ['WLG_CRASH_KITE', 'crash'],
      ['WLG_LOTTO_3D', 'lottery'],
      ['WLG_SLOT_BENGAL', 'slot'],
    ]);
    await expectTRPCError(finance.gameRounds.query({ from: range.to, to: range.from }), 'BAD_REQUEST');
  });

  it('a category switched off leaves the header and the game lists of the site live, and comes back', async () => {
    const content = operator(tokens.content);
    expect(await headerCategories()).toContain('LIVE');
    const off = await content.setGameCategory.mutate({ gameType: 'LIVE', enabled: false });
    expect(off.categories.find((c) => c.gameType === 'LIVE')!.enabled).toBe(false);
    try {
      await siteReaches((await content.config.query()).version);
      expect(await headerCategories()).not.toContain('LIVE');
      expect((await h.client().catalogue.games.query({ gameType: 'LIVE', pageNo: 1, pageSize: 24, language: 'en' })).total).toBe(0);
    } finally {
      await content.setGameCategory.mutate({ gameType: 'LIVE', enabled: true });
    }
    await siteReaches((await content.config.query()).version);
    expect(await headerCategories()).toContain('LIVE');
    const audit = await operator(tokens.owner).audit.query({ action: 'catalogue.category.set' });
    expect(audit.entries.slice(0, 2).map((e) => [e.operatorUsername, e.before, e.after])).toEqual([
      ['demo_content', { gameType: 'LIVE', enabled: false }, { gameType: 'LIVE', enabled: true }],
      ['demo_content', { gameType: 'LIVE', enabled: true }, { gameType: 'LIVE', enabled: false }],
    ]);
  });

  it('a game switched off leaves the lists and its launch is refused even from a page that still shows it', async () => {
    const content = operator(tokens.content);
    const found = await content.games.query({ search: 'SPINORA', gameType: 'RNG', pageSize: 5 });
    const game = found.games[0]!;
    const member = h.client({ token: tokens.member });
    const named = { vassalage: game.vassalage, gameName: game.nameEn, pageNo: 1, pageSize: 24, language: 'en' } as const;
    expect((await h.client().catalogue.games.query(named)).games.map((g) => g.nodeId)).toContain(game.nodeId);
    expect((await member.catalogue.launch.mutate({ nodeId: game.nodeId, freeTrial: false })).url).toContain(game.nodeId);

    expect(await content.setGame.mutate({ nodeId: game.nodeId, enabled: false })).toMatchObject({ nodeId: game.nodeId, enabled: false });
    try {
      await siteReaches((await content.config.query()).version);
      expect((await h.client().catalogue.games.query(named)).games.map((g) => g.nodeId)).not.toContain(game.nodeId);
      await expectTRPCError(member.catalogue.launch.mutate({ nodeId: game.nodeId, freeTrial: false }), 'FORBIDDEN', 'error_feature_off');
      expect((await content.games.query({ state: 'off' })).games.map((g) => g.nodeId)).toEqual([game.nodeId]);
    } finally {
      await content.setGame.mutate({ nodeId: game.nodeId, enabled: true });
    }
    expect((await member.catalogue.launch.mutate({ nodeId: game.nodeId, freeTrial: false })).url).toContain(game.nodeId);
    const audit = await operator(tokens.owner).audit.query({ action: 'catalogue.game.set', pageSize: 2 });
    expect(audit.entries.map((e) => e.after)).toEqual([
      expect.objectContaining({ nodeId: game.nodeId, enabled: true }),
      expect.objectContaining({ nodeId: game.nodeId, enabled: false }),
    ]);
  });
});
