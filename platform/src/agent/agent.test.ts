import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CALLS, AGENT_PATHS } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { loginToken } from '../test-support/http.ts';
import { subtreeByUpline } from '../test-support/subtree.ts';
import { demoTeamTokens, memberAuditRows } from '../test-support/agent-team.ts';
import { walletBalance } from '../wallet/wallet.queries.ts';
import { DEMO_TEAM } from '../seed/agent-tree.ts';

// The agent centre on both databases (PGlite; PostgreSQL with DATABASE_URL): the closure table kept
// by triggers, every call scoped to the caller's own subtree, the team overview against the seeded
// ledger, and the transfer to a downline with the attack list (docs/0046).

const ctx = usePlatform();
const id: Record<string, number> = {};
const t: Record<string, string> = {};
const MONEY_TABLES = ['ledger_transactions', 'ledger_entries', 'member_audit'] as const;
const WEEK = { from: new Date(Date.now() - 8 * 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() };

const get = (url: string, token: string, query: Record<string, string | number> = {}) =>
  ctx.app.inject({ method: 'GET', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: { authorization: token } });
const post = (token: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: AGENT_PATHS.transfer, headers: { authorization: token }, payload: payload as object });

/** The subtree of `root` computed from upline_id alone (what the closure table must agree with). */
const subtreeOf = (root: number) => subtreeByUpline(ctx.db, root);

async function treeRows(ancestor: number): Promise<Map<number, number>> {
  const rows = await ctx.db.selectFrom('member_tree').select(['descendant_id', 'depth']).where('ancestor_id', '=', ancestor).where('depth', '>=', 1).execute();
  return new Map(rows.map((r) => [r.descendant_id, r.depth]));
}

beforeAll(async () => {
  for (const r of await ctx.db.selectFrom('members').select(['id', 'username']).execute()) id[r.username] = r.id;
  Object.assign(t, await demoTeamTokens(ctx.app));
});

describe('the tree (closure table)', () => {
  it('agrees with upline_id at every depth, after the seed and after a registration below a sub-agent', async () => {
    expect(await treeRows(id.demo_agent!)).toEqual(await subtreeOf(id.demo_agent!));
    expect((await treeRows(id.demo_agent!)).get(id.team_c01!)).toBe(3);
    // A member inserted under demo_sub3 (what a registration with its invitation code writes).
    const m = await ctx.db
      .insertInto('members')
      .values({
        merchant_id: (await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id,
        username: 'tree_new1',
        nickname: 'Tree New',
        password_hash: '-',
        type: 0,
        upline_id: id.demo_sub3!,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id.tree_new1 = m.id;
    expect((await treeRows(id.demo_agent!)).get(m.id)).toBe(3);
    expect((await treeRows(id.demo_sub1!)).get(m.id)).toBe(2);
    expect((await treeRows(id.demo_sub2!)).has(m.id)).toBe(false);
  });

  it('moves a whole subtree with an upline change and refuses a cycle and another merchant', async () => {
    // demo_sub3 (with team_c and tree_new1) moves from demo_sub1 to demo_sub2, and back.
    await ctx.db.updateTable('members').set({ upline_id: id.demo_sub2! }).where('id', '=', id.demo_sub3!).execute();
    expect((await treeRows(id.demo_sub2!)).get(id.tree_new1!)).toBe(2);
    expect((await treeRows(id.demo_sub1!)).has(id.team_c01!)).toBe(false);
    expect(await treeRows(id.demo_agent!)).toEqual(await subtreeOf(id.demo_agent!));
    await ctx.db.updateTable('members').set({ upline_id: id.demo_sub1! }).where('id', '=', id.demo_sub3!).execute();
    expect(await treeRows(id.demo_agent!)).toEqual(await subtreeOf(id.demo_agent!));
    await expect(ctx.db.updateTable('members').set({ upline_id: id.team_c01! }).where('id', '=', id.demo_sub1!).execute()).rejects.toMatchObject({
      code: '23514',
    });
    const other = await otherMerchant(ctx.db, 'OTHERA');
    const stranger = await ctx.db
      .insertInto('members')
      .values({ merchant_id: other.id, username: 'stranger1', nickname: 'S', password_hash: '-', type: 0, upline_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    id.stranger1 = stranger.id;
    await expect(ctx.db.updateTable('members').set({ upline_id: id.demo_agent! }).where('id', '=', stranger.id).execute()).rejects.toMatchObject({
      code: '23514',
    });
    expect(await treeRows(id.demo_agent!)).toEqual(await subtreeOf(id.demo_agent!));
  });
});

describe('every agent call', () => {
  it('refuses no session, a trial account and a member that is not an agent, before any work', async () => {
    // Every declared call of the agent centre: a new one is refused here too or this fails.
    for (const { method, path: url } of Object.values(AGENT_CALLS)) {
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method, url, headers: { authorization: t.trial! } })).json()).toMatchObject({
        success: false,
        message: 'in_need_true_account',
      });
      const member = await ctx.app.inject({
        method,
        url,
        headers: { authorization: t.member! },
        query: { ...WEEK, memberId: String(id.team_a01) },
        ...(method === 'POST' ? { payload: { memberId: id.demo_down1, amountMinor: 1, key: 'member-try-01' } } : {}),
      });
      expect(member.statusCode).toBe(403);
      expect(member.json()).toMatchObject({ success: false, message: 'error_not_agent', code: 463 });
    }
  });

  it("answers only the caller's own subtree: other branches, uplines, itself and other merchants are not found, 50 at a time", async () => {
    const outside = [
      [t.sub2!, id.team_a01!],
      [t.sub2!, id.team_c01!],
      [t.sub1!, id.team_b01!],
      [t.sub1!, id.demo_agent!],
      [t.sub1!, id.demo_sub1!],
      [t.agent!, id.stranger1!],
      [t.agent!, id.demo_player1!],
      [t.agent!, 2_000_000_000],
    ] as const;
    const before = await rowCounts(ctx.db, [...MONEY_TABLES]);
    const calls = Array.from({ length: 50 }, (_, i) => outside[i % outside.length]!).flatMap(([token, memberId], i) => [
      get(AGENT_PATHS.downline, token, { memberId }),
      post(token, { memberId, amountMinor: 100, key: `outside-key-${i}` }),
    ]);
    for (const res of await Promise.all(calls)) expect(res.json()).toMatchObject({ success: false, message: 'agent_not_in_team', code: 404 });
    expect(await rowCounts(ctx.db, [...MONEY_TABLES])).toEqual(before);
    // The lists hold exactly the subtree.
    const list = async (token: string) => (await get(AGENT_PATHS.downlines, token, { pageSize: 100 })).json().value;
    const sub1 = await list(t.sub1!);
    expect(new Set(sub1.rows.map((r: { memberId: number }) => r.memberId))).toEqual(new Set((await subtreeOf(id.demo_sub1!)).keys()));
    const sub2 = await list(t.sub2!);
    expect(sub2.rows.map((r: { username: string }) => r.username).sort()).toEqual(['team_b01', 'team_b02', 'team_b03', 'team_b04']);
    expect((await list(t.agent!)).total).toBe((await subtreeOf(id.demo_agent!)).size);
  });
});

describe('every agent against every account', () => {
  it('answers a detail exactly for the members of its own subtree, and for no other id of the merchant', async () => {
    t.sub3 = await loginToken(ctx.app, 'demo_sub3', DEMO_TEAM.password);
    const agents = ['demo_agent', 'demo_sub1', 'demo_sub2', 'demo_sub3'] as const;
    const tokenOf = { demo_agent: t.agent!, demo_sub1: t.sub1!, demo_sub2: t.sub2!, demo_sub3: t.sub3 };
    const everyone = Object.values(id);
    let checks = 0;
    for (const agent of agents) {
      const team = await subtreeOf(id[agent]!);
      const answers = await Promise.all(everyone.map((memberId) => get(AGENT_PATHS.downline, tokenOf[agent], { memberId })));
      for (const [i, res] of answers.entries()) {
        const memberId = everyone[i]!;
        const body = res.json();
        if (team.has(memberId)) expect(body.value, `${agent} → ${memberId}`).toMatchObject({ memberId, level: team.get(memberId) });
        else expect(body, `${agent} → ${memberId}`).toMatchObject({ success: false, message: 'agent_not_in_team' });
        checks += 1;
      }
    }
    expect(everyone.length).toBeGreaterThanOrEqual(30);
    expect(checks).toBe(agents.length * everyone.length);
  });
});

describe('downline list and detail', () => {
  it('searches (wildcards taken literally), filters by level, pages and totals the balances over the filter', async () => {
    const q = async (query: Record<string, string | number>) => (await get(AGENT_PATHS.downlines, t.agent!, query)).json().value;
    const level2 = await q({ level: 2, pageSize: 100 });
    expect(level2.rows.every((r: { level: number }) => r.level === 2)).toBe(true);
    expect(level2.rows.map((r: { username: string }) => r.username)).toEqual(expect.arrayContaining(['team_a01', 'team_b04', 'demo_sub3']));
    const found = await q({ search: 'TEAM_A0' });
    expect(found.rows.map((r: { username: string }) => r.username).sort()).toEqual(['team_a01', 'team_a02', 'team_a03', 'team_a04', 'team_a05']);
    expect(found.balanceMinor).toBe(
      (await Promise.all(found.rows.map((r: { memberId: number }) => walletBalance(ctx.db, r.memberId)))).reduce((s: number, b: number) => s + b, 0),
    );
    expect((await q({ search: '%' })).total).toBe(0);
    const page1 = await q({ pageSize: 5, pageNo: 1 });
    const page2 = await q({ pageSize: 5, pageNo: 2 });
    expect(page1.total).toBe(page2.total);
    expect(page1.rows.map((r: { memberId: number }) => r.memberId)).not.toEqual(
      expect.arrayContaining(page2.rows.map((r: { memberId: number }) => r.memberId)),
    );
    for (const bad of [{ search: 'a'.repeat(51) }, { search: 'x\u0000y' }, { level: -1 }, { pageSize: 101 }] as Record<string, string | number>[])
      expect((await get(AGENT_PATHS.downlines, t.agent!, bad)).json().success).toBe(false);
  });

  it("shows a downline's own team and figures", async () => {
    const d = (await get(AGENT_PATHS.downline, t.agent!, { memberId: id.demo_sub1! })).json().value;
    expect(d).toMatchObject({ username: 'demo_sub1', level: 1, isAgent: true, teamSize: (await subtreeOf(id.demo_sub1!)).size, directCount: 6 });
  });
});

describe('team overview', () => {
  it('matches the seeded ledger of the subtree, and its series adds up to the totals', async () => {
    const res = (await get(AGENT_PATHS.teamOverview, t.sub1!, { ...WEEK, tzOffsetMinutes: 360 })).json();
    expect(res.success).toBe(true);
    const o = res.value;
    const team = [...(await subtreeOf(id.demo_sub1!)).keys()];
    expect(o.teamSize).toBe(team.length);
    // Independently: the team's entries by kind, straight from the ledger tables.
    const sums = await ctx.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transactions as x', 'x.id', 'e.transaction_id')
      .select(['x.kind', 'a.kind as account', sql<string>`sum(e.amount_minor)`.as('sum'), sql<string>`count(distinct a.member_id)`.as('members')])
      .where('a.member_id', 'in', team)
      .where('e.created_at', '>=', new Date(WEEK.from))
      .where('e.created_at', '<', new Date(WEEK.to))
      .groupBy(['x.kind', 'a.kind'])
      .execute();
    const sum = (kind: string, account = 'member_wallet') => Number(sums.find((s) => s.kind === kind && s.account === account)?.sum ?? 0);
    expect(o.depositMinor).toBe(sum('deposit'));
    expect(o.depositMinor).toBeGreaterThan(0);
    expect(o.withdrawMinor).toBe(-sum('withdraw_payout', 'member_withdrawal_hold'));
    expect(o.validBetMinor).toBe(-sum('bet') - sum('rollback'));
    expect(o.validBetMinor).toBeGreaterThan(0);
    expect(o.payoutMinor).toBe(sum('win'));
    expect(o.profitMinor).toBe(o.payoutMinor - o.validBetMinor);
    expect(o.activeMembers).toBe(Number(sums.find((s) => s.kind === 'bet')?.members ?? 0));
    expect(o.bucket).toBe('day');
    expect(o.series.length).toBeGreaterThanOrEqual(8);
    for (const k of ['depositMinor', 'withdrawMinor', 'validBetMinor', 'payoutMinor', 'newMembers'] as const) {
      expect(
        o.series.reduce((s: number, p: Record<string, number>) => s + p[k]!, 0),
        k,
      ).toBe(o[k]);
    }
    // One day: hourly buckets; a reversed or too long range is refused.
    const day = (await get(AGENT_PATHS.teamOverview, t.sub1!, { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString() })).json()
      .value;
    expect(day.bucket).toBe('hour');
    expect(day.series.length).toBeGreaterThanOrEqual(24);
    expect((await get(AGENT_PATHS.teamOverview, t.sub1!, { from: WEEK.to, to: WEEK.from })).json()).toMatchObject({ success: false });
    expect((await get(AGENT_PATHS.teamOverview, t.sub1!, { from: '2020-01-01T00:00:00Z', to: '2021-01-01T00:00:00Z' })).json()).toMatchObject({
      success: false,
    });
    // Another branch's money is not in it.
    const sub2 = (await get(AGENT_PATHS.teamOverview, t.sub2!, WEEK)).json().value;
    expect(sub2.teamSize).toBe(4);
    expect(sub2.depositMinor).not.toBe(o.depositMinor);
  });
});

describe('transfer to a downline', () => {
  it('moves money once per agent key under 50 parallel sends, audited once; another agent may use the same key', async () => {
    const [agentBefore, downBefore] = [await walletBalance(ctx.db, id.demo_sub1!), await walletBalance(ctx.db, id.team_c02!)];
    const sends = await Promise.all(
      Array.from({ length: 50 }, () => post(t.sub1!, { memberId: id.team_c02, amountMinor: 25_000, key: 'down-key-0001', remark: 'top up' })),
    );
    const results = sends.map((r) => r.json());
    expect(results.every((r) => r.success)).toBe(true);
    expect(new Set(results.map((r) => r.value.transactionId)).size).toBe(1);
    expect(await walletBalance(ctx.db, id.demo_sub1!)).toBe(agentBefore - 25_000);
    expect(await walletBalance(ctx.db, id.team_c02!)).toBe(downBefore + 25_000);
    expect(results[0].value).toMatchObject({ mainMinor: agentBefore - 25_000, downlineBalanceMinor: downBefore + 25_000 });
    expect((await memberAuditRows(ctx.db, [id.demo_sub1!], 'transfer_downline')).map((r) => r.detail)).toEqual([`${id.team_c02} 25000`]);
    const detail = (await get(AGENT_PATHS.downline, t.sub1!, { memberId: id.team_c02! })).json().value;
    expect(detail.transfers[0]).toMatchObject({ amountMinor: 25_000, remark: 'top up' });
    // The same key with another request is refused; demo_agent's same key is its own transfer.
    expect((await post(t.sub1!, { memberId: id.team_c02, amountMinor: 1, key: 'down-key-0001' })).json()).toMatchObject({
      success: false,
      message: 'idempotency_key_reused',
    });
    expect((await post(t.agent!, { memberId: id.team_c02, amountMinor: 1, key: 'down-key-0001' })).json().success).toBe(true);
  });

  it('refuses bad amounts and more than the balance, and changes nothing', async () => {
    const before = await rowCounts(ctx.db, [...MONEY_TABLES]);
    for (const amountMinor of [0, -100, 1.5, 1e13, '100', null]) {
      expect((await post(t.sub2!, { memberId: id.team_b01, amountMinor, key: `bad-amount-${String(amountMinor)}` })).json().success, String(amountMinor)).toBe(
        false,
      );
    }
    for (const payload of [
      { memberId: id.team_b01, amountMinor: 1, key: 'x\u0000yyyyyyy' },
      { memberId: id.team_b01, amountMinor: 1, key: 'k'.repeat(1_000_000) },
      { memberId: 'team_b01', amountMinor: 1, key: 'string-id-01' },
    ]) {
      expect((await post(t.sub2!, payload)).json().success).toBe(false);
    }
    const balance = await walletBalance(ctx.db, id.demo_sub2!);
    expect((await post(t.sub2!, { memberId: id.team_b01, amountMinor: balance + 1, key: 'too-much-0001' })).json().value).toEqual({
      field: 'amountMinor',
      issue: 'insufficient_funds',
    });
    expect(await rowCounts(ctx.db, [...MONEY_TABLES])).toEqual(before);
  });
});
