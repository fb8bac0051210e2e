import { beforeAll, describe, expect, it } from 'vitest';
import { WPS_PATHS, ZBalanceResponse, ZEnvelope, ZFavouriteIdsResponse, ZFavouriteListResponse, ZLaunchGameResponse, ZMemberInfoResponse } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken } from '../test-support/http.ts';

const ctx = usePlatform();
let member = '';
let trial = '';
const FAV = { nodeId: 'SPINORA-001', vendor: 'SPINORA', gameType: 'RNG' };

beforeAll(async () => {
  member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  trial = await loginToken(ctx.app, 'demo_trial', 'Trial1234');
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, ...(token ? { headers: { authorization: token } } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

describe('member info and balance', () => {
  it('answers member info without any password and the ledger balance', async () => {
    const info = ZEnvelope(ZMemberInfoResponse).parse((await call('GET', WPS_PATHS.memberInfo, member)).json()).value!;
    expect(info).toMatchObject({ userName: 'demo_member', type: 0, hasVip: true, avatarUrl: expect.stringMatching(/^\/wps\/assets\/avatar\/[A-Za-z0-9_-]{22,64}\.svg$/) });
    expect(JSON.stringify(info)).not.toMatch(/password_hash|argon2/);
    const bal = ZEnvelope(ZBalanceResponse).parse((await call('GET', WPS_PATHS.balance, member)).json()).value!;
    expect(bal).toEqual({ balance: 1_250_000, currencySymbol: '৳' });
    const trialInfo = ZEnvelope(ZMemberInfoResponse).parse((await call('GET', WPS_PATHS.memberInfo, trial)).json()).value!;
    expect(trialInfo.type).toBe(4);
    expect((await call('GET', WPS_PATHS.balance)).statusCode).toBe(401);
  });
});

describe('favourites', () => {
  it('walks the check ladder: no token 401, trial 403, bad input 400, all without changing rows', async () => {
    const before = await rowCounts(ctx.db, ['favourites']);
    const none = await call('POST', WPS_PATHS.favouriteAdd, undefined, FAV);
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(401);
    const t = await call('POST', WPS_PATHS.favouriteAdd, trial, FAV);
    expect(t.statusCode).toBe(403);
    expect(t.json()).toEqual({ success: false, value: null, message: 'in_need_true_account', code: 403 });
    expect((await call('GET', WPS_PATHS.favouriteIds, trial)).json().message).toBe('in_need_true_account');
    const bad: unknown[] = [{}, { ...FAV, nodeId: 5 }, { ...FAV, gameType: 'NOPE' }, { ...FAV, nodeId: 'x'.repeat(10_000) }, { nodeId: 'SPINORA-001' }];
    for (const payload of bad) {
      const res = await call('POST', WPS_PATHS.favouriteAdd, member, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error_bad_request');
    }
    const unknown = await call('POST', WPS_PATHS.favouriteAdd, member, { ...FAV, nodeId: 'NOPE-001' });
    expect(unknown.statusCode).toBe(404);
    const mismatch = await call('POST', WPS_PATHS.favouriteAdd, member, { ...FAV, vendor: 'REELMINT' });
    expect(mismatch.statusCode).toBe(404);
    expect(await rowCounts(ctx.db, ['favourites'])).toEqual(before);
  });

  it('adds idempotently, lists, and removes', async () => {
    const a = ZEnvelope(ZFavouriteIdsResponse).parse((await call('POST', WPS_PATHS.favouriteAdd, member, FAV)).json()).value!;
    expect(a.ids).toEqual(['SPINORA-001']);
    await call('POST', WPS_PATHS.favouriteAdd, member, FAV);
    await call('POST', WPS_PATHS.favouriteAdd, member, { nodeId: 'REEFHUNT-002', vendor: 'REEFHUNT', gameType: 'FISH' });
    const ids = ZEnvelope(ZFavouriteIdsResponse).parse((await call('GET', WPS_PATHS.favouriteIds, member)).json()).value!;
    expect(ids.ids.sort()).toEqual(['REEFHUNT-002', 'SPINORA-001']);
    const list = ZEnvelope(ZFavouriteListResponse).parse((await call('GET', `${WPS_PATHS.favouriteList}?pageSize=999`, member)).json()).value!;
    expect(list.content.map((g) => g.nodeId).sort()).toEqual(['REEFHUNT-002', 'SPINORA-001']);
    expect(list).toMatchObject({ pageNum: 1, totalPages: 1 });
    const fish = ZEnvelope(ZFavouriteListResponse).parse((await call('GET', `${WPS_PATHS.favouriteList}?gameType=FISH`, member)).json()).value!;
    expect(fish.content.map((g) => g.nodeId)).toEqual(['REEFHUNT-002']);
    const removed = ZEnvelope(ZFavouriteIdsResponse).parse((await call('DELETE', `${WPS_PATHS.favouriteRemove}?nodeId=SPINORA-001`, member)).json()).value!;
    expect(removed.ids).toEqual(['REEFHUNT-002']);
    const byBody = ZEnvelope(ZFavouriteIdsResponse).parse((await call('DELETE', WPS_PATHS.favouriteRemove, member, { nodeId: 'REEFHUNT-002' })).json()).value!;
    expect(byBody.ids).toEqual([]);
  });
});

describe('game launch', () => {
  it('refuses POST with 459, anything but GLS with 727, trial with 403, no token with 401', async () => {
    const post = await call('POST', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS`, member, {});
    expect(post.json()).toMatchObject({ success: false, code: 459 });
    const mode = await call('GET', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=XYZ`, member);
    expect(mode.json()).toMatchObject({ success: false, code: 727 });
    expect((await call('GET', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS`, trial)).json()).toMatchObject({ code: 403, message: 'in_need_true_account' });
    expect((await call('GET', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS`)).statusCode).toBe(401);
    expect((await call('GET', `${WPS_PATHS.launchGame}?nodeId=&launchMode=GLS`, member)).statusCode).toBe(400);
    expect((await call('GET', `${WPS_PATHS.launchGame}?nodeId=NOPE-1&launchMode=GLS`, member)).statusCode).toBe(404);
    expect(await rowCounts(ctx.db, ['launch_tickets'])).toEqual({ launch_tickets: 0 });
  });

  it('answers a game URL whose single-use ticket opens the demo game page once', async () => {
    const res = await call('GET', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS&accountType=1`, member);
    const url = ZEnvelope(ZLaunchGameResponse).parse(res.json()).value!.content.game_url;
    expect(url).toMatch(/^\/wps\/game\/demo\/SPINORA-001\?ticket=/);
    const page = await ctx.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const game = await ctx.db.selectFrom('games').select('name_en').where('node_id', '=', 'SPINORA-001').executeTakeFirstOrThrow();
    expect(page.body).toContain(game.name_en);
    expect((await ctx.app.inject({ url })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: url.replace('SPINORA-001', 'SPINORA-002') })).statusCode).toBe(403);
  });
});
