import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, INVALID_CHARACTERS, WPS_PATHS, ZEnvelope, ZGameListResponse } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { encryptedCall, encryptedLogin, loginToken } from '../test-support/http.ts';
import { registeredRoutes } from '../test-support/routes.ts';

/**
 * docs/0015 on the platform: raw wps calls with a NUL (PostgreSQL refuses it in text) or another
 * control character answer 400 naming the field, on PGlite and PostgreSQL, and change nothing.
 */

const ctx = usePlatform();

/** Every route and method the app serves, read from its route tree (so routes added later are covered). */
function routes(): { method: string; url: string }[] {
  return registeredRoutes(ctx.app).map(({ method, path }) => ({ method, url: path.replace(/:[A-Za-z]+/g, 'x.svg') }));
}

type TRefusal = { success: boolean; value: unknown; message: string | null; code?: number };

function expectNamedRefusal(res: { statusCode: number; json(): unknown }, field: string, issue: string = INVALID_CHARACTERS) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  expect(res.json()).toMatchObject({ success: false, message: 'error_bad_request', value: { field, issue } } satisfies TRefusal);
}

describe('the NUL backstop on every route', () => {
  it('reads the whole route tree', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(40);
    expect(all).toContainEqual({ method: 'POST', url: WPS_PATHS.login });
    expect(all).toContainEqual({ method: 'PUT', url: ACCOUNT_PATHS.registerMobile });
  });

  it('refuses a NUL in the query of every route, naming the parameter', async () => {
    for (const { method, url } of routes()) {
      const res = await ctx.app.inject({ method: method as 'GET', url: `${url}?probe=a%00b` });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json(), `${method} ${url}`).toMatchObject({ value: { field: 'probe', issue: INVALID_CHARACTERS } });
    }
  });

  it('refuses a NUL in a JSON body of every route that takes one, in a value or a key', async () => {
    for (const { method, url } of routes().filter((r) => r.method !== 'GET')) {
      const value = await ctx.app.inject({ method: method as 'POST', url, payload: { deep: { list: ['ok', 'a\u0000b'] } } });
      expect(value.statusCode, `${method} ${url}`).toBe(400);
      expect(value.json(), `${method} ${url}`).toMatchObject({ value: { field: 'deep.list.1', issue: INVALID_CHARACTERS } });
      const key = await ctx.app.inject({ method: method as 'POST', url, payload: { 'k\u0000': 1 } });
      expect(key.json(), `${method} ${url}`).toMatchObject({ value: { field: 'k\uFFFD', issue: INVALID_CHARACTERS } });
    }
  });

  it('refuses a NUL in a path parameter and in a form body', async () => {
    expectNamedRefusal(await ctx.app.inject({ url: `${WPS_PATHS.assets}/game/a%00b.svg` }), 'file');
    const form = await ctx.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.forgotByEmail,
      payload: 'username=demo_member&email=a%00b%40example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectNamedRefusal(form, 'email');
  });
});

describe('schemas name the field', () => {
  it('refuses a NUL and a control character in an encrypted login, and changes nothing', async () => {
    const before = await rowCounts(ctx.db, ['members', 'sessions', 'login_throttle', 'auth_events']);
    expectNamedRefusal(await encryptedLogin(ctx.app, { username: 'demo_member\u0000', password: 'Demo1234' }), 'username');
    expectNamedRefusal(await encryptedLogin(ctx.app, { username: 'demo\u0001member', password: 'Demo1234' }), 'username');
    expectNamedRefusal(await encryptedLogin(ctx.app, { username: 'demo_member', password: 'Demo\u00001234' }), 'password');
    expect(await rowCounts(ctx.db, ['members', 'sessions', 'login_throttle', 'auth_events'])).toEqual(before);
  });

  it('refuses a NUL in an encrypted registration value, naming the nested field', async () => {
    const before = await rowCounts(ctx.db, ['members']);
    const res = await encryptedCall(ctx.app, 'PUT', ACCOUNT_PATHS.register, {
      values: { username: 'new\u0000user', password: 'Abcd1234', confirmPassword: 'Abcd1234' },
      termsAccepted: true,
      ageConfirmed: true,
      captchaId: 'x',
      captcha: 'x',
    });
    expectNamedRefusal(res, 'values.username');
    expect(await rowCounts(ctx.db, ['members'])).toEqual(before);
  });

  it('names the field of a query and of a member call, with the issue kind', async () => {
    expectNamedRefusal(await ctx.app.inject({ url: `${WPS_PATHS.gameList}?gameName=a%07b` }), 'gameName');
    expectNamedRefusal(await ctx.app.inject({ url: `${WPS_PATHS.gameList}?pageSize=abc` }), 'pageSize', 'invalid_type');
    expectNamedRefusal(await ctx.app.inject({ url: `${WPS_PATHS.gameList}?gameName=${'x'.repeat(1024 * 1024)}` }), 'gameName', 'too_big');
    const token = await loginToken(ctx.app, 'demo_member', 'Demo1234');
    const res = await ctx.app.inject({
      method: 'POST',
      url: WPS_PATHS.favouriteAdd,
      headers: { authorization: token },
      payload: { nodeId: 'a\u0002b', vendor: 'X1', gameType: 'RNG' },
    });
    expectNamedRefusal(res, 'nodeId');
  });

  it('answers a 1 MB body with 413 or 400, never a 5xx', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.smsNoLogin, payload: { mobileNum: 'x'.repeat(1024 * 1024) } });
    expect([400, 413]).toContain(res.statusCode);
  });
});

describe('language codes in any case', () => {
  it('answers GCSGAME_gameList?language=EN like language=en', async () => {
    const upper = await ctx.app.inject({ url: `${WPS_PATHS.gameList}?gameType=RNG&pageSize=5&language=EN` });
    const lower = await ctx.app.inject({ url: `${WPS_PATHS.gameList}?gameType=RNG&pageSize=5&language=en` });
    expect(upper.statusCode).toBe(200);
    const names = (res: typeof upper) =>
      ZEnvelope(ZGameListResponse)
        .parse(res.json())
        .value!.games.map((g) => g.displayName);
    expect(names(upper)).toEqual(names(lower));
    for (const url of [`${WPS_PATHS.hotGames}?language=Bn`, `${WPS_PATHS.winnerBoard}?language=EN`]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(200);
    }
    expectNamedRefusal(await ctx.app.inject({ url: `${WPS_PATHS.gameList}?language=FR` }), 'language', 'invalid_value');
  });
});
