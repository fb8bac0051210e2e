import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, OPERATOR_POINTS_CALLS, OPERATOR_POINTS_PATHS, POINTS_CALLS, POINTS_DEPOSIT_PLAY_THROUGH_DAYS, POINTS_PATHS } from '@wl/schemas';
import type { TMerchant } from '../http/auth.ts';
import { hashPassword } from '../session/password.service.ts';
import { usePlatform } from '../test-support/db.ts';
import { encryptedCall, expectRealAccountOnly, loginToken, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { insertApprovedDeposit, insertSettledRounds } from '../test-support/rewards.ts';
import { walletBalance } from '../wallet/wallet.queries.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { runPointsEarn } from './points.job.ts';
import { changePoints, pointsBalance } from './points.queries.ts';
import { placeOrder } from './points.service.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

/**
 * The points mall (docs/0113) at the platform: who may call it; points earned once per settled
 * round and played-through deposit (docs/0128; the member's call, the job, their reruns); the balance changed only
 * by guarded statements (50 parallel redeems never overdraw, stock never below zero); redeem needs
 * the withdraw password; conversion to cash through the ledger once per key; the console's rates,
 * goods and order states, each audited.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
const WITHDRAW_PASSWORD = 'Points5678';
const tokens = { member: '', agent: '', trial: '' };
const ids = { member: 0, agent: 0 };
const ops = { owner: '', finance: '', support: '', content: '' };
let merchant: TMerchant;

const secret = (url: string, token: string | null, payload: unknown) => encryptedCall(ctx.app, 'POST', url, payload, token ? { authorization: token } : {});
const memberIdOf = async (username: string) => (await demoMemberRow(ctx.db, username).select('id').executeTakeFirstOrThrow()).id;
const count = async (table: 'points_entries' | 'points_orders' | 'points_conversions' | 'ledger_transactions') =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db)).rows[0]!.n);
/** Points given to a member directly (a test's starting balance), as a refund row. */
const grant = (memberId: number, points: number) =>
  ctx.db.transaction().execute((trx) => changePoints(trx, { merchantId: merchant.id, memberId, type: 'refund', points, reference: 'TEST' }));
/** Brings a member's points to exactly `target` through a record row. */
async function setPoints(memberId: number, target: number): Promise<void> {
  const delta = target - (await pointsBalance(ctx.db, memberId));
  if (delta !== 0)
    await ctx.db
      .transaction()
      .execute((trx) => changePoints(trx, { merchantId: merchant.id, memberId, type: delta > 0 ? 'refund' : 'redeem', points: delta, reference: 'TEST' }));
}
async function newGood(stock: number, points: number): Promise<number> {
  const row = await ctx.db
    .insertInto('points_goods')
    .values({ merchant_id: merchant.id, name_en: 'Test good', name_bn: 'পরীক্ষার পণ্য', description_en: '', description_bn: '', points, stock })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const redeemBody = (goodsId: number, key: string, extra: Record<string, unknown> = {}) => ({
  goodsId,
  quantity: 1,
  withdrawPassword: WITHDRAW_PASSWORD,
  address: 'House 12, Road 4, Dhaka',
  mobile: '+8801712000001',
  key,
  ...extra,
});

beforeAll(async () => {
  tokens.member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  tokens.agent = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  tokens.trial = (
    await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } })
  ).json().value.token;
  ids.member = await memberIdOf('demo_member');
  ids.agent = await memberIdOf('demo_agent');
  merchant = (await ctx.db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow()) as unknown as TMerchant;
  await ctx.db
    .updateTable('members')
    .set({ withdraw_password_hash: await hashPassword(WITHDRAW_PASSWORD) })
    .where('id', 'in', [ids.member, ids.agent])
    .execute();
  Object.assign(ops, await roleTokens(ctx.app));
});

describe('the check ladder', () => {
  it('refuses every points call without a session, and to a trial account, and writes nothing', async () => {
    const entries = await count('points_entries');
    await expectRealAccountOnly(
      ctx,
      tokens.trial,
      Object.values(POINTS_CALLS).map((c) => [c.method, c.path] as const),
      { points: 100, key: 'ladder-key-1' },
    );
    expect(await count('points_entries')).toBe(entries);
  });

  it('refuses the console calls without an operator session, and to a role without the permission', async () => {
    for (const c of Object.values(OPERATOR_POINTS_CALLS))
      expect((await call(c.method, c.path, null, c.method === 'GET' ? undefined : {})).statusCode, c.path).toBe(401);
    const good = { nameEn: 'Cap', nameBn: 'টুপি', descriptionEn: '', descriptionBn: '', points: 100, stock: 1, active: true };
    // Goods are content's: finance and support are refused; rates are finance's: content is refused.
    for (const token of [ops.finance, ops.support]) expect((await call('POST', OPERATOR_POINTS_PATHS.saveGoods, token, good)).statusCode).toBe(403);
    const settings = (await call('GET', OPERATOR_POINTS_PATHS.settings, ops.content)).json().value;
    expect((await call('POST', OPERATOR_POINTS_PATHS.setSettings, ops.content, settings)).statusCode).toBe(403);
    expect((await call('GET', OPERATOR_POINTS_PATHS.orders, ops.finance)).statusCode).toBe(403);
  });

  it('refuses a redeem without the withdraw password, or with a wrong one, and moves nothing', async () => {
    await grant(ids.member, 10_000);
    const goodsId = await newGood(10, 1_000);
    const before = await pointsBalance(ctx.db, ids.member);
    const { withdrawPassword: _omit, ...noPassword } = redeemBody(goodsId, 'no-password-1');
    const missing = await secret(POINTS_PATHS.redeem, tokens.member, noPassword);
    expect(missing.json()).toMatchObject({ success: false, message: 'error_bad_request', value: { field: 'withdrawPassword' } });
    const wrong = await secret(POINTS_PATHS.redeem, tokens.member, redeemBody(goodsId, 'wrong-password-1', { withdrawPassword: 'Wrong9999' }));
    expect(wrong.json()).toMatchObject({ success: false, message: 'withdraw_password_wrong', value: { fieldErrors: { withdrawPassword: {} } } });
    expect(await pointsBalance(ctx.db, ids.member)).toBe(before);
    expect((await ctx.db.selectFrom('points_goods').select('stock').where('id', '=', goodsId).executeTakeFirstOrThrow()).stock).toBe(10);
  });

  it('refuses bad values, NUL bytes and a 1 MB string with the field named, and writes nothing', async () => {
    const goodsId = await newGood(10, 1_000);
    const orders = await count('points_orders');
    const bad: [string, Record<string, unknown>][] = [
      ['quantity', { quantity: 0 }],
      ['quantity', { quantity: 11 }],
      ['address', { address: 'abc' }],
      ['address', { address: 'House\u0000 12, Dhaka' }],
      ['mobile', { mobile: '01712abc' }],
      ['mobile', { mobile: '\u0000' }],
      ['key', { key: 'short' }],
      ['goodsId', { goodsId: -1 }],
    ];
    for (const [field, change] of bad) {
      const res = await secret(POINTS_PATHS.redeem, tokens.member, redeemBody(goodsId, 'bad-values-1', change));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().value, field).toMatchObject({ field });
    }
    // A megabyte is refused by the body limit (413) before it is read; 10 KB in the field is named.
    for (const url of [POINTS_PATHS.redeem, POINTS_PATHS.convert])
      expect((await call('POST', url, tokens.member, { address: 'x'.repeat(1_100_000), key: 'k'.repeat(1_000_000) })).statusCode, url).toBe(413);
    const long = await secret(POINTS_PATHS.redeem, tokens.member, redeemBody(goodsId, 'bad-values-1', { address: 'x'.repeat(10_000) }));
    expect([long.statusCode, long.json().value]).toMatchObject([400, { field: 'address' }]);
    for (const points of [0, -5, 1.5]) {
      const res = await secret(POINTS_PATHS.convert, tokens.member, { points, key: 'bad-convert-1' });
      expect(res.json(), String(points)).toMatchObject({ success: false, value: { field: 'points' } });
    }
    expect(await count('points_orders')).toBe(orders);
  });

  it("shows a member only its own orders, and answers another member's key only for that member", async () => {
    await grant(ids.agent, 5_000);
    const goodsId = await newGood(10, 1_000);
    const mine = (await secret(POINTS_PATHS.redeem, tokens.member, redeemBody(goodsId, 'shared-order-key'))).json().value;
    const theirs = (await secret(POINTS_PATHS.redeem, tokens.agent, redeemBody(goodsId, 'shared-order-key'))).json().value;
    expect(theirs.order.id).not.toBe(mine.order.id);
    const list = (await call('GET', POINTS_PATHS.redeemList, tokens.agent, undefined, { pageNo: '1', pageSize: '50' })).json().value;
    expect(list.rows.map((r: { id: number }) => r.id)).toContain(theirs.order.id);
    expect(list.rows.map((r: { id: number }) => r.id)).not.toContain(mine.order.id);
    const history = (await call('GET', POINTS_PATHS.history, tokens.agent, undefined, { pageNo: '1', pageSize: '50' })).json().value;
    expect(history.rows.every((r: { reference: string }) => r.reference !== mine.order.reference)).toBe(true);
  });
});

describe('earning points', () => {
  it('credits each settled round once, by game type, across the member’s call, the job and reruns', async () => {
    const member = ids.agent;
    const before = await pointsBalance(ctx.db, member);
    // Seeded rates: rng 100 and live 50 points per ৳100 of valid bet, deposits 10 per ৳100.
    await insertSettledRounds(ctx.db, member, 'RNG', [
      { stake: 50_000, payout: 0 }, // ৳500 valid: 500 points
      { stake: 10_000, payout: 10_000 }, // a push: nothing
    ]);
    await insertSettledRounds(ctx.db, member, 'LIVE', [{ stake: 20_000, payout: 60_000 }]); // ৳200 valid: 100 points
    const first = (await call('POST', POINTS_PATHS.reward, tokens.agent)).json().value;
    expect(first).toEqual({ credited: 600, balance: before + 600 });
    expect((await call('POST', POINTS_PATHS.reward, tokens.agent)).json().value).toEqual({ credited: 0, balance: before + 600 });
    await runPointsEarn(ctx.db, new Date());
    await runPointsEarn(ctx.db, new Date());
    expect(await pointsBalance(ctx.db, member)).toBe(before + 600);
    const rows = (await call('GET', POINTS_PATHS.history, tokens.agent, undefined, { pageNo: '1', pageSize: '10' })).json().value.rows;
    expect(rows.slice(0, 2).map((r: { type: string; points: number }) => [r.type, r.points])).toEqual([
      ['live', 100],
      ['rng', 500],
    ]);
  });

  it('credits a deposit once it is played through after it, in the order of deposits: play before it, cycling and an old deposit earn nothing', async () => {
    // docs/0128. Rates: rng 100 points per ৳100 of valid bet, deposits 10 per ৳100.
    const [member] = (await insertBareMembers(ctx.db, 1, 'ptdep')).ids;
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000);
    const earn = async () => {
      await runPointsEarn(ctx.db, new Date(now));
      return pointsBalance(ctx.db, member!);
    };
    // Past the window: never earns, and asks nothing of later play.
    await insertApprovedDeposit(ctx.db, member!, 50_000, new Date(now - (POINTS_DEPOSIT_PLAY_THROUGH_DAYS + 1) * 86_400_000));
    // ৳1,000 played before the deposit: its points, nothing toward the deposit.
    await insertSettledRounds(ctx.db, member!, 'RNG', [{ stake: 100_000, payout: 0 }], at(-20));
    await insertApprovedDeposit(ctx.db, member!, 100_000, at(-19));
    expect(await earn()).toBe(1_000);
    await insertSettledRounds(ctx.db, member!, 'RNG', [{ stake: 60_000, payout: 0 }], at(-18));
    expect(await earn()).toBe(1_600);
    // The same money deposited again (as after a withdrawal): it waits behind the first.
    await insertApprovedDeposit(ctx.db, member!, 100_000, at(-17));
    await insertSettledRounds(ctx.db, member!, 'RNG', [{ stake: 40_000, payout: 0 }], at(-16));
    // ৳1,000 played after the first deposit: it earns its 100. The second has nothing yet: the ৳400
    // played after it went to the first.
    expect(await earn()).toBe(1_600 + 400 + 100);
    await insertSettledRounds(ctx.db, member!, 'RNG', [{ stake: 99_900, payout: 0 }], at(-15));
    expect(await earn()).toBe(2_100 + 999);
    await insertSettledRounds(ctx.db, member!, 'RNG', [{ stake: 100, payout: 0 }], at(-14));
    expect(await earn()).toBe(3_099 + 1 + 100);
    expect(await earn()).toBe(3_200);
    const deposits = await ctx.db
      .selectFrom('points_deposits')
      .innerJoin('deposits', 'deposits.id', 'points_deposits.deposit_id')
      .select('deposits.amount_minor')
      .where('deposits.member_id', '=', member!)
      .execute();
    expect(deposits.map((d) => Number(d.amount_minor))).toEqual([100_000, 100_000]);
  });

  it('lets rounds worth less than a point add up until they are worth one; races credit once', async () => {
    const member = ids.agent;
    const before = await pointsBalance(ctx.db, member);
    await insertSettledRounds(ctx.db, member, 'RNG', [{ stake: 60, payout: 0 }]); // 0.6 of a point
    expect((await call('POST', POINTS_PATHS.reward, tokens.agent)).json().value.credited).toBe(0);
    await insertSettledRounds(ctx.db, member, 'RNG', [{ stake: 60, payout: 0 }]); // 1.2 together
    const raced = await Promise.all([
      call('POST', POINTS_PATHS.reward, tokens.agent),
      runPointsEarn(ctx.db, new Date()),
      call('POST', POINTS_PATHS.reward, tokens.agent),
    ]);
    expect(raced.length).toBe(3);
    expect(await pointsBalance(ctx.db, member)).toBe(before + 1);
  });
});

describe('redeeming goods', () => {
  it('debits the points and takes the stock in one transaction; the same key answers the same order', async () => {
    const goodsId = await newGood(5, 1_500);
    await grant(ids.member, 3_000);
    const before = await pointsBalance(ctx.db, ids.member);
    const first = (await secret(POINTS_PATHS.redeem, tokens.member, redeemBody(goodsId, 'redeem-once-1', { quantity: 2 }))).json();
    expect(first).toMatchObject({ success: true, value: { balance: before - 3_000, order: { status: 'pending', quantity: 2, points: 3_000 } } });
    const again = (await secret(POINTS_PATHS.redeem, tokens.member, redeemBody(goodsId, 'redeem-once-1', { quantity: 2 }))).json();
    expect(again.value.order.id).toBe(first.value.order.id);
    const reused = (await secret(POINTS_PATHS.redeem, tokens.member, redeemBody(goodsId, 'redeem-once-1', { quantity: 1 }))).json();
    expect(reused).toMatchObject({ success: false, message: 'idempotency_key_reused' });
    expect(await pointsBalance(ctx.db, ids.member)).toBe(before - 3_000);
    expect((await ctx.db.selectFrom('points_goods').select('stock').where('id', '=', goodsId).executeTakeFirstOrThrow()).stock).toBe(3);
  });

  it('redeemed twice in parallel with one key makes one order; with two keys and points for one, one order', async () => {
    const goodsId = await newGood(10, 2_000);
    await setPoints(ids.member, 5_000);
    const same = await Promise.all([1, 2].map(() => secret(POINTS_PATHS.redeem, tokens.member, redeemBody(goodsId, 'parallel-same-1'))));
    expect(new Set(same.map((r) => r.json().value.order.id)).size).toBe(1);
    expect(await pointsBalance(ctx.db, ids.member)).toBe(3_000);
    // Points for one more good: two keys race for it.
    const two = await Promise.all(['parallel-a-1', 'parallel-b-1'].map((key) => secret(POINTS_PATHS.redeem, tokens.member, redeemBody(goodsId, key))));
    const answers = two.map((r) => r.json());
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.success).map((a) => a.message)).toEqual(['points_insufficient']);
    expect(await pointsBalance(ctx.db, ids.member)).toBe(1_000);
  });

  it('never overdraws under 50 parallel redeems, and never takes the stock below zero', async () => {
    const cheap = await newGood(1_000, 100);
    await setPoints(ids.agent, 3_050);
    const start = 3_050;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => placeOrder(ctx.db, merchant, ids.agent, redeemBody(cheap, `fifty-points-${i}`), 'en')),
    );
    const placed = results.filter((r) => r.status === 'fulfilled').length;
    expect(placed).toBe(30);
    const end = await pointsBalance(ctx.db, ids.agent);
    expect(end).toBe(start - 100 * placed);
    expect(end).toBeGreaterThanOrEqual(0);

    const scarce = await newGood(3, 1);
    await grant(ids.member, 1_000);
    const stockRuns = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => placeOrder(ctx.db, merchant, ids.member, redeemBody(scarce, `fifty-stock-${i}`), 'en')),
    );
    expect(stockRuns.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await ctx.db.selectFrom('points_goods').select('stock').where('id', '=', scarce).executeTakeFirstOrThrow()).stock).toBe(0);
    // The record adds up to the balance: every change is a row, the balance after each the running sum.
    const sums = await sql<{ member_id: number; total: string; last: string }>`
      select member_id, sum(points) as total, (array_agg(balance_after order by id desc))[1] as last from points_entries group by member_id`.execute(ctx.db);
    for (const s of sums.rows) {
      expect(Number(s.total)).toBe(Number(s.last));
      expect(Number(s.total)).toBe(await pointsBalance(ctx.db, Number(s.member_id)));
    }
  });

  it('keeps the record append-only: a row cannot be changed or removed', async () => {
    await expect(sql`update points_entries set points = points + 1`.execute(ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from points_entries`.execute(ctx.db)).rejects.toThrow(/append-only/);
  });
});

describe('converting points to cash', () => {
  it('pays through the ledger at the ratio, once per key, whatever races; another amount under the key is refused', async () => {
    await grant(ids.member, 5_000);
    const points = await pointsBalance(ctx.db, ids.member);
    const wallet = Number(await walletBalance(ctx.db, ids.member));
    const transactions = await count('ledger_transactions');
    const answers = await Promise.all(Array.from({ length: 10 }, () => secret(POINTS_PATHS.convert, tokens.member, { points: 2_500, key: 'convert-once-1' })));
    const bodies = answers.map((a) => a.json());
    expect(new Set(bodies.map((b) => b.value.conversionId)).size).toBe(1);
    expect(bodies[0].value).toMatchObject({ points: 2_500, amountMinor: 2_500 }); // seeded 100 points = ৳1
    expect(await pointsBalance(ctx.db, ids.member)).toBe(points - 2_500);
    expect(Number(await walletBalance(ctx.db, ids.member))).toBe(wallet + 2_500);
    expect(await count('ledger_transactions')).toBe(transactions + 1);
    const tx = await ctx.db.selectFrom('ledger_transactions').select(['kind', 'owner_kind', 'owner_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(tx).toEqual({ kind: 'points_convert', owner_kind: 'member', owner_id: ids.member });
    const reused = (await secret(POINTS_PATHS.convert, tokens.member, { points: 100, key: 'convert-once-1' })).json();
    expect(reused).toMatchObject({ success: false, message: 'idempotency_key_reused' });
  });

  it('refuses more points than the member has, and below the minimum, moving nothing', async () => {
    const points = await pointsBalance(ctx.db, ids.member);
    const wallet = Number(await walletBalance(ctx.db, ids.member));
    expect((await secret(POINTS_PATHS.convert, tokens.member, { points: points + 100, key: 'convert-too-much' })).json()).toMatchObject({
      success: false,
      message: 'points_insufficient',
    });
    expect((await secret(POINTS_PATHS.convert, tokens.member, { points: 50, key: 'convert-too-little' })).json()).toMatchObject({
      success: false,
      message: 'points_convert_below_minimum',
    });
    expect(await pointsBalance(ctx.db, ids.member)).toBe(points);
    expect(Number(await walletBalance(ctx.db, ids.member))).toBe(wallet);
  });
});

describe('the console', () => {
  it('sets rates and the ratio (finance), goods (content), moves an order on and refunds a refused one, each audited', async () => {
    const settings = (await call('GET', OPERATOR_POINTS_PATHS.settings, ops.finance)).json().value;
    const changed = { ...settings, exchangePoints: 200, exchangeMinor: 100 };
    expect((await call('POST', OPERATOR_POINTS_PATHS.setSettings, ops.finance, changed)).json()).toMatchObject({ success: true, value: changed });
    expect((await call('POST', OPERATOR_POINTS_PATHS.setSettings, ops.finance, { ...changed, exchangeMinor: 0 })).json()).toMatchObject({
      success: false,
      message: 'points_exchange_invalid',
    });
    // One operator alone cannot make play or deposits pay more than 2 % through points (docs/0113).
    const rich = { ...changed, exchangePoints: 1, exchangeMinor: 100 };
    expect((await call('POST', OPERATOR_POINTS_PATHS.setSettings, ops.finance, rich)).json()).toMatchObject({
      success: false,
      message: 'points_return_too_high',
    });
    expect((await call('GET', OPERATOR_POINTS_PATHS.settings, ops.finance)).json().value).toEqual(changed);
    expect((await call('POST', OPERATOR_POINTS_PATHS.setSettings, ops.finance, settings)).json().success).toBe(true);

    const saved = (
      await call('POST', OPERATOR_POINTS_PATHS.saveGoods, ops.content, {
        nameEn: 'Mug',
        nameBn: 'মগ',
        descriptionEn: 'A mug',
        descriptionBn: 'একটি মগ',
        points: 300,
        stock: 2,
        active: true,
      })
    ).json().value;
    const config = (await ctx.app.inject({ url: POINTS_PATHS.config, headers: { authorization: tokens.member, language: 'bn' } })).json().value;
    expect(config.goods.find((g: { id: number }) => g.id === saved.id)).toMatchObject({ name: 'মগ', points: 300, stock: 2 });

    await grant(ids.member, 600);
    const a = (await secret(POINTS_PATHS.redeem, tokens.member, redeemBody(saved.id, 'console-order-a'))).json().value.order;
    const b = (await secret(POINTS_PATHS.redeem, tokens.member, redeemBody(saved.id, 'console-order-b'))).json().value.order;
    const status = (orderId: number, to: string) => call('POST', OPERATOR_POINTS_PATHS.setOrderStatus, ops.content, { orderId, status: to });
    expect((await status(a.id, 'delivered')).json()).toMatchObject({ success: false, message: 'points_order_status_invalid' });
    expect((await status(a.id, 'shipped')).json()).toMatchObject({ success: true, value: { status: 'shipped' } });
    expect((await status(a.id, 'delivered')).json()).toMatchObject({ success: true, value: { status: 'delivered' } });
    expect((await status(a.id, 'rejected')).json()).toMatchObject({ success: false, message: 'points_order_status_invalid' });
    const points = await pointsBalance(ctx.db, ids.member);
    expect((await status(b.id, 'rejected')).json()).toMatchObject({ success: true, value: { status: 'rejected' } });
    expect(await pointsBalance(ctx.db, ids.member)).toBe(points + 300);
    expect((await ctx.db.selectFrom('points_goods').select('stock').where('id', '=', saved.id).executeTakeFirstOrThrow()).stock).toBe(1);
    expect((await status(999_999, 'shipped')).json()).toMatchObject({ success: false, message: 'points_order_not_found' });
    const mine = (await call('GET', POINTS_PATHS.redeemList, tokens.member, undefined, { pageNo: '1', pageSize: '5' })).json().value.rows;
    expect(mine.find((o: { id: number }) => o.id === a.id).status).toBe('delivered');

    const audits = await ctx.db.selectFrom('config_audit').select('action').where('action', 'like', 'points.%').execute();
    expect(audits.map((r) => r.action).sort()).toEqual([
      'points.goods.save',
      'points.order.status',
      'points.order.status',
      'points.order.status',
      'points.settings.set',
      'points.settings.set',
    ]);
  });
});
