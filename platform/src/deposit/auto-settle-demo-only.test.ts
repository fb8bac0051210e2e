import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_MESSAGES, DEPOSIT_PATHS, WPS_PATHS } from '@wl/schemas';
import { buildPlatform } from '../app.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { TEST_GATEWAY_SECRET } from '../test-support/http.ts';

// docs/0065: a deposit channel settles by itself only in demo mode (the demo seed's merchant, not a
// production start). Outside it the money setting autoSettleSeconds is refused for every channel,
// with a translated field error, and nothing changes.

const ctx = usePlatform();
let production: FastifyInstance;
let merchantId = 0;
const channelIds: Record<string, number> = {};

const token = async (app: FastifyInstance, username: string, password: string) =>
  (await app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload: { username, password } })).json().value.token as string;
const put = (app: FastifyInstance, auth: string, payload: object) =>
  app.inject({ method: 'PUT', url: DEPOSIT_PATHS.operatorMoneySettings, headers: { authorization: auth }, payload });
const settings = async (app: FastifyInstance, auth: string) =>
  (await app.inject({ url: DEPOSIT_PATHS.operatorMoneySettings, headers: { authorization: auth } })).json().value;
const setDemo = (demo: boolean) => ctx.db.updateTable('merchants').set({ demo }).where('id', '=', merchantId).execute();

beforeAll(async () => {
  merchantId = (await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id;
  for (const c of await ctx.db.selectFrom('deposit_channels').select(['id', 'code']).where('merchant_id', '=', merchantId).execute()) channelIds[c.code] = c.id;
  // The same database served by a production start: never demo mode, whatever the merchant row says.
  production = await buildPlatform({ db: ctx.db, merchantCode: 'DEMO', gatewaySecret: TEST_GATEWAY_SECRET, production: true });
});
afterAll(async () => {
  await production?.close();
});

describe('autoSettleSeconds outside demo mode', () => {
  it('a finance operator cannot make a real merchant channel settle by itself; the same change in demo mode is accepted (for a second owner to decide)', async () => {
    const finance = await token(ctx.app, 'demo_finance', 'Finance1234');
    await setDemo(false);
    try {
      const before = await settings(ctx.app, finance);
      const counts = await rowCounts(ctx.db, ['config_audit']);
      for (const [i, payload] of [
        { channels: [{ id: channelIds.bkash, autoSettleSeconds: 5 }] },
        {
          channels: [
            { id: channelIds.nagad, minMinor: 20_000 },
            { id: channelIds.bkash, autoSettleSeconds: 0 },
          ],
        },
        // The value it already has counts too: a real channel has none to keep.
        { channels: [{ id: channelIds.demo_instant, autoSettleSeconds: 5 }] },
      ].entries()) {
        const res = await put(ctx.app, finance, payload);
        const field = `channels.${i === 1 ? 1 : 0}.autoSettleSeconds`;
        expect([res.statusCode, res.json().value]).toEqual([400, { field, issue: DEPOSIT_MESSAGES.autoSettleDemoOnly }]);
      }
      expect(await settings(ctx.app, finance)).toEqual(before);
      expect(await rowCounts(ctx.db, ['config_audit'])).toEqual(counts);
      // Clearing it is allowed: an operator decides each order again. Channels are the owner's and
      // change through a second owner (docs/0066).
      const owner = await token(ctx.app, 'demo_operator', 'Operator1234');
      const asked = (await put(ctx.app, owner, { channels: [{ id: channelIds.demo_instant, autoSettleSeconds: null }] })).json().value;
      const changeId = asked.pendingChanges.at(-1).id as number;
      const owner2 = await token(ctx.app, 'demo_owner2', 'Owner21234');
      const decided = await ctx.app.inject({
        method: 'POST',
        url: DEPOSIT_PATHS.operatorMoneySettingsDecide,
        headers: { authorization: owner2 },
        payload: { changeId, approve: true },
      });
      expect(decided.json().value.channels.find((c: { id: number }) => c.id === channelIds.demo_instant).autoSettleSeconds).toBeNull();
    } finally {
      await setDemo(true);
    }
    const owner = await token(ctx.app, 'demo_operator', 'Operator1234');
    const res = await put(ctx.app, owner, { channels: [{ id: channelIds.demo_instant, autoSettleSeconds: 5 }] });
    expect(res.statusCode).toBe(200);
  });

  it('a production start refuses it even on the demo seed merchant', async () => {
    const owner = await token(production, 'demo_operator', 'Operator1234');
    const res = await put(production, owner, { channels: [{ id: channelIds.bkash, autoSettleSeconds: 5 }] });
    expect([res.statusCode, res.json().value]).toEqual([400, { field: 'channels.0.autoSettleSeconds', issue: DEPOSIT_MESSAGES.autoSettleDemoOnly }]);
    expect((await settings(production, owner)).channels.find((c: { id: number }) => c.id === channelIds.bkash).autoSettleSeconds).toBeNull();
  });
});
