import { describe, expect, it } from 'vitest';
import {
  GAME_TYPES,
  WPS_PATHS,
  ZEnvelope,
  ZGameListResponse,
  ZGameMenusResponse,
  ZHotGamesResponse,
  ZVendorsResponse,
  ZWinnerBoardResponse,
} from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';

const ctx = usePlatform();
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });

describe('catalogue calls', () => {
  it('answers game menus in the fixed category order with vendor cards', async () => {
    const res = await get(WPS_PATHS.gameMenus, { language: 'en' });
    const menus = ZEnvelope(ZGameMenusResponse).parse(res.json()).value!;
    expect(menus.map((m) => m.gameType)).toEqual([...GAME_TYPES]);
    const rng = menus.find((m) => m.gameType === 'RNG')!;
    expect(rng.title).toBe('Slots');
    expect(rng.cards.length).toBeGreaterThan(10);
    expect(rng.cards[0]).toMatchObject({ isGame: 'VASSALAGE', gameCode: null });
    const lott = menus.find((m) => m.gameType === 'LOTT')!;
    expect(lott.cards.map((c) => c.vassalage)).toEqual(expect.arrayContaining(['TCG_LOTTO_VN', 'TCG_SEA']));
    expect(lott.cards[0]!.gameCode).toBeTruthy();
    const bn = ZEnvelope(ZGameMenusResponse).parse((await get(WPS_PATHS.gameMenus)).json()).value!;
    expect(bn.find((m) => m.gameType === 'RNG')!.title).toBe('স্লট');
  });

  it('pages the game list with totals', async () => {
    const res = await get(`${WPS_PATHS.gameList}?gameType=RNG&pageNo=2&pageSize=24&language=en`);
    const v = ZEnvelope(ZGameListResponse).parse(res.json()).value!;
    expect(v.games).toHaveLength(24);
    expect(v.total).toBeGreaterThan(1000);
    expect(v.totalPages).toBe(Math.ceil(v.total / 24));
    expect(v.games.every((g) => g.gameType === 'RNG')).toBe(true);
    expect(v.games[0]!.iconUrl).toBe(`/wps/assets/game/${v.games[0]!.nodeId}.svg`);
    const all = ZEnvelope(ZGameListResponse).parse((await get(`${WPS_PATHS.gameList}?pageSize=1`)).json()).value!;
    expect(all.total).toBeGreaterThanOrEqual(2000);
  });

  it('filters by vendor and by a case-insensitive name substring in the chosen language', async () => {
    const byVendor = ZEnvelope(ZGameListResponse).parse((await get(`${WPS_PATHS.gameList}?vassalage=CORALWAVE&pageSize=999`)).json()).value!;
    expect(byVendor.total).toBeGreaterThan(0);
    expect(byVendor.games.every((g) => g.vassalage === 'CORALWAVE')).toBe(true);
    const en = ZEnvelope(ZGameListResponse).parse((await get(`${WPS_PATHS.gameList}?gameName=gOLDEN%20dra&language=en&pageSize=999`)).json()).value!;
    expect(en.total).toBeGreaterThan(0);
    expect(en.games.every((g) => g.displayName.toLowerCase().includes('golden dra'))).toBe(true);
    const bn = ZEnvelope(ZGameListResponse).parse(
      (await get(`${WPS_PATHS.gameList}?gameName=${encodeURIComponent('সোনালি')}&language=bn&pageSize=5`)).json(),
    ).value!;
    expect(bn.total).toBeGreaterThan(0);
    expect(bn.games[0]!.displayName).toContain('সোনালি');
    const wildcard = ZEnvelope(ZGameListResponse).parse((await get(`${WPS_PATHS.gameList}?gameName=%25`)).json()).value!;
    expect(wildcard.total).toBe(0);
  });

  it('refuses bad list input with a 400 envelope naming the field', async () => {
    for (const q of ['pageSize=abc', 'pageNo=0', 'pageSize=5000', 'gameType=NOPE', 'vassalage=bad-code', `gameName=${'x'.repeat(10_000)}`, 'language=fr']) {
      const res = await get(`${WPS_PATHS.gameList}?${q}`);
      expect(res.statusCode, q).toBe(400);
      const field = q.split('=')[0]!;
      expect(res.json(), q).toEqual({ success: false, value: { field, issue: expect.any(String) }, message: 'error_bad_request', code: 400 });
    }
  });

  it('accepts language codes in any case (language=EN)', async () => {
    const upper = ZEnvelope(ZGameListResponse).parse((await get(`${WPS_PATHS.gameList}?gameName=gOLDEN%20dra&language=EN&pageSize=3`)).json()).value!;
    expect(upper.total).toBeGreaterThan(0);
    expect(upper.games.every((g) => g.displayName.toLowerCase().includes('golden dra'))).toBe(true);
  });

  it('answers hot games, optionally for one vendor', async () => {
    const v = ZEnvelope(ZHotGamesResponse).parse((await get(WPS_PATHS.hotGames)).json()).value!;
    expect(v.list.length).toBeGreaterThanOrEqual(25);
    const vendor = v.list[0]!.vassalage;
    const one = ZEnvelope(ZHotGamesResponse).parse((await get(`${WPS_PATHS.hotGames}?vassalage=${vendor}`)).json()).value!;
    expect(one.list.length).toBeGreaterThan(0);
    expect(one.list.every((g) => g.vassalage === vendor)).toBe(true);
  });

  it('answers vendor lanes per category', async () => {
    const v = ZEnvelope(ZVendorsResponse).parse((await get(WPS_PATHS.vendors)).json()).value!;
    expect(v.lanes.map((l) => l.gameType)).toEqual([...GAME_TYPES]);
    expect(v.lanes.find((l) => l.gameType === 'ESPORTS')!.vendors.map((c) => c.vassalage)).toEqual(['IMES']);
    expect(v.lanes.find((l) => l.gameType === 'COCKFIGHT')!.vendors.map((c) => c.vassalage)).toEqual(['SV3']);
  });

  it('answers the winner board with masked names, limited by limitNum', async () => {
    const v = ZEnvelope(ZWinnerBoardResponse).parse((await get(`${WPS_PATHS.winnerBoard}?limitNum=25&language=en`)).json()).value!;
    expect(v.list).toHaveLength(25);
    for (const w of v.list) expect(w.vo.customerName).toMatch(/^[a-z]{2}\*\*\*\d$/);
    expect(v.list[0]!.vo.winAmount).toBeGreaterThan(v.list[24]!.vo.winAmount);
    const dflt = ZEnvelope(ZWinnerBoardResponse).parse((await get(WPS_PATHS.winnerBoard)).json()).value!;
    expect(dflt.list).toHaveLength(20);
    expect((await get(`${WPS_PATHS.winnerBoard}?limitNum=-1`)).statusCode).toBe(400);
  });
});
