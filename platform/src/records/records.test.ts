import { beforeAll, describe, expect, it } from 'vitest';
import { RECORD_PATHS } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { loginToken } from '../test-support/http.ts';
import { accountFor, transfer } from '../wallet/ledger.service.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

// Records on both databases (PGlite; PostgreSQL with DATABASE_URL): filters, paging boundaries,
// totals over the whole filter, per-day profit, and that a member only ever reads its own rows.

const ctx = usePlatform();
const t = { member: '', down: '', trial: '' };
const from = new Date(Date.now() - 86_400_000).toISOString();
const to = new Date(Date.now() + 86_400_000).toISOString();

const read = (path: string, token: string, query: Record<string, string | number>) =>
  ctx.app.inject({ url: path, headers: { authorization: token }, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

beforeAll(async () => {
  t.member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  t.down = await loginToken(ctx.app, 'demo_down1', 'Down1234');
  t.trial = await loginToken(ctx.app, 'demo_trial', 'Trial1234');
  const merchant = await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  const member = await demoMemberRow(ctx.db, 'demo_member').select('id').executeTakeFirstOrThrow();
  const wallet = await accountFor(ctx.db, merchant, 'member_wallet', { memberId: member.id });
  const clearing = await accountFor(ctx.db, merchant, 'deposit_clearing');
  const provider = await accountFor(ctx.db, merchant, 'provider', { code: 'JILI' });
  const bonus = await accountFor(ctx.db, merchant, 'bonus_expense');
  const system = { kind: 'system' as const, id: 0 };
  // 25 deposits, 3 bets with 1 win on a vendor, 2 bonuses.
  for (let i = 0; i < 25; i += 1)
    await transfer(ctx.db, { from: clearing, to: wallet, amountMinor: 1_000 + i, owner: system, idempotencyKey: `rec-dep-${i}`, kind: 'deposit' });
  for (let i = 0; i < 3; i += 1)
    await transfer(ctx.db, {
      from: wallet,
      to: provider,
      amountMinor: 500,
      owner: { kind: 'provider', id: 1 },
      idempotencyKey: `rec-bet-${i}`,
      kind: 'bet',
      meta: { code: 'JILI' },
    });
  await transfer(ctx.db, {
    from: provider,
    to: wallet,
    amountMinor: 1_200,
    owner: { kind: 'provider', id: 1 },
    idempotencyKey: 'rec-win-0',
    kind: 'win',
    meta: { code: 'JILI' },
  });
  for (let i = 0; i < 2; i += 1)
    await transfer(ctx.db, { from: bonus, to: wallet, amountMinor: 300, owner: system, idempotencyKey: `rec-bonus-${i}`, kind: 'bonus' });
});

describe('account record', () => {
  it('pages newest first with totals over the whole filter, not the page', async () => {
    const page1 = (await read(RECORD_PATHS.account, t.member, { from, to, type: 'deposit', pageSize: 10 })).json().value;
    expect(page1.total).toBe(26); // 25 deposits and the seeded opening credit
    expect(page1.rows).toHaveLength(10);
    expect(page1.rows[0]).toMatchObject({ type: 'deposit', kind: 'deposit', amountMinor: 1_024 });
    const expectedIn = Array.from({ length: 25 }, (_, i) => 1_000 + i).reduce((a, b) => a + b, 0) + 1_250_000;
    expect(page1).toMatchObject({ inMinor: expectedIn, outMinor: 0 });
    const page3 = (await read(RECORD_PATHS.account, t.member, { from, to, type: 'deposit', pageSize: 10, pageNo: 3 })).json().value;
    expect(page3.rows).toHaveLength(6);
    const beyond = (await read(RECORD_PATHS.account, t.member, { from, to, type: 'deposit', pageSize: 10, pageNo: 4 })).json().value;
    expect(beyond).toMatchObject({ rows: [], total: 26 });
    // Each row carries the balance it left.
    expect(page1.rows[0].balanceAfterMinor - page1.rows[1].balanceAfterMinor).toBe(page1.rows[0].amountMinor);
    const all = (await read(RECORD_PATHS.account, t.member, { from, to, pageSize: 100 })).json().value;
    expect(all.total).toBe(26 + 3 + 1 + 2);
    expect(all.outMinor).toBe(-1_500);
  });

  it('a range before anything happened is empty; a bad range is refused', async () => {
    const past = { from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z' };
    expect((await read(RECORD_PATHS.account, t.member, past)).json().value).toEqual({ rows: [], total: 0, inMinor: 0, outMinor: 0 });
    for (const bad of <Record<string, string | number>[]>[
      { from: to, to: from },
      { from: '2020-01-01T00:00:00Z', to: '2022-01-01T00:00:00Z' }, // over the member's year of records (docs/0106)
      { from: 'x', to },
      { from, to, pageSize: 1000 },
      { from, to, type: 'nope' },
      { from: `${from}\u0000`, to },
    ]) {
      expect((await read(RECORD_PATHS.account, t.member, bad)).json().success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("only the member's own rows: another member sees none of these, and trial accounts are refused", async () => {
    const down = (await read(RECORD_PATHS.account, t.down, { from, to, pageSize: 100 })).json().value;
    expect(down.total).toBe(0);
    for (const path of Object.values(RECORD_PATHS)) {
      expect((await read(path, t.trial, { from, to })).json()).toMatchObject({ success: false, message: 'in_need_true_account' });
      expect((await ctx.app.inject({ url: path, query: { from, to } })).statusCode).toBe(401);
    }
  });
});

describe('betting record, profit and loss, bonus details', () => {
  it('bets and wins with their vendor; per-day profit; bonuses', async () => {
    const bets = (await read(RECORD_PATHS.bets, t.member, { from, to })).json().value;
    expect(bets.total).toBe(4);
    expect(bets.rows.every((r: { code: string }) => r.code === 'JILI')).toBe(true);
    expect((await read(RECORD_PATHS.bets, t.member, { from, to, type: 'win' })).json().value.total).toBe(1);
    expect((await read(RECORD_PATHS.bets, t.member, { from, to, type: 'deposit' })).json().value.total).toBe(0);
    const profit = (await read(RECORD_PATHS.profit, t.member, { from, to, tzOffsetMinutes: 360 })).json().value;
    expect(profit).toMatchObject({ total: 1, stakeMinor: 1_500, payoutMinor: 1_200, profitMinor: -300 });
    expect(profit.rows[0]).toMatchObject({ code: 'JILI', bets: 3 });
    expect(profit.rows[0].day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const bonus = (await read(RECORD_PATHS.bonus, t.member, { from, to })).json().value;
    expect(bonus).toMatchObject({ total: 2, inMinor: 600 });
  });
});
