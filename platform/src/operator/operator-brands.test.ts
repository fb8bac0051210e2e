import { describe, expect, it } from 'vitest';
import { OPERATOR_CONFIG_CHANGE_CALLS as C, WPS_HEADERS, WPS_MESSAGES, WPS_PATHS, type TCallDescriptor } from '@wl/schemas';
import { DEMO2_BRAND, DEMO2_SHARED_OPERATORS } from '../seed/second-brand.ts';
import { DEMO_ROLE_OPERATORS } from '../seed/demo-accounts.ts';
import { usePlatform } from '../test-support/db.ts';
import { readConfig } from './config-versions.ts';

/**
 * Operators of several brands (docs/0135, rule O-31): the default demo's content operator works for
 * the second brand too. It signs in on each brand with its one password and gets a session of that
 * brand only, in its role there, working on that brand's configuration; an operator not granted a
 * brand is unknown there; no brand can hold two operators of one name.
 */
const ctx = usePlatform();
const shared = DEMO2_SHARED_OPERATORS[0];

async function login(brand: string, username: string, password: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: WPS_PATHS.operatorLogin,
    payload: { username, password },
    headers: { [WPS_HEADERS.merchant]: brand },
  });
  return res.json() as { success: boolean; message: string | null; value: { token: string; operator: { role: string; username: string } } };
}

async function call(brand: string, token: string, d: TCallDescriptor, input: Record<string, unknown> = {}) {
  const headers = { [WPS_HEADERS.merchant]: brand, authorization: token };
  const res =
    d.method === 'GET'
      ? await ctx.app.inject({ url: d.path, headers, query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) })
      : await ctx.app.inject({ method: d.method, url: d.path, payload: input, headers });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelopes read field by field
  return res.json() as { success: boolean; message: string | null; value: any };
}

const merchantId = async (code: string) => (await ctx.db.selectFrom('merchants').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

describe('operators of several brands', () => {
  it('signs a shared operator in on each brand, with a session and a role of that brand only', async () => {
    const onDemo = await login('DEMO', shared.username, shared.password);
    const onSecond = await login(DEMO2_BRAND.code, shared.username, shared.password);
    expect(onDemo.success && onSecond.success).toBe(true);
    expect(onSecond.value.operator).toMatchObject({ username: shared.username, role: shared.role });

    // A session is its brand's: each token is no session on the other brand.
    const drafts = (brand: string, token: string) => call(brand, token, C.configDrafts);
    expect((await drafts(DEMO2_BRAND.code, onSecond.value.token)).success).toBe(true);
    expect((await drafts('DEMO', onSecond.value.token)).message).toBe(WPS_MESSAGES.notLoggedIn);
    expect((await drafts(DEMO2_BRAND.code, onDemo.value.token)).message).toBe(WPS_MESSAGES.notLoggedIn);

    // On the second brand it drafts that brand's words; the first brand's banners are no fields there.
    const [first, second] = [await readConfig(ctx.db, await merchantId('DEMO')), await readConfig(ctx.db, await merchantId(DEMO2_BRAND.code))];
    const own = Object.keys(second).find((f) => /^content\.banner\.\d+\.titleEn$/.test(f))!;
    const other = Object.keys(first).find((f) => /^content\.banner\.\d+\.titleEn$/.test(f))!;
    const d = (await call(DEMO2_BRAND.code, onSecond.value.token, C.configDraftCreate)).value;
    expect((await call(DEMO2_BRAND.code, onSecond.value.token, C.configDraftEdit, { id: d.id, set: { [own]: 'Shapla words' } })).success).toBe(true);
    expect((await call(DEMO2_BRAND.code, onSecond.value.token, C.configDraftEdit, { id: d.id, set: { [other]: 'x' } })).success).toBe(false);
    // Its drafts of one brand are not the other's: the first brand does not list it, nor publish it.
    const listed = (await drafts('DEMO', onDemo.value.token)).value.drafts.map((x: { id: number }) => x.id);
    expect(listed).not.toContain(d.id);
    expect((await call('DEMO', onDemo.value.token, C.configDraftPublish, { id: d.id, comment: 'cross brand' })).success).toBe(false);
    await call(DEMO2_BRAND.code, onSecond.value.token, C.configDraftDiscard, { id: d.id });
  });

  it('refuses an operator on a brand it was not granted, and a grant that would give a brand two operators of one name', async () => {
    const finance = DEMO_ROLE_OPERATORS.find((o) => o.role === 'finance')!;
    expect((await login('DEMO', finance.username, finance.password)).success).toBe(true);
    const elsewhere = await login(DEMO2_BRAND.code, finance.username, finance.password);
    expect(elsewhere.success).toBe(false);
    expect(elsewhere.message).toBe(WPS_MESSAGES.invalidCredentials);

    // The default demo's owner may not be granted the second brand: it has a demo_operator of its own.
    const owner = await ctx.db
      .selectFrom('operators')
      .select(['id', 'username'])
      .where('merchant_id', '=', await merchantId('DEMO'))
      .where('username', '=', 'demo_operator')
      .executeTakeFirstOrThrow();
    await expect(
      ctx.db
        .insertInto('operator_brands')
        .values({ operator_id: owner.id, merchant_id: await merchantId(DEMO2_BRAND.code), role: 'owner', username_key: owner.username })
        .execute(),
    ).rejects.toThrow(/operator_brands_username/);
  });
});
