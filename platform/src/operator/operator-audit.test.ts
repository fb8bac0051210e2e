import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_PATHS, WPS_PATHS, ZEnvelope, ZOperatorAuditResponse } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { roleTokens } from '../test-support/operators.ts';
import { fromClientIp } from '../test-support/http.ts';

const ctx = usePlatform();
const tokens: Record<string, string> = {};

const call = (method: 'GET' | 'PUT', url: string, token: string, opts: { payload?: object; query?: Record<string, string>; ip?: string } = {}) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: token, ...(opts.ip ? fromClientIp(opts.ip) : {}) },
    ...(opts.payload ? { payload: opts.payload } : {}),
    ...(opts.query ? { query: opts.query } : {}),
  });
const audit = async (query: Record<string, string> = {}, token = tokens.owner!) => {
  const res = await call('GET', OPERATOR_PATHS.operatorAudit, token, { query });
  return ZEnvelope(ZOperatorAuditResponse).parse(res.json()).value!;
};

beforeAll(async () => {
  Object.assign(tokens, await roleTokens(ctx.app));
});

describe('operator audit log', () => {
  it('records actor, IP, action, before and after of every change, in the change transaction', async () => {
    const start = new Date().toISOString();
    await call('PUT', WPS_PATHS.operatorWhitelabel, tokens.content!, { payload: { modId: 'FREEPLAY3', enabled: false }, ip: '203.0.113.7' });
    await call('PUT', WPS_PATHS.operatorSystem, tokens.owner!, { payload: { maintenance: true }, ip: '198.51.100.2' });
    await call('PUT', WPS_PATHS.operatorSystem, tokens.owner!, { payload: { maintenance: false } });
    await call('PUT', '/wps/operator/security', tokens.owner!, { payload: { lockMinutes: 45 } });
    // A no-op is no change and leaves no row.
    await call('PUT', WPS_PATHS.operatorWhitelabel, tokens.content!, { payload: { modId: 'FREEPLAY3', enabled: false } });

    const all = await audit();
    expect(all.total).toBe(4);
    expect(all.entries.map((e) => [e.operatorUsername, e.action])).toEqual([
      // A threshold is sensitive: its setter saves a draft awaiting a second operator (docs/0127).
      ['demo_operator', 'config.draft.save'],
      ['demo_operator', 'system.set'],
      ['demo_operator', 'system.set'],
      ['demo_content', 'whitelabel.set'],
    ]);
    expect(all.entries[3]).toMatchObject({ ip: '203.0.113.7', before: { modId: 'FREEPLAY3', enabled: true }, after: { modId: 'FREEPLAY3', enabled: false } });
    expect(all.entries[2]).toMatchObject({
      ip: '198.51.100.2',
      before: { maintenance: false, regionRestriction: false },
      after: { maintenance: true, regionRestriction: false },
    });
    expect(all.entries[0]).toMatchObject({ before: null, after: { changes: { 'security.lockMinutes': 45 }, from: 'security.set' } });
    expect(all.entries.every((e) => e.at >= start.slice(0, 19))).toBe(true);

    // Filters: actor (any case), action, date range; paging.
    expect((await audit({ actor: 'DEMO_CONTENT' })).entries.map((e) => e.action)).toEqual(['whitelabel.set']);
    expect((await audit({ action: 'system.set' })).total).toBe(2);
    expect((await audit({ from: '2000-01-01T00:00:00Z', to: '2000-12-31T00:00:00Z' })).total).toBe(0);
    expect((await audit({ from: start })).total).toBe(4);
    const page2 = await audit({ pageSize: '3', pageNo: '2' });
    expect(page2).toMatchObject({ total: 4, pageNo: 2, pageSize: 3 });
    expect(page2.entries.map((e) => e.action)).toEqual(['whitelabel.set']);
  });

  it('is readable with audit.read only, and refuses bad filters', async () => {
    expect((await audit({}, tokens.finance!)).total).toBeGreaterThan(0);
    expect((await call('GET', OPERATOR_PATHS.operatorAudit, tokens.content!)).statusCode).toBe(403);
    const bad: Record<string, string>[] = [{ from: 'yesterday' }, { pageSize: '1000' }, { action: 'DROP TABLE' }, { pageNo: '0' }];
    for (const query of bad) {
      expect((await call('GET', OPERATOR_PATHS.operatorAudit, tokens.owner!, { query })).statusCode).toBe(400);
    }
  });

  it('a refused change writes no audit row', async () => {
    const before = (await audit()).total;
    expect((await call('PUT', WPS_PATHS.operatorSystem, tokens.content!, { payload: { maintenance: true } })).statusCode).toBe(403);
    expect((await call('PUT', WPS_PATHS.operatorWhitelabel, tokens.owner!, { payload: { modId: 'NOSUCHFLAG', enabled: true } })).statusCode).toBe(404);
    expect((await audit()).total).toBe(before);
  });
});
