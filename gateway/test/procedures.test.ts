import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZScreenConfig } from '@wl/schemas';
import { expectTRPCError } from './errors.ts';
import { ACCOUNTS, sessionOf, startGateway, type THarness } from './harness.ts';

let h: THarness;
const tokens: Record<'member' | 'trial' | 'agent', string> = { member: '', trial: '', agent: '' };
const huge = 'x'.repeat(10_000);

beforeAll(async () => {
  h = await startGateway();
  const visitor = h.client();
  for (const who of ['member', 'trial', 'agent'] as const) {
    tokens[who] = sessionOf(await visitor.session.login.mutate(ACCOUNTS[who])).token;
  }
});
afterAll(async () => {
  await h?.close();
});

describe('config.screen', () => {
  it.each([
    ['visitor', undefined],
    ['member', 'member'],
    ['trial', 'trial'],
    ['agent', 'agent'],
  ] as const)('answers the %s audience', async (audience, who) => {
    const config = await h.client({ token: who ? tokens[who] : undefined }).config.screen.query({ language: 'en' });
    expect(ZScreenConfig.parse(config).audience).toBe(audience);
    expect(config.language).toBe('en');
    // No address in it: one answer serves every browser (docs/0019); system.clientIp has it.
    expect(config.system).toEqual({ status: 0 });
    expect(config.header.entries.filter((e) => e.kind === 'category').length).toBeGreaterThan(3);
  });

  it('treats a token the upstream refuses as a visitor', async () => {
    const config = await h.client({ token: 'not-a-session' }).config.screen.query({ language: 'bn' });
    expect(config.audience).toBe('visitor');
    expect(config.language).toBe('bn');
  });

  it('gives agents the agent centre and nobody else', async () => {
    const agent = await h.client({ token: tokens.agent }).config.screen.query({ language: 'en' });
    const member = await h.client({ token: tokens.member }).config.screen.query({ language: 'en' });
    expect(agent.agentCentre.length).toBeGreaterThan(0);
    expect(member.agentCentre).toEqual([]);
  });

  it.each([
    ['unknown language', { language: 'fr' }, 'language'],
    ['missing language', {}, 'language'],
    ['wrong type', { language: 5 }, 'language'],
    ['huge string', { language: huge }, 'language'],
  ])('refuses %s with BAD_REQUEST naming the field', async (_name, input, path) => {
    const error = await expectTRPCError(h.client().config.screen.query(input as never), 'BAD_REQUEST', 'error_bad_request');
    expect(error.data?.issues?.map((i) => i.path)).toContain(path);
  });
});

describe('system.status', () => {
  it('answers normal status with the browser address', async () => {
    expect(await h.client().system.status.query()).toEqual({ status: 0, ip: '127.0.0.1' });
  });
});

describe('system.clientIp', () => {
  it('answers the address the gateway sees, for visitors and members alike', async () => {
    expect(await h.client().system.clientIp.query()).toEqual({ ip: '127.0.0.1' });
    expect(await h.client({ token: tokens.member }).system.clientIp.query()).toEqual({ ip: '127.0.0.1' });
  });
});

describe('catalogue', () => {
  it('lists game menus in the requested language', async () => {
    const menus = await h.client({ language: 'en' }).catalogue.gameMenus.query();
    expect(menus.find((m) => m.gameType === 'RNG')?.cards.length).toBeGreaterThan(10);
  });

  it('pages and filters the game list', async () => {
    const page = await h.client().catalogue.games.query({ gameType: 'RNG', pageNo: 1, pageSize: 12, language: 'en' });
    expect(page.games).toHaveLength(12);
    expect(page.games.every((g) => g.gameType === 'RNG')).toBe(true);
    expect(page.totalPages).toBeGreaterThan(1);
    const vendor = page.games[0]!.vassalage;
    const byVendor = await h.client().catalogue.games.query({ vassalage: vendor, pageNo: 1, pageSize: 24, language: 'bn' });
    expect(byVendor.games.every((g) => g.vassalage === vendor)).toBe(true);
  });

  it.each([
    ['pageSize 0', { pageNo: 1, pageSize: 0, language: 'en' }, 'pageSize'],
    ['pageNo as text', { pageNo: 'one', pageSize: 12, language: 'en' }, 'pageNo'],
    ['missing pageNo', { pageSize: 12, language: 'en' }, 'pageNo'],
    ['unknown category', { gameType: 'CARDS', pageNo: 1, pageSize: 12, language: 'en' }, 'gameType'],
    ['10k-char name', { gameName: huge, pageNo: 1, pageSize: 12, language: 'en' }, 'gameName'],
    ['bad vendor code', { vassalage: '<script>', pageNo: 1, pageSize: 12, language: 'en' }, 'vassalage'],
  ])('games refuses %s', async (_name, input, path) => {
    const error = await expectTRPCError(h.client().catalogue.games.query(input as never), 'BAD_REQUEST', 'error_bad_request');
    expect(error.data?.issues?.map((i) => i.path)).toContain(path);
  });

  it('lists hot games', async () => {
    const hot = await h.client().catalogue.hotGames.query({ language: 'en' });
    expect(hot.length).toBeGreaterThan(0);
  });

  describe('favourites and launch: the check ladder', () => {
    const payload = { nodeId: 'RNG_PLACEHOLDER', vendor: 'RNG_PLACEHOLDER', gameType: 'RNG' as const };
    let game: { nodeId: string; vassalage: string; gameType: 'RNG' };

    beforeAll(async () => {
      const page = await h.client().catalogue.games.query({ gameType: 'RNG', pageNo: 1, pageSize: 1, language: 'en' });
      const first = page.games[0]!;
      game = { nodeId: first.nodeId, vassalage: first.vassalage, gameType: 'RNG' };
    });

    it('refuses every member call without a session', async () => {
      const c = h.client();
      await expectTRPCError(c.catalogue.favouriteIds.query(), 'UNAUTHORIZED', 'error_not_logged_in');
      await expectTRPCError(c.catalogue.favourites.query({ pageNo: 1, pageSize: 24 }), 'UNAUTHORIZED');
      await expectTRPCError(c.catalogue.addFavourite.mutate(payload), 'UNAUTHORIZED');
      await expectTRPCError(c.catalogue.removeFavourite.mutate({ nodeId: 'x' }), 'UNAUTHORIZED');
      await expectTRPCError(c.catalogue.launch.mutate({ nodeId: 'x', freeTrial: false }), 'UNAUTHORIZED');
      await expectTRPCError(c.member.info.query(), 'UNAUTHORIZED');
      await expectTRPCError(c.member.balance.query(), 'UNAUTHORIZED');
      await expectTRPCError(c.session.logout.mutate(), 'UNAUTHORIZED');
    });

    it('refuses a token the upstream does not know', async () => {
      await expectTRPCError(h.client({ token: 'forged' }).catalogue.favouriteIds.query(), 'UNAUTHORIZED', 'error_not_logged_in');
      await expectTRPCError(h.client({ token: 'forged' }).member.info.query(), 'UNAUTHORIZED');
    });

    it('tells a trial account a real account is needed', async () => {
      const c = h.client({ token: tokens.trial });
      await expectTRPCError(
        c.catalogue.addFavourite.mutate({ nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType }),
        'FORBIDDEN',
        'in_need_true_account',
      );
      await expectTRPCError(c.catalogue.launch.mutate({ nodeId: game.nodeId, freeTrial: false }), 'FORBIDDEN', 'in_need_true_account');
    });

    it.each([
      ['missing vendor', { nodeId: 'a', gameType: 'RNG' }, 'vendor'],
      ['empty nodeId', { nodeId: '', vendor: 'JL', gameType: 'RNG' }, 'nodeId'],
      ['huge nodeId', { nodeId: huge, vendor: 'JL', gameType: 'RNG' }, 'nodeId'],
      ['gameType as number', { nodeId: 'a', vendor: 'JL', gameType: 3 }, 'gameType'],
    ])('addFavourite refuses %s', async (_name, input, path) => {
      const error = await expectTRPCError(h.client({ token: tokens.member }).catalogue.addFavourite.mutate(input as never), 'BAD_REQUEST');
      expect(error.data?.issues?.map((i) => i.path)).toContain(path);
    });

    it('launch refuses a missing freeTrial flag and a huge node id', async () => {
      const c = h.client({ token: tokens.member });
      await expectTRPCError(c.catalogue.launch.mutate({ nodeId: game.nodeId } as never), 'BAD_REQUEST');
      await expectTRPCError(c.catalogue.launch.mutate({ nodeId: huge, freeTrial: true }), 'BAD_REQUEST');
    });

    it('adds, lists and removes a favourite for a member', async () => {
      const c = h.client({ token: tokens.member });
      await c.catalogue.addFavourite.mutate({ nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType });
      expect((await c.catalogue.favouriteIds.query()).ids).toContain(game.nodeId);
      const list = await c.catalogue.favourites.query({ pageNo: 1, pageSize: 999 });
      expect(list.content.map((g) => g.nodeId)).toContain(game.nodeId);
      await c.catalogue.removeFavourite.mutate({ nodeId: game.nodeId });
      expect((await c.catalogue.favouriteIds.query()).ids).not.toContain(game.nodeId);
    });

    it('launches a game for a member, for real and as free trial', async () => {
      const c = h.client({ token: tokens.member });
      expect((await c.catalogue.launch.mutate({ nodeId: game.nodeId, freeTrial: false })).url).toMatch(/\S/);
      expect((await c.catalogue.launch.mutate({ nodeId: game.nodeId, freeTrial: true })).url).toMatch(/\S/);
    });
  });
});

describe('content', () => {
  it('answers announcements with banners and notices', async () => {
    const content = await h.client().content.announcements.query({ language: 'bn' });
    expect(content.banners.length).toBeGreaterThan(0);
    expect(content.player.length).toBeGreaterThan(0);
  });

  it('answers at most 20 winners', async () => {
    const winners = await h.client().content.winnerBoard.query({ language: 'en' });
    expect(winners.length).toBeGreaterThan(0);
    expect(winners.length).toBeLessThanOrEqual(20);
  });

  it('refuses a missing language', async () => {
    await expectTRPCError(h.client().content.winnerBoard.query({} as never), 'BAD_REQUEST');
  });
});

describe('session and member', () => {
  it('hands out a captcha image', async () => {
    const captcha = await h.client().session.captcha.query();
    expect(captcha.image).toMatch(/^data:image\//);
    expect(captcha.captchaId.length).toBeGreaterThan(0);
  });

  it('logs a member in with member info, then out', async () => {
    const c = h.client();
    const session = sessionOf(await c.session.login.mutate({ username: `  ${ACCOUNTS.member.username} `, password: ACCOUNTS.member.password }));
    expect(session.member.userName).toBe(ACCOUNTS.member.username);
    const member = h.client({ token: session.token });
    expect((await member.member.info.query()).userName).toBe(ACCOUNTS.member.username);
    const balance = await member.member.balance.query();
    expect(Number.isInteger(balance.balance)).toBe(true);
    await member.session.logout.mutate();
    await expectTRPCError(member.member.info.query(), 'UNAUTHORIZED');
  });

  it('refuses non-member accounts', async () => {
    await expectTRPCError(h.client().session.login.mutate(ACCOUNTS.house), 'FORBIDDEN', 'error_not_member');
  });

  it('asks for a captcha after repeated failures', async () => {
    const c = h.client();
    const wrong = { username: 'nobody_here', password: 'wrong-password' };
    const first = await expectTRPCError(c.session.login.mutate(wrong), 'BAD_REQUEST', 'error_invalid_credentials');
    expect(first.data?.upstream).toMatchObject({ captchaRequired: false });
    await expectTRPCError(c.session.login.mutate(wrong), 'BAD_REQUEST');
    const third = await expectTRPCError(c.session.login.mutate(wrong), 'BAD_REQUEST');
    expect(third.data?.upstream).toMatchObject({ captchaRequired: true });
  });

  it.each([
    ['missing password', { username: 'demo_member' }, 'password'],
    ['empty username', { username: '   ', password: 'x' }, 'username'],
    ['10k-char username', { username: huge, password: 'x' }, 'username'],
    ['password as number', { username: 'demo_member', password: 1234 }, 'password'],
  ])('login refuses %s', async (_name, input, path) => {
    const error = await expectTRPCError(h.client().session.login.mutate(input as never), 'BAD_REQUEST', 'error_bad_request');
    expect(error.data?.issues?.map((i) => i.path)).toContain(path);
  });
});

describe('operator', () => {
  it('refuses operator calls without an operator session', async () => {
    const flag = { modId: 'FREEPLAY3', enabled: true };
    await expectTRPCError(h.client().operator.config.query(), 'UNAUTHORIZED');
    await expectTRPCError(h.client().operator.setFlag.mutate(flag), 'UNAUTHORIZED');
    await expectTRPCError(h.client().operator.setSystem.mutate({ maintenance: false }), 'UNAUTHORIZED');
    // A member session is not an operator session.
    await expectTRPCError(h.client({ token: tokens.member }).operator.config.query(), 'UNAUTHORIZED');
    await expectTRPCError(h.client({ token: tokens.member }).operator.setFlag.mutate(flag), 'UNAUTHORIZED');
  });

  it('refuses a wrong operator password', async () => {
    const error = await expectTRPCError(h.client().operator.login.mutate({ username: 'demo_operator', password: 'nope' }), 'BAD_REQUEST');
    expect(error.message).toMatch(/^error_/);
  });

  it('logs in and reads the configuration', async () => {
    const { token, name } = await h.client().operator.login.mutate(ACCOUNTS.operator);
    expect(name.length).toBeGreaterThan(0);
    const config = await h.client({ token }).operator.config.query();
    expect(config.whitelabel.length).toBeGreaterThan(0);
    expect(config.maintenance).toBe(false);
  });

  it.each([
    ['lower-case module id', { modId: 'freeplay3', enabled: true }, 'modId'],
    ['enabled as text', { modId: 'FREEPLAY3', enabled: 'yes' }, 'enabled'],
    ['huge module id', { modId: huge, enabled: true }, 'modId'],
  ])('setFlag refuses %s', async (_name, input, path) => {
    const { token } = await h.client().operator.login.mutate(ACCOUNTS.operator);
    const error = await expectTRPCError(h.client({ token }).operator.setFlag.mutate(input as never), 'BAD_REQUEST');
    expect(error.data?.issues?.map((i) => i.path)).toContain(path);
  });
});

describe('http', () => {
  it('answers a long batch of procedures in one request (web batching)', async () => {
    const paths = ['system.status', 'catalogue.gameMenus', 'session.captcha', 'system.status', 'catalogue.gameMenus', 'session.captcha', 'system.status'];
    const res = await fetch(`${h.baseUrl}/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent('{}')}`);
    expect(paths.join(',').length).toBeGreaterThan(100);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result?: unknown }[];
    expect(body).toHaveLength(paths.length);
    expect(body.every((entry) => entry.result)).toBe(true);
  });

  it('answers an unknown procedure with 404, malformed JSON with 400, a huge body with 413', async () => {
    expect((await fetch(`${h.baseUrl}/trpc/nope.nothing`)).status).toBe(404);
    const malformed = await fetch(`${h.baseUrl}/trpc/session.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(malformed.status).toBe(400);
    const big = await fetch(`${h.baseUrl}/trpc/session.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x'.repeat(1_000_000), password: 'x' }),
    });
    expect(big.status).toBe(413);
  });
});
