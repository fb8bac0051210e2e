import { beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_PATHS } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { operatorToken } from '../test-support/operators.ts';
import { expectRealAccountOnly, loginToken } from '../test-support/http.ts';
import { walletBalance } from '../wallet/wallet.queries.ts';
import { demoMerchantId } from '../test-support/demo-merchant.ts';

// Deposits on both databases (PGlite; PostgreSQL with DATABASE_URL): the attack list of docs/0028
// for every member call, then the operator's approve and reject, which credit exactly once.

const ctx = usePlatform();
const t = { member: '', down: '', trial: '', finance: '', owner: '', support: '' };
const ids = { member: 0, down: 0 };
let bkash = 0;

beforeAll(async () => {
  t.member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  t.down = await loginToken(ctx.app, 'demo_down1', 'Down1234');
  t.trial = await loginToken(ctx.app, 'demo_trial', 'Trial1234');
  t.finance = await operatorToken(ctx.app, 'demo_finance', 'Finance1234');
  t.owner = await operatorToken(ctx.app, 'demo_operator', 'Operator1234');
  t.support = await operatorToken(ctx.app, 'demo_support', 'Support1234');
  const members = await ctx.db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('merchant_id', '=', demoMerchantId(ctx.db))
    .where('username', 'in', ['demo_member', 'demo_down1'])
    .execute();
  ids.member = members.find((m) => m.username === 'demo_member')!.id;
  ids.down = members.find((m) => m.username === 'demo_down1')!.id;
  bkash = (
    await ctx.db
      .selectFrom('deposit_channels')
      .where('merchant_id', '=', demoMerchantId(ctx.db))
      .select('id')
      .where('code', '=', 'bkash')
      .executeTakeFirstOrThrow()
  ).id;
});

const deposit = (token: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: DEPOSIT_PATHS.deposit, headers: { authorization: token }, payload: payload as object });
const approve = (token: string, depositId: number) =>
  ctx.app.inject({ method: 'POST', url: DEPOSIT_PATHS.operatorDepositApprove, headers: { authorization: token }, payload: { depositId } });
const MONEY_TABLES = ['deposits', 'ledger_transactions', 'ledger_entries'] as const;

describe('deposit channels', () => {
  it('lists DEMO channels with limits and quick amounts, the simulated one with its seconds', async () => {
    const res = (await ctx.app.inject({ url: DEPOSIT_PATHS.depositChannels, headers: { authorization: t.member } })).json();
    expect(res.value.channels.map((c: { code: string }) => c.code)).toEqual(['bkash', 'nagad', 'rocket', 'bank', 'demo_instant']);
    expect(res.value.channels[0]).toMatchObject({
      name: 'bKash',
      minMinor: 20_000,
      maxMinor: 2_500_000,
      quickAmountsMinor: [50_000, 100_000, 200_000, 500_000, 1_000_000],
      autoSettleSeconds: null,
    });
    expect(res.value.channels[4]).toMatchObject({ code: 'demo_instant', autoSettleSeconds: 5 });
  });

  it('refuses no session (401) and a trial account (in_need_true_account) on every member call', async () => {
    await expectRealAccountOnly(
      ctx,
      t.trial,
      [
        ['GET', DEPOSIT_PATHS.depositChannels],
        ['GET', DEPOSIT_PATHS.deposit],
        ['POST', DEPOSIT_PATHS.deposit],
      ],
      { channelId: bkash, amountMinor: 50_000, key: 'trial-key-1' },
    );
    expect(await ctx.db.selectFrom('deposits').select('id').execute()).toEqual([]);
  });
});

describe('creating a deposit order', () => {
  it('creates a pending order with a random D+base32 reference; the wallet does not move yet', async () => {
    const before = await walletBalance(ctx.db, ids.member);
    const res = (await deposit(t.member, { channelId: bkash, amountMinor: 50_000, key: 'create-key-0001' })).json();
    expect(res.value).toMatchObject({ channelCode: 'bkash', amountMinor: 50_000, status: 'pending', decidedAt: null });
    expect(res.value.reference).toMatch(/^D[A-Z2-7]{16}$/);
    const second = (await deposit(t.member, { channelId: bkash, amountMinor: 50_000, key: 'create-key-0002' })).json();
    expect(second.value.reference).not.toBe(res.value.reference);
    expect(await walletBalance(ctx.db, ids.member)).toBe(before);
  });

  it.each([
    ['zero', 0, 'amount_invalid'],
    ['negative', -1, 'amount_invalid'],
    ['fraction', 1.5, 'amount_invalid'],
    ['1e21', 1e21, 'amount_invalid'],
    ['text', 'abc', 'amount_invalid'],
    ['null', null, 'amount_invalid'],
    ['a huge string', '9'.repeat(50_000), 'amount_invalid'],
    ['below the channel minimum', 19_999, 'deposit_amount_below_min'],
    ['above the channel maximum', 2_500_001, 'deposit_amount_above_max'],
  ])('refuses an amount that is %s with a field error, changing nothing', async (_name, amountMinor, issue) => {
    const before = await rowCounts(ctx.db, [...MONEY_TABLES]);
    const res = await deposit(t.member, { channelId: bkash, amountMinor, key: 'bad-amount-key' });
    expect(res.statusCode).toBe(400);
    expect(res.json().value).toEqual({ field: 'amountMinor', issue });
    expect(await rowCounts(ctx.db, [...MONEY_TABLES])).toEqual(before);
  });

  it('refuses NUL bytes, unknown or disabled channels and bad keys, changing nothing', async () => {
    const before = await rowCounts(ctx.db, [...MONEY_TABLES]);
    expect((await deposit(t.member, { channelId: bkash, amountMinor: 50_000, key: 'nul\u0000key-123' })).json().value).toMatchObject({ field: 'key' });
    expect((await deposit(t.member, { channelId: 999_999, amountMinor: 50_000, key: 'unknown-channel' })).json().value).toEqual({
      field: 'channelId',
      issue: 'deposit_channel_unavailable',
    });
    expect((await deposit(t.member, { channelId: bkash, amountMinor: 50_000, key: 'short' })).json().value).toMatchObject({ field: 'key' });
    // A megabyte is refused before parsing (the platform's body limit).
    expect((await deposit(t.member, { channelId: bkash, amountMinor: 50_000, key: 'x'.repeat(1_000_000) })).json().message).toBe('error_payload_too_large');
    expect((await deposit(t.member, { channelId: bkash, amountMinor: 50_000, key: 'x'.repeat(50_000) })).json().value).toMatchObject({ field: 'key' });
    expect(await rowCounts(ctx.db, [...MONEY_TABLES])).toEqual(before);
  });

  it('makes 50 parallel sends of one key one order; a replay answers it; the key with another amount is refused', async () => {
    const payload = { channelId: bkash, amountMinor: 60_000, key: 'parallel-key-50' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => deposit(t.member, payload)));
    const refs = new Set(answers.map((a) => a.json().value.reference as string));
    expect(refs.size).toBe(1);
    expect((await deposit(t.member, payload)).json().value.reference).toBe([...refs][0]);
    const reused = await deposit(t.member, { ...payload, amountMinor: 60_001 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe('idempotency_key_reused');
    // Another member's same key is theirs alone: a new order, not the first member's.
    const other = (await deposit(t.down, payload)).json().value;
    expect(other.reference).not.toBe([...refs][0]);
  });

  it('lists only the member own deposits', async () => {
    const mine = (await ctx.app.inject({ url: DEPOSIT_PATHS.deposit, headers: { authorization: t.member } })).json().value;
    const theirs = (await ctx.app.inject({ url: DEPOSIT_PATHS.deposit, headers: { authorization: t.down } })).json().value;
    expect(mine.total).toBeGreaterThanOrEqual(3);
    expect(theirs.total).toBe(1);
    const mineRefs = new Set(mine.deposits.map((d: { reference: string }) => d.reference));
    expect(theirs.deposits.some((d: { reference: string }) => mineRefs.has(d.reference))).toBe(false);
  });
});

describe('the operator decides deposits', () => {
  it('approves once: 50 parallel approvals credit the wallet exactly once, the rest answer 409', async () => {
    const order = (await deposit(t.member, { channelId: bkash, amountMinor: 123_400, key: 'approve-key-01' })).json().value;
    const before = await walletBalance(ctx.db, ids.member);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => approve(i % 2 ? t.finance : t.owner, order.id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().message === 'deposit_not_pending')).toBe(true);
    expect(await walletBalance(ctx.db, ids.member)).toBe(before + 123_400);
    const tx = await ctx.db
      .selectFrom('ledger_transactions')
      .select(['kind', 'meta', 'owner_kind'])
      .where('idempotency_key', '=', `deposit:${order.id}`)
      .execute();
    expect(tx).toEqual([{ kind: 'deposit', meta: { depositId: order.id }, owner_kind: 'system' }]);
    const audit = await ctx.db.selectFrom('config_audit').select(['action', 'operator_username']).where('action', '=', 'deposit.approve').execute();
    expect(audit).toHaveLength(1);
    const listed = (await ctx.app.inject({ url: DEPOSIT_PATHS.deposit, headers: { authorization: t.member } })).json().value.deposits;
    expect(listed.find((d: { id: number }) => d.id === order.id)).toMatchObject({ status: 'approved' });
  });

  it('rejects with a remark: no money moves, and it cannot be approved afterwards', async () => {
    const order = (await deposit(t.member, { channelId: bkash, amountMinor: 70_000, key: 'reject-key-01' })).json().value;
    const before = await walletBalance(ctx.db, ids.member);
    const res = await ctx.app.inject({
      method: 'POST',
      url: DEPOSIT_PATHS.operatorDepositReject,
      headers: { authorization: t.finance },
      payload: { depositId: order.id, remark: 'no payment arrived' },
    });
    expect(res.json().value).toMatchObject({ status: 'rejected', remark: 'no payment arrived', username: 'demo_member' });
    expect((await approve(t.finance, order.id)).statusCode).toBe(409);
    expect(await walletBalance(ctx.db, ids.member)).toBe(before);
  });

  it('lists pending deposits oldest first; refuses support (403), unknown ids (404) and bad ids (400)', async () => {
    const list = (await ctx.app.inject({ url: DEPOSIT_PATHS.operatorDeposits, headers: { authorization: t.finance } })).json().value;
    expect(list.deposits.every((d: { status: string }) => d.status === 'pending')).toBe(true);
    const ids = list.deposits.map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    expect((await ctx.app.inject({ url: DEPOSIT_PATHS.operatorDeposits, headers: { authorization: t.support } })).statusCode).toBe(403);
    expect((await approve(t.support, ids[0])).statusCode).toBe(403);
    expect((await approve(t.finance, 9_999_999)).statusCode).toBe(404);
    expect((await approve(t.member, ids[0])).statusCode).toBe(401);
    for (const bad of [0, -1, 1.5, 'abc', null]) expect((await approve(t.finance, bad as number)).statusCode).toBe(400);
  });
});
