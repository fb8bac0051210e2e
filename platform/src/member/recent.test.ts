import { beforeAll, describe, expect, it } from 'vitest';
import { RECENT_GAMES_LIMIT, RECENT_PATHS, WPS_PATHS, ZEnvelope, ZLaunchGameResponse, ZRecentListResponse, type TRecentGame } from '@wl/schemas';
import { enabledGameTypes } from '../catalogue/catalogue.queries.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken, VN_LOTTERY_LAUNCH } from '../test-support/http.ts';
import { demoMerchantId } from '../test-support/demo-merchant.ts';

/** docs/0036: the recent list is filled by real launches, newest first, capped, per member. */

let now = new Date('2026-03-01T10:00:00.000Z');
const ctx = usePlatform({ clock: () => now });
let member = '';
let other = '';
let trial = '';

beforeAll(async () => {
  member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  other = await loginToken(ctx.app, 'demo_down1', 'Down1234');
  trial = await loginToken(ctx.app, 'demo_trial', 'Trial1234');
});

const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, ...(token ? { headers: { authorization: token } } : {}) });

/** Launches a game for real money and answers its game URL. */
async function launch(nodeId: string, token = member): Promise<string> {
  const res = await get(`${WPS_PATHS.launchGame}?nodeId=${encodeURIComponent(nodeId)}&launchMode=GLS&accountType=1`, token);
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZLaunchGameResponse).parse(res.json()).value!.content.game_url;
}

async function recent(token = member, query = ''): Promise<TRecentGame[]> {
  const res = await get(`${RECENT_PATHS.recentList}${query}`, token);
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZRecentListResponse).parse(res.json()).value!.content;
}

const tick = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

describe('recent games', () => {
  it('walks the check ladder: no token 401, trial 403, bad input 400', async () => {
    expect((await get(RECENT_PATHS.recentList)).statusCode).toBe(401);
    const t = await get(RECENT_PATHS.recentList, trial);
    expect(t.statusCode).toBe(403);
    expect(t.json().message).toBe('in_need_true_account');
    for (const q of ['?gameType=NOPE', `?gameType=${'x'.repeat(5000)}`]) {
      const res = await get(`${RECENT_PATHS.recentList}${q}`, member);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error_bad_request');
    }
    expect(await recent()).toEqual([]);
  });

  it('records a launch only when a ticket is issued for a member', async () => {
    // A visitor's free play, a trial account's refused launch and an unknown game leave no row.
    expect((await get(`${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS&accountType=0`)).statusCode).toBe(200);
    expect((await get(`${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS`, trial)).statusCode).toBe(403);
    expect((await get(`${WPS_PATHS.launchGame}?nodeId=NOPE-001&launchMode=GLS`, member)).statusCode).toBe(404);
    expect(await rowCounts(ctx.db, ['recent_games'])).toEqual({ recent_games: 0 });

    await launch('SPINORA-001');
    const list = await recent();
    expect(list.map((g) => g.nodeId)).toEqual(['SPINORA-001']);
    expect(list[0]!.lastPlayedAt).toBe(now.toISOString());
  });

  it('lists newest launch first, one row per game, a relaunch moving the game to the top', async () => {
    tick(60_000);
    await launch('REEFHUNT-002');
    tick(60_000);
    await launch('IMES-001');
    expect((await recent()).map((g) => g.nodeId)).toEqual(['IMES-001', 'REEFHUNT-002', 'SPINORA-001']);
    tick(60_000);
    await launch('SPINORA-001');
    const list = await recent();
    expect(list.map((g) => g.nodeId)).toEqual(['SPINORA-001', 'IMES-001', 'REEFHUNT-002']);
    expect(list[0]!.lastPlayedAt).toBe(now.toISOString());
    // Two launches in the same instant still keep the order they happened in.
    await launch('REEFHUNT-002');
    expect((await recent()).map((g) => g.nodeId)).toEqual(['REEFHUNT-002', 'SPINORA-001', 'IMES-001']);
    expect((await recent(member, '?gameType=FISH')).map((g) => g.nodeId)).toEqual(['REEFHUNT-002']);
  });

  it("never shows one member's launches to another", async () => {
    expect(await recent(other)).toEqual([]);
    await launch('SPINORA-002', other);
    expect((await recent(other)).map((g) => g.nodeId)).toEqual(['SPINORA-002']);
    expect((await recent()).map((g) => g.nodeId)).not.toContain('SPINORA-002');
    // The list is the session's member's: a member id in the query changes nothing.
    const otherId = (await ctx.db.selectFrom('members').select('id').where('username', '=', 'demo_down1').executeTakeFirstOrThrow()).id;
    const res = await get(`${RECENT_PATHS.recentList}?memberId=${otherId}`, member);
    expect(
      ZEnvelope(ZRecentListResponse)
        .parse(res.json())
        .value!.content.map((g) => g.nodeId),
    ).not.toContain('SPINORA-002');
  });

  it(`keeps the newest ${RECENT_GAMES_LIMIT} games of a member`, async () => {
    const merchant = await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    const enabled = [...(await enabledGameTypes(ctx.db, merchant.id))];
    const games = await ctx.db
      .selectFrom('games')
      .select('node_id')
      .where('merchant_id', '=', merchant.id)
      .where('game_type', 'in', enabled)
      .orderBy('id')
      .limit(RECENT_GAMES_LIMIT + 2)
      .execute();
    expect(games).toHaveLength(RECENT_GAMES_LIMIT + 2);
    for (const g of games) {
      tick(1000);
      await launch(g.node_id);
    }
    const list = await recent();
    expect(list).toHaveLength(RECENT_GAMES_LIMIT);
    expect(list.map((g) => g.nodeId)).toEqual(
      games
        .slice(2)
        .map((g) => g.node_id)
        .reverse(),
    );
    const memberRows = await ctx.db
      .selectFrom('recent_games')
      .innerJoin('members', 'members.id', 'recent_games.member_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('members.merchant_id', '=', demoMerchantId(ctx.db))
      .where('members.username', '=', 'demo_member')
      .executeTakeFirstOrThrow();
    expect(Number(memberRows.n)).toBe(RECENT_GAMES_LIMIT);
    // The other member's list was not trimmed by this one's launches.
    expect((await recent(other)).map((g) => g.nodeId)).toEqual(['SPINORA-002']);
  });
});

describe('VN lottery menu recent (SPEC §7 /lgw/vn/games/game_menu/recent)', () => {
  const vnRecent = (query: Record<string, string>, token: string | null = member) =>
    get(`${RECENT_PATHS.vnGameMenuRecent}?${new URLSearchParams(query).toString()}`, token ?? undefined);

  it("answers the member's recent VN lottery games after a lottery launch, and checks the prize mode", async () => {
    const q = new URLSearchParams({ launchMode: 'GLS', ...VN_LOTTERY_LAUNCH });
    tick(1000);
    expect((await get(`${WPS_PATHS.launchGame}?${q.toString()}`, member)).statusCode).toBe(200);
    const res = await vnRecent({ prizeMode: 'LOTT', device: 'WEB' });
    expect(res.statusCode).toBe(200);
    // The VN lottery's games only (the limit test above launched some of its other games too), newest first.
    const vn = ZEnvelope(ZRecentListResponse).parse(res.json()).value!.content;
    expect(vn[0]!.nodeId).toBe('TCG_LOTTO_VN-001');
    expect(new Set(vn.map((g) => g.vassalage))).toEqual(new Set(['TCG_LOTTO_VN']));
    expect(vn.length).toBe((await recent()).filter((g) => g.nodeId.startsWith('TCG_LOTTO_VN-')).length);
    // The general list has it on top too.
    expect((await recent())[0]!.nodeId).toBe('TCG_LOTTO_VN-001');
    expect(ZEnvelope(ZRecentListResponse).parse((await vnRecent({ prizeMode: 'LOTT', device: 'WEB' }, other)).json()).value!.content).toEqual([]);

    const mode = await vnRecent({ prizeMode: 'ELOTT', device: 'WEB' });
    expect(mode.statusCode).toBe(400);
    expect(mode.json().value.fieldErrors).toHaveProperty('prizeMode');
    expect((await vnRecent({ prizeMode: 'LOTT', device: 'TV' })).statusCode).toBe(400);
    expect((await vnRecent({ prizeMode: 'LOTT', device: 'WEB' }, null)).statusCode).toBe(401);
    expect((await vnRecent({ prizeMode: 'LOTT', device: 'WEB' }, trial)).statusCode).toBe(403);
  });
});
