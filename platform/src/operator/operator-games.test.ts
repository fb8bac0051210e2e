import { beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATOR_GAMES_PATHS,
  OPERATOR_PATHS,
  WPS_PATHS,
  ZEnvelope,
  ZFavouriteListResponse,
  ZGameListResponse,
  ZGameMenusResponse,
  ZHotGamesResponse,
  ZOperatorAuditResponse,
  ZOperatorGame,
  ZOperatorGameCategoriesResponse,
  ZOperatorGamesResponse,
  ZVendorsResponse,
  ZWinnerBoardResponse,
} from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { roleTokens } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { fromClientIp, loginToken, VN_LOTTERY_LAUNCH } from '../test-support/http.ts';

// docs/0037: the operator switches categories and single games on and off.
const ctx = usePlatform();
const ops: Record<'owner' | 'content' | 'finance' | 'support', string> = { owner: '', content: '', finance: '', support: '' };
let member = '';

beforeAll(async () => {
  Object.assign(ops, await roleTokens(ctx.app));
  member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
});

const op = (method: 'GET' | 'PUT', url: string, token: string, opts: { payload?: object; query?: Record<string, string>; language?: string } = {}) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: token, ...fromClientIp('203.0.113.9'), ...(opts.language ? { language: opts.language } : {}) },
    ...(opts.payload ? { payload: opts.payload } : {}),
    ...(opts.query ? { query: opts.query } : {}),
  });
const get = (url: string, token?: string) => ctx.app.inject({ url, headers: { language: 'en', ...(token ? { authorization: token } : {}) } });
const version = async () => (await ctx.db.selectFrom('merchants').select('config_version').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).config_version;
const categories = async (language = 'en') =>
  ZEnvelope(ZOperatorGameCategoriesResponse).parse((await op('GET', OPERATOR_GAMES_PATHS.operatorGameCategories, ops.content, { language })).json()).value!
    .categories;
const games = async (query: Record<string, string>) =>
  ZEnvelope(ZOperatorGamesResponse).parse((await op('GET', OPERATOR_GAMES_PATHS.operatorGames, ops.content, { query })).json()).value!;
const setCategory = (gameType: string, enabled: boolean, token = ops.content) =>
  op('PUT', OPERATOR_GAMES_PATHS.operatorGameCategories, token, { payload: { gameType, enabled } });
const setGame = (nodeId: string, enabled: boolean, token = ops.content) =>
  op('PUT', OPERATOR_GAMES_PATHS.operatorGames, token, { payload: { nodeId, enabled } });
const menus = async () => ZEnvelope(ZGameMenusResponse).parse((await get(WPS_PATHS.gameMenus)).json()).value!;
const gameList = async (q: string) => ZEnvelope(ZGameListResponse).parse((await get(`${WPS_PATHS.gameList}?${q}`)).json()).value!;
const hot = async () => ZEnvelope(ZHotGamesResponse).parse((await get(WPS_PATHS.hotGames)).json()).value!.list;
const favourites = async () => ZEnvelope(ZFavouriteListResponse).parse((await get(`${WPS_PATHS.favouriteList}?pageSize=999`, member)).json()).value!.content;
const launch = (nodeId: string) => get(`${WPS_PATHS.launchGame}?nodeId=${nodeId}&launchMode=GLS`, member);
const audit = async (action: string) =>
  ZEnvelope(ZOperatorAuditResponse).parse((await op('GET', OPERATOR_PATHS.operatorAudit, ops.owner, { query: { action } })).json()).value!;

describe('category switches', () => {
  it('lists every category with its switch and counts, titled in the asked language', async () => {
    const en = await categories();
    expect(en.map((c) => c.gameType)).toEqual(['LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'RNG', 'PVP', 'COCKFIGHT', 'CRASH']);
    const rng = en.find((c) => c.gameType === 'RNG')!;
    expect(rng).toMatchObject({ title: 'Slots', enabled: true, gamesOff: 0 });
    expect(rng.games).toBeGreaterThan(1000);
    expect(rng.vendors).toBeGreaterThan(10);
    expect((await categories('bn')).find((c) => c.gameType === 'RNG')!.title).toBe('স্লট');
  });

  it('switching one off hides it from menus, vendor lanes, lists and hot games, refuses its launch, bumps the version and audits before and after', async () => {
    const fish = await gameList('gameType=FISH&pageSize=1');
    const fishGame = fish.games[0]!;
    const v0 = await version();

    const res = ZEnvelope(ZOperatorGameCategoriesResponse).parse((await setCategory('FISH', false)).json()).value!;
    expect(res.categories.find((c) => c.gameType === 'FISH')!.enabled).toBe(false);
    expect(await version()).toBe(v0 + 1);
    expect((await menus()).map((m) => m.gameType)).not.toContain('FISH');
    const lanes = ZEnvelope(ZVendorsResponse).parse((await get(WPS_PATHS.vendors)).json()).value!.lanes;
    expect(lanes.map((l) => l.gameType)).not.toContain('FISH');
    expect((await gameList('gameType=FISH')).total).toBe(0);
    expect((await hot()).some((g) => g.gameType === 'FISH')).toBe(false);
    expect((await launch(fishGame.nodeId)).json()).toMatchObject({ success: false, code: 543, message: 'error_feature_off' });

    const log = await audit('catalogue.category.set');
    expect(log.entries[0]).toMatchObject({
      operatorUsername: 'demo_content',
      ip: '203.0.113.9',
      before: { gameType: 'FISH', enabled: true },
      after: { gameType: 'FISH', enabled: false },
    });

    // The same switch again is no change: no version, no audit row.
    await setCategory('FISH', false);
    expect(await version()).toBe(v0 + 1);
    expect((await audit('catalogue.category.set')).total).toBe(log.total);

    await setCategory('FISH', true);
    expect(await version()).toBe(v0 + 2);
    expect((await menus()).map((m) => m.gameType)).toContain('FISH');
    expect((await launch(fishGame.nodeId)).json().success).toBe(true);
  });

  it('is the same switch as the whitelabel GAME_<type> node', async () => {
    await op('PUT', WPS_PATHS.operatorWhitelabel, ops.content, { payload: { modId: 'GAME_PVP', enabled: false } });
    expect((await categories()).find((c) => c.gameType === 'PVP')!.enabled).toBe(false);
    await setCategory('PVP', true);
    expect((await menus()).map((m) => m.gameType)).toContain('PVP');
  });
});

describe('game switches', () => {
  it('finds games by EN or BN name, vendor code or vendor name, by category and switch state, paged', async () => {
    const byName = await games({ search: 'gOLDEN dra' });
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.games.every((g) => g.nameEn.toLowerCase().includes('golden dra'))).toBe(true);
    const bn = await games({ search: 'সোনালি', pageSize: '5' });
    expect(bn.total).toBeGreaterThan(0);
    expect(bn.games[0]!.nameBn).toContain('সোনালি');
    const byCode = await games({ search: 'coralwave', pageSize: '100' });
    expect(byCode.total).toBeGreaterThan(0);
    expect(
      byCode.games.every(
        (g) => g.vassalage === 'CORALWAVE' || g.nameEn.toLowerCase().includes('coralwave') || g.vendorName.toLowerCase().includes('coralwave'),
      ),
    ).toBe(true);
    const vendorName = byCode.games[0]!.vendorName;
    expect((await games({ search: vendorName.toUpperCase() })).total).toBeGreaterThanOrEqual(byCode.total);
    const rng = await games({ gameType: 'RNG', pageSize: '20', pageNo: '3' });
    expect(rng).toMatchObject({ pageNo: 3, pageSize: 20 });
    expect(rng.games).toHaveLength(20);
    expect(rng.games.every((g) => g.gameType === 'RNG' && g.enabled)).toBe(true);
    expect((await games({ state: 'off' })).total).toBe(0);
    expect((await games({ search: '%' })).total).toBe(0);
  });

  it('switching a game off hides it from lists, hot games, favourites and the winner board and refuses its launch; on brings it back', async () => {
    // A hot game on the winner board that the member marked as a favourite.
    const board = ZEnvelope(ZWinnerBoardResponse).parse((await get(`${WPS_PATHS.winnerBoard}?limitNum=100`)).json()).value!.list;
    const hotGames = await hot();
    const target = hotGames.find((g) => board.some((w) => w.vo.nodeId === g.nodeId)) ?? hotGames[0]!;
    await ctx.app.inject({
      method: 'POST',
      url: WPS_PATHS.favouriteAdd,
      headers: { authorization: member },
      payload: { nodeId: target.nodeId, vendor: target.vassalage, gameType: target.gameType },
    });
    expect((await favourites()).map((g) => g.nodeId)).toContain(target.nodeId);
    const inList = await gameList(`vassalage=${target.vassalage}&pageSize=999`);
    expect(inList.games.map((g) => g.nodeId)).toContain(target.nodeId);
    const v0 = await version();

    const switched = ZOperatorGame.parse((await setGame(target.nodeId, false)).json().value);
    expect(switched).toMatchObject({ nodeId: target.nodeId, enabled: false });
    expect(await version()).toBe(v0 + 1);
    const after = await gameList(`vassalage=${target.vassalage}&pageSize=999`);
    expect(after.total).toBe(inList.total - 1);
    expect(after.games.map((g) => g.nodeId)).not.toContain(target.nodeId);
    expect((await hot()).map((g) => g.nodeId)).not.toContain(target.nodeId);
    expect((await favourites()).map((g) => g.nodeId)).not.toContain(target.nodeId);
    const boardAfter = ZEnvelope(ZWinnerBoardResponse).parse((await get(`${WPS_PATHS.winnerBoard}?limitNum=100`)).json()).value!.list;
    expect(boardAfter.map((w) => w.vo.nodeId)).not.toContain(target.nodeId);

    const ticketsBefore = await rowCounts(ctx.db, ['launch_tickets']);
    expect((await launch(target.nodeId)).json()).toMatchObject({ success: false, code: 543, message: 'error_feature_off' });
    expect((await get(`${WPS_PATHS.launchGame}?nodeId=${target.nodeId}&launchMode=GLS&accountType=0`)).json()).toMatchObject({ code: 543 });
    expect(await rowCounts(ctx.db, ['launch_tickets'])).toEqual(ticketsBefore);
    // An unknown game is still "not found", not "switched off".
    expect((await launch('NOPE-404')).statusCode).toBe(404);

    expect((await games({ state: 'off' })).games.map((g) => g.nodeId)).toEqual([target.nodeId]);
    expect((await categories()).find((c) => c.gameType === target.gameType)!.gamesOff).toBe(1);
    const log = await audit('catalogue.game.set');
    expect(log.entries[0]).toMatchObject({
      operatorUsername: 'demo_content',
      before: { nodeId: target.nodeId, vassalage: target.vassalage, enabled: true },
      after: { nodeId: target.nodeId, vassalage: target.vassalage, enabled: false },
    });

    await setGame(target.nodeId, true);
    expect(await version()).toBe(v0 + 2);
    expect((await favourites()).map((g) => g.nodeId)).toContain(target.nodeId);
    expect((await hot()).map((g) => g.nodeId)).toContain(target.nodeId);
    expect((await launch(target.nodeId)).json().success).toBe(true);
  });

  it('refuses the lottery launch of a switched-off lottery game with 543', async () => {
    await setGame('TCG_LOTTO_VN-001', false);
    try {
      const q = new URLSearchParams({ launchMode: 'GLS', ...VN_LOTTERY_LAUNCH });
      expect((await get(`${WPS_PATHS.launchGame}?${q.toString()}`, member)).json()).toMatchObject({ code: 543, message: 'error_feature_off' });
    } finally {
      await setGame('TCG_LOTTO_VN-001', true);
    }
  });

  it('a vendor whose every game is off loses its card; the category with no card left leaves the menu', async () => {
    const esports = (await menus()).find((m) => m.gameType === 'ESPORTS')!;
    expect(esports.cards.map((c) => c.vassalage)).toEqual(['IMES']);
    const all = await games({ vassalage: 'IMES', pageSize: '100' });
    for (const g of all.games) await setGame(g.nodeId, false);
    try {
      expect((await menus()).map((m) => m.gameType)).not.toContain('ESPORTS');
    } finally {
      for (const g of all.games) await setGame(g.nodeId, true);
    }
    expect((await menus()).find((m) => m.gameType === 'ESPORTS')!.cards.map((c) => c.vassalage)).toEqual(['IMES']);
  });
});

describe('who may switch, and bad input', () => {
  it('only owner and content switch; finance and support are refused and nothing changes', async () => {
    const before = await rowCounts(ctx.db, ['config_audit']);
    const v0 = await version();
    for (const token of [ops.finance, ops.support]) {
      expect((await setCategory('RNG', false, token)).statusCode).toBe(403);
      expect((await setGame('SPINORA-001', false, token)).json()).toMatchObject({ code: 403, message: 'error_forbidden' });
      // Reading is config.read: every role.
      expect((await op('GET', OPERATOR_GAMES_PATHS.operatorGames, token)).statusCode).toBe(200);
    }
    expect(await version()).toBe(v0);
    expect(await rowCounts(ctx.db, ['config_audit'])).toEqual(before);
    expect((await games({ state: 'off' })).total).toBe(0);
    // The owner may.
    expect((await setGame('SPINORA-001', false, ops.owner)).statusCode).toBe(200);
    expect((await setGame('SPINORA-001', true, ops.owner)).statusCode).toBe(200);
    // No session, or a member's token: 401.
    expect(
      (await ctx.app.inject({ method: 'PUT', url: OPERATOR_GAMES_PATHS.operatorGames, payload: { nodeId: 'SPINORA-001', enabled: false } })).statusCode,
    ).toBe(401);
    expect((await setGame('SPINORA-001', false, member)).statusCode).toBe(401);
  });

  it('refuses bad input and unknown games with a clear answer, changing nothing', async () => {
    const before = await rowCounts(ctx.db, ['config_audit']);
    const bad: object[] = [{ gameType: 'NOPE', enabled: false }, { gameType: 'RNG', enabled: 'no' }, { gameType: 'RNG' }, {}];
    for (const payload of bad) expect((await op('PUT', OPERATOR_GAMES_PATHS.operatorGameCategories, ops.content, { payload })).statusCode).toBe(400);
    for (const payload of [
      { nodeId: '', enabled: false },
      { nodeId: 'x'.repeat(65), enabled: false },
      { nodeId: 'SPINORA-001', enabled: 1 },
    ]) {
      const res = await op('PUT', OPERATOR_GAMES_PATHS.operatorGames, ops.content, { payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error_bad_request');
    }
    const badQueries: Record<string, string>[] = [
      { pageSize: '1000' },
      { pageNo: '0' },
      { state: 'maybe' },
      { gameType: 'NOPE' },
      { search: 'x'.repeat(101) },
      { vassalage: 'bad-code' },
    ];
    for (const query of badQueries) {
      expect((await op('GET', OPERATOR_GAMES_PATHS.operatorGames, ops.content, { query })).statusCode).toBe(400);
    }
    expect((await setGame('NOPE-001', false)).json()).toMatchObject({ code: 404, message: 'error_not_found' });
    expect(await rowCounts(ctx.db, ['config_audit'])).toEqual(before);
  });

  it("never switches or lists another merchant's game", async () => {
    // A second merchant with one vendor and one game under a node id of its own.
    const other = await otherMerchant(ctx.db, 'OTHER');
    await (await other.vendor('OTHERV', 'VASSALAGE')).game('OTHERV-001');
    expect((await setGame('OTHERV-001', false)).statusCode).toBe(404);
    expect((await games({ search: 'OTHERV' })).total).toBe(0);
    const row = await ctx.db.selectFrom('games').select('enabled').where('node_id', '=', 'OTHERV-001').executeTakeFirstOrThrow();
    expect(row.enabled).toBe(true);
  });
});
