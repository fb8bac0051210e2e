import { beforeAll, describe, expect, it } from 'vitest';
import { WPS_PATHS, ZEnvelope, ZOperatorConfigResponse } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken } from '../test-support/http.ts';

const ctx = usePlatform();
let op = '';

const version = async () => (await ctx.app.inject({ url: WPS_PATHS.configVersion })).json().value.version as number;
const put = (url: string, payload: unknown, token = op) =>
  ctx.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: token } });

beforeAll(async () => {
  const res = await ctx.app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload: { username: 'demo_operator', password: 'Operator1234' } });
  expect(res.json().value.name).toBe('Demo Operator');
  op = res.json().value.token;
});

describe('operator console', () => {
  it('refuses a wrong operator password and member tokens', async () => {
    const wrong = await ctx.app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload: { username: 'demo_operator', password: 'nope' } });
    expect(wrong.json()).toMatchObject({ success: false, message: 'error_invalid_credentials' });
    const memberToken = await loginToken(ctx.app, 'demo_member', 'Demo1234');
    expect((await ctx.app.inject({ url: WPS_PATHS.operatorSystem, headers: { authorization: memberToken } })).statusCode).toBe(401);
    // An operator token is no member session either.
    expect((await ctx.app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: op } })).statusCode).toBe(401);
  });

  it('reads the config', async () => {
    const v = ZEnvelope(ZOperatorConfigResponse).parse((await ctx.app.inject({ url: WPS_PATHS.operatorSystem, headers: { authorization: op } })).json()).value!;
    expect(v.maintenance).toBe(false);
    expect(v.whitelabel.some((n) => n.modId === 'FREEPLAY3')).toBe(true);
  });

  it('flips a flag: bumps the version once per change and audits it', async () => {
    const v0 = await version();
    const res = await put(WPS_PATHS.operatorWhitelabel, { modId: 'FREEPLAY3', enabled: false });
    const cfg = ZEnvelope(ZOperatorConfigResponse).parse(res.json()).value!;
    expect(cfg.version).toBe(v0 + 1);
    expect(cfg.whitelabel.find((n) => n.modId === 'FREEPLAY3')?.enabled).toBe('0');
    const wl = (await ctx.app.inject({ url: WPS_PATHS.whitelabel })).json().value as { modId: string; enabled: string }[];
    expect(wl.find((n) => n.modId === 'FREEPLAY3')?.enabled).toBe('0');
    // Same value again: no change, no bump.
    await put(WPS_PATHS.operatorWhitelabel, { modId: 'FREEPLAY3', enabled: false });
    expect(await version()).toBe(v0 + 1);
    const audit = await ctx.db.selectFrom('config_audit').selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'whitelabel.set',
      operator_username: 'demo_operator',
      before: { modId: 'FREEPLAY3', enabled: true },
      after: { modId: 'FREEPLAY3', enabled: false },
      config_version: v0 + 1,
    });
  });

  it('turning a game category off removes it from the menus', async () => {
    await put(WPS_PATHS.operatorWhitelabel, { modId: 'GAME_CRASH', enabled: false });
    const menus = (await ctx.app.inject({ url: WPS_PATHS.gameMenus })).json().value as { gameType: string }[];
    expect(menus.map((m) => m.gameType)).not.toContain('CRASH');
    await put(WPS_PATHS.operatorWhitelabel, { modId: 'GAME_CRASH', enabled: true });
  });

  it('switches maintenance and region restriction, which system status reflects', async () => {
    const v0 = await version();
    await put(WPS_PATHS.operatorSystem, { maintenance: true });
    expect((await ctx.app.inject({ url: WPS_PATHS.systemStatus })).json().value.status).toBe(1);
    await put(WPS_PATHS.operatorSystem, { maintenance: false, regionRestriction: true });
    expect((await ctx.app.inject({ url: WPS_PATHS.systemStatus })).json().value.status).toBe(2);
    await put(WPS_PATHS.operatorSystem, { regionRestriction: false });
    expect((await ctx.app.inject({ url: WPS_PATHS.systemStatus })).json().value.status).toBe(0);
    expect(await version()).toBe(v0 + 3);
  });

  it('refuses bad input and unknown modIds without changing anything', async () => {
    const before = await rowCounts(ctx.db, ['config_audit', 'whitelabel_nodes']);
    const v0 = await version();
    const unknown = await put(WPS_PATHS.operatorWhitelabel, { modId: 'NOSUCHFLAG', enabled: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: 'error_not_found', code: 404 });
    for (const payload of [
      {},
      { modId: 'FREEPLAY3' },
      { modId: 'FREEPLAY3', enabled: 'yes' },
      { modId: 'x'.repeat(10_000), enabled: true },
      { modId: 'free play', enabled: true },
    ]) {
      expect((await put(WPS_PATHS.operatorWhitelabel, payload)).statusCode).toBe(400);
    }
    expect((await put(WPS_PATHS.operatorSystem, { maintenance: 'on' })).statusCode).toBe(400);
    expect((await put(WPS_PATHS.operatorWhitelabel, { modId: 'FREEPLAY3', enabled: true }, 'bad-token')).statusCode).toBe(401);
    expect(await rowCounts(ctx.db, ['config_audit', 'whitelabel_nodes'])).toEqual(before);
    expect(await version()).toBe(v0);
  });

  it('logs the operator out', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: WPS_PATHS.operatorLogout, headers: { authorization: op } });
    expect(res.json().success).toBe(true);
    expect((await ctx.app.inject({ url: WPS_PATHS.operatorSystem, headers: { authorization: op } })).statusCode).toBe(401);
  });
});
