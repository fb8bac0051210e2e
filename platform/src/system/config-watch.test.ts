import { describe, expect, it } from 'vitest';
import { WPS_HEADERS, WPS_PATHS } from '@wl/schemas';
import { TEST_GATEWAY_SECRET } from '../test-support/http.ts';
import { usePlatform } from '../test-support/db.ts';
import { bumpConfigVersion } from '../audit/operator-audit.ts';

const ctx = usePlatform();
const asGateway = { [WPS_HEADERS.gatewaySecret]: TEST_GATEWAY_SECRET };

async function merchantId(): Promise<number> {
  return (await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id;
}

function watch(query: string, headers: Record<string, string> = asGateway) {
  return ctx.app.inject({ method: 'GET', url: `${WPS_PATHS.configWatch}${query}`, headers });
}

async function currentVersion(): Promise<number> {
  const res = await ctx.app.inject({ method: 'GET', url: WPS_PATHS.configVersion });
  return res.json().value.version as number;
}

describe('config watch (the gateway long-poll)', () => {
  it('refuses callers without the gateway secret, whatever they send', async () => {
    const callers: Record<string, string>[] = [{}, { [WPS_HEADERS.gatewaySecret]: 'wrong' }];
    for (const headers of callers) {
      const res = await watch('?waitMs=0', headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, message: 'error_forbidden' });
    }
  });

  it('refuses a bad query with the field named', async () => {
    const res = await watch('?since=-1');
    expect(res.statusCode).toBe(400);
    expect(res.json().value).toMatchObject({ field: 'since' });
    expect((await watch('?waitMs=600000')).statusCode).toBe(400);
  });

  it('answers at once without `since`, or when the version already moved past it', async () => {
    const version = await currentVersion();
    expect((await watch('')).json().value).toEqual({ version });
    expect((await watch(`?since=${version + 5}&waitMs=60000`)).json().value).toEqual({ version });
  });

  it('answers with the current version when the wait runs out with no change', async () => {
    const version = await currentVersion();
    expect((await watch(`?since=${version}&waitMs=0`)).json().value).toEqual({ version });
    expect((await watch(`?since=${version}&waitMs=1`)).json().value).toEqual({ version });
  });

  // The wait is a minute; the test's ceiling is far below it, so only the NOTIFY can end it in time.
  it('answers as soon as a config change commits (LISTEN/NOTIFY on this database)', async () => {
    const version = await currentVersion();
    const pending = watch(`?since=${version}&waitMs=60000`);
    // Registered before the change: the change is made only once the platform holds the wait.
    while (ctx.app.platformConfigWatch.waiting === 0) await new Promise((resolve) => setImmediate(resolve));
    const id = await merchantId();
    await ctx.db.transaction().execute((trx) => bumpConfigVersion(trx, id));
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ version: version + 1 });
  });

  it('a change rolled back announces nothing; the next committed one does', async () => {
    const version = await currentVersion();
    const id = await merchantId();
    const pending = watch(`?since=${version}&waitMs=60000`);
    while (ctx.app.platformConfigWatch.waiting === 0) await new Promise((resolve) => setImmediate(resolve));
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await bumpConfigVersion(trx, id);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ctx.app.platformConfigWatch.waiting).toBe(1);
    await ctx.db.transaction().execute((trx) => bumpConfigVersion(trx, id));
    expect((await pending).json().value).toEqual({ version: version + 1 });
  });
});

describe('brands (docs/0131)', () => {
  it("answers every merchant's code and host names to the gateway only; each brand's permission info has its palette and languages", async () => {
    expect((await ctx.app.inject({ method: 'GET', url: WPS_PATHS.brands })).statusCode).toBe(403);
    const res = await ctx.app.inject({ method: 'GET', url: WPS_PATHS.brands, headers: asGateway });
    // The demo's two brands: DEMO, the default, has no host; DEMO2 is localhost's.
    expect(res.json().value).toEqual({
      brands: [
        { code: 'DEMO', hosts: [] },
        { code: 'DEMO2', hosts: ['localhost'] },
      ],
    });
    const palette = async (merchant: string) =>
      (await ctx.app.inject({ method: 'GET', url: WPS_PATHS.domainRoute, headers: { [WPS_HEADERS.merchant]: merchant } })).json().value.palette;
    expect([await palette('DEMO'), await palette('DEMO2')]).toEqual(['gold', 'emerald']);
    // And its languages, its default first (docs/0136); the database holds no other list.
    const languages = async (merchant: string) =>
      (await ctx.app.inject({ method: 'GET', url: WPS_PATHS.domainRoute, headers: { [WPS_HEADERS.merchant]: merchant } })).json().value.languages;
    expect([await languages('DEMO'), await languages('DEMO2')]).toEqual([
      ['bn', 'en'],
      ['bn', 'en'],
    ]);
    for (const bad of [[], ['en', 'en'], ['fr'], ['bn', 'en', 'bn'], 'en'])
      await expect(
        ctx.db
          .updateTable('merchants')
          .set({ languages: JSON.stringify(bad) })
          .where('code', '=', 'DEMO2')
          .execute(),
        JSON.stringify(bad),
      ).rejects.toThrow();
  });
});
