import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, AGENT_INVITATIONS_MAX, AGENT_TEAM_CALLS, AGENT_TEAM_PATHS } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken } from '../test-support/http.ts';
import { setFlag } from '../test-support/outbox.ts';
import { subtreeByUpline } from '../test-support/subtree.ts';
import { demoTeamTokens, memberAuditRows, registerWithCode } from '../test-support/agent-team.ts';

// registerCenter and the team reports on both databases (PGlite; PostgreSQL with DATABASE_URL):
// registering downlines directly and through invitation codes, link management, and the three
// reports against the seeded ledger, each scoped to the caller's own subtree (docs/0046, docs/0051).

const ctx = usePlatform();
const id: Record<string, number> = {};
const t: Record<string, string> = {};
const WEEK = { from: new Date(Date.now() - 8 * 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() };
const WRITE_TABLES = ['members', 'member_tree', 'ledger_accounts', 'agent_invitations', 'member_audit'] as const;

const get = (url: string, token: string, query: Record<string, string | number> = {}) =>
  ctx.app.inject({ method: 'GET', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: { authorization: token } });
const post = (url: string, token: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: { authorization: token }, payload: payload as object });
const value = async (res: Promise<{ json: () => { success: boolean; value: unknown; message: string } }>) => {
  const body = (await res).json();
  if (!body.success) throw new Error(`call failed: ${body.message}`);
  return body.value as Record<string, unknown> & { rows: Record<string, unknown>[]; total: number };
};

/** The members under `root` (any depth ≥ 1) with their depth, from upline_id alone. */
const subtree = (root: number) => subtreeByUpline(ctx.db, root);

beforeAll(async () => {
  for (const r of await ctx.db.selectFrom('members').select(['id', 'username']).execute()) id[r.username] = r.id;
  await setFlag(ctx.db, 'REGMOBVERF3', false);
  Object.assign(t, await demoTeamTokens(ctx.app));
});

/** Every declared call of registerCenter and the team reports: a new one is probed too. */
const EVERY_CALL = Object.values(AGENT_TEAM_CALLS);

describe('every registerCenter and report call', () => {
  it('refuses no session, a trial account and a member that is not an agent, before any work', async () => {
    const before = await rowCounts(ctx.db, [...WRITE_TABLES]);
    for (const { method, path: url } of EVERY_CALL) {
      expect((await ctx.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await ctx.app.inject({ method, url, headers: { authorization: t.trial! } })).json()).toMatchObject({
        success: false,
        message: 'in_need_true_account',
      });
      const payload = { username: 'membertry1', password: 'Abcd1234', confirmPassword: 'Abcd1234', role: 'member', id: 1, enabled: false };
      const member = await ctx.app.inject({ method, url, headers: { authorization: t.member! }, query: WEEK, ...(method === 'POST' ? { payload } : {}) });
      expect(member.statusCode, url).toBe(403);
      expect(member.json()).toMatchObject({ success: false, message: 'error_not_agent', code: 463 });
    }
    expect(await rowCounts(ctx.db, [...WRITE_TABLES])).toEqual(before);
  });
});

describe('registering a downline directly', () => {
  it('puts a member or an agent under the caller, hashed and audited, in the tree of every upline', async () => {
    const member = await value(
      post(AGENT_TEAM_PATHS.registerDownline, t.sub1!, { username: 'rcmember1', password: 'Abcd1234', confirmPassword: 'Abcd1234', role: 'member' }),
    );
    const agent = await value(
      post(AGENT_TEAM_PATHS.registerDownline, t.sub1!, { username: 'rcagent1', password: 'Abcd1234', confirmPassword: 'Abcd1234', role: 'agent' }),
    );
    expect(member).toMatchObject({ username: 'rcmember1', role: 'member' });
    const rows = await ctx.db
      .selectFrom('members')
      .select(['id', 'username', 'type', 'upline_id', 'password_hash'])
      .where('username', 'in', ['rcmember1', 'rcagent1'])
      .orderBy('username')
      .execute();
    expect(rows.map((r) => [r.username, r.type, r.upline_id])).toEqual([
      ['rcagent1', 2, id.demo_sub1],
      ['rcmember1', 0, id.demo_sub1],
    ]);
    for (const r of rows) {
      id[r.username] = r.id;
      expect(r.password_hash.startsWith('$argon2id$')).toBe(true);
    }
    expect((await subtree(id.demo_agent!)).get(id.rcmember1!)).toBe(2);
    expect((await subtree(id.demo_sub2!)).has(id.rcmember1!)).toBe(false);
    expect(
      await ctx.db
        .selectFrom('member_tree')
        .select('depth')
        .where('ancestor_id', '=', id.demo_agent!)
        .where('descendant_id', '=', id.rcagent1!)
        .executeTakeFirst(),
    ).toEqual({ depth: 2 });
    expect((await memberAuditRows(ctx.db, [id.demo_sub1!], 'register_downline')).map((r) => r.detail)).toEqual([
      `${member.memberId} member`,
      `${agent.memberId} agent`,
    ]);
    // The new agent logs in and is an agent; the member is listed in the caller's team management.
    const agentToken = await loginToken(ctx.app, 'rcagent1', 'Abcd1234');
    expect((await get(AGENT_TEAM_PATHS.invitations, agentToken)).json()).toMatchObject({ success: true, value: { rows: [], total: 0 } });
    expect(member.memberId).toBe(id.rcmember1);
  });

  it('refuses what registration refuses, with the field named, and changes nothing', async () => {
    const before = await rowCounts(ctx.db, [...WRITE_TABLES]);
    const bad = async (payload: Record<string, unknown>) => (await post(AGENT_TEAM_PATHS.registerDownline, t.sub2!, payload)).json();
    const good = { username: 'rcfresh1', password: 'Abcd1234', confirmPassword: 'Abcd1234', role: 'member' };
    expect(await bad({ ...good, username: 'RCMEMBER1' })).toMatchObject({ success: false, code: 409, message: 'username_taken' });
    expect((await bad({ ...good, password: 'short', confirmPassword: 'short' })).value.fieldErrors).toHaveProperty('password');
    expect((await bad({ ...good, confirmPassword: 'Abcd12345' })).value.fieldErrors.confirmPassword).toMatchObject({ key: 'inconsistent_twice' });
    expect((await bad({ ...good, username: 'a b<c>' })).value.fieldErrors).toHaveProperty('username');
    for (const payload of [
      { ...good, username: 'x\u0000y' },
      { ...good, password: 'Abcd\u00001234', confirmPassword: 'Abcd\u00001234' },
      { ...good, username: 'u'.repeat(1_000_000) },
      { ...good, role: 'owner' },
      { ...good, role: undefined },
    ]) {
      const res = await post(AGENT_TEAM_PATHS.registerDownline, t.sub2!, payload);
      // A megabyte body is refused by the body limit (413) before it is read.
      expect([400, 413]).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
    }
    expect(await rowCounts(ctx.db, [...WRITE_TABLES])).toEqual(before);
  });

  it('registers one member when 50 calls race for one name', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(AGENT_TEAM_PATHS.registerDownline, i % 2 ? t.sub1! : t.sub2!, {
          username: 'rcrace1',
          password: 'Abcd1234',
          confirmPassword: 'Abcd1234',
          role: 'member',
        }),
      ),
    );
    const bodies = answers.map((a) => a.json());
    expect(bodies.filter((b) => b.success)).toHaveLength(1);
    expect(bodies.filter((b) => !b.success).every((b) => b.message === 'username_taken')).toBe(true);
    expect(
      await ctx.db
        .selectFrom('members')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('username', '=', 'rcrace1')
        .executeTakeFirst(),
    ).toEqual({ n: 1 });
  });
});

describe('invitation codes', () => {
  it('registers through a code under its agent with its type, counts it, and refuses it disabled or deleted', async () => {
    const agentCode = (await value(post(AGENT_TEAM_PATHS.invitations, t.sub1!, { role: 'agent' }))) as unknown as { id: number; code: string };
    const memberCode = (await value(post(AGENT_TEAM_PATHS.invitations, t.sub1!, { role: 'member' }))) as unknown as { id: number; code: string };
    expect(agentCode.code).toMatch(/^[A-Z2-9]{8}$/);
    const list = await value(get(AGENT_TEAM_PATHS.invitations, t.sub1!));
    expect(list.rows.map((r) => [r.code, r.role, r.enabled, r.registrations])).toEqual([
      [memberCode.code, 'member', true, 0],
      [agentCode.code, 'agent', true, 0],
    ]);
    // The public affiliate check accepts it (any case) and names the agent.
    expect((await ctx.app.inject({ url: `${ACCOUNT_PATHS.affiliate}?code=${agentCode.code.toLowerCase()}` })).json()).toMatchObject({
      success: true,
      value: { valid: true, agentName: 'Sub-agent Rahim' },
    });
    expect((await registerWithCode(ctx, 'rcinvited1', '1711500001', agentCode.code)).json().success).toBe(true);
    expect((await registerWithCode(ctx, 'rcinvited2', '1711500002', memberCode.code)).json().success).toBe(true);
    const invited = await ctx.db
      .selectFrom('members')
      .select(['username', 'type', 'upline_id', 'invitation_id'])
      .where('username', 'in', ['rcinvited1', 'rcinvited2'])
      .orderBy('username')
      .execute();
    expect(invited).toEqual([
      { username: 'rcinvited1', type: 2, upline_id: id.demo_sub1, invitation_id: agentCode.id },
      { username: 'rcinvited2', type: 0, upline_id: id.demo_sub1, invitation_id: memberCode.id },
    ]);
    expect((await value(get(AGENT_TEAM_PATHS.invitations, t.sub1!))).rows.map((r) => r.registrations)).toEqual([1, 1]);

    // Disabled: refused by the check and by registration, nothing written; enabled again: accepted.
    expect(await value(post(AGENT_TEAM_PATHS.invitationUpdate, t.sub1!, { id: agentCode.id, enabled: false }))).toMatchObject({
      enabled: false,
      registrations: 1,
    });
    expect((await ctx.app.inject({ url: `${ACCOUNT_PATHS.affiliate}?code=${agentCode.code}` })).json()).toMatchObject({
      success: false,
      code: 404,
      message: 'invalid_invitation_code',
    });
    const before = await rowCounts(ctx.db, ['members', 'member_tree']);
    expect((await registerWithCode(ctx, 'rcinvited3', '1711500003', agentCode.code)).json()).toMatchObject({
      success: false,
      message: 'invalid_invitation_code',
    });
    expect(await rowCounts(ctx.db, ['members', 'member_tree'])).toEqual(before);
    await value(post(AGENT_TEAM_PATHS.invitationUpdate, t.sub1!, { id: agentCode.id, enabled: true }));
    expect((await ctx.app.inject({ url: `${ACCOUNT_PATHS.affiliate}?code=${agentCode.code}` })).json().success).toBe(true);

    // Deleted: gone from the list, refused, and cannot be switched back on.
    expect(await value(post(AGENT_TEAM_PATHS.invitationDelete, t.sub1!, { id: agentCode.id }))).toEqual({ deleted: true });
    expect((await value(get(AGENT_TEAM_PATHS.invitations, t.sub1!))).rows.map((r) => r.code)).toEqual([memberCode.code]);
    expect((await ctx.app.inject({ url: `${ACCOUNT_PATHS.affiliate}?code=${agentCode.code}` })).json().message).toBe('invalid_invitation_code');
    expect((await post(AGENT_TEAM_PATHS.invitationUpdate, t.sub1!, { id: agentCode.id, enabled: true })).json()).toMatchObject({
      success: false,
      code: 404,
      message: 'agent_invitation_not_found',
    });
    expect((await memberAuditRows(ctx.db, [id.demo_sub1!], 'invitation_%')).map((r) => r.action)).toEqual([
      'invitation_create',
      'invitation_create',
      'invitation_disable',
      'invitation_enable',
      'invitation_delete',
    ]);
    id.memberCode = memberCode.id;
  });

  it("never shows or changes another agent's code, 50 calls at a time, and stops at the limit", async () => {
    const theirs = id.memberCode!;
    const before = await ctx.db.selectFrom('agent_invitations').selectAll().orderBy('id').execute();
    const calls = Array.from({ length: 50 }, (_, i) => {
      const token = [t.sub2!, t.agent!][i % 2]!;
      return i % 4 < 2
        ? post(AGENT_TEAM_PATHS.invitationUpdate, token, { id: i % 8 === 0 ? 2_000_000_000 : theirs, enabled: false })
        : post(AGENT_TEAM_PATHS.invitationDelete, token, { id: theirs });
    });
    for (const res of await Promise.all(calls)) expect(res.json()).toMatchObject({ success: false, code: 404, message: 'agent_invitation_not_found' });
    expect(await ctx.db.selectFrom('agent_invitations').selectAll().orderBy('id').execute()).toEqual(before);
    // demo_agent (sub1's upline) does not see sub1's codes either: each agent manages its own.
    expect((await value(get(AGENT_TEAM_PATHS.invitations, t.agent!))).total).toBe(0);
    for (const bad of [{ id: 'x\u0000' }, { id: '1'.repeat(1_000_000) }, { id: -1 }])
      expect([400, 413]).toContain((await post(AGENT_TEAM_PATHS.invitationDelete, t.sub1!, bad)).statusCode);
    for (const role of ['x\u0000', 'a'.repeat(1_000_000), 'operator'])
      expect([400, 413]).toContain((await post(AGENT_TEAM_PATHS.invitations, t.sub1!, { role })).statusCode);

    const made = await Promise.all(Array.from({ length: AGENT_INVITATIONS_MAX + 5 }, () => post(AGENT_TEAM_PATHS.invitations, t.sub2!, { role: 'member' })));
    const ok = made.filter((r) => r.json().success).length;
    // The cap holds under parallel creates (the agent's row is locked while counting).
    expect(ok).toBe(AGENT_INVITATIONS_MAX);
    expect((await post(AGENT_TEAM_PATHS.invitations, t.sub2!, { role: 'member' })).json()).toMatchObject({
      success: false,
      code: 409,
      message: 'agent_invitation_limit',
    });
    const page2 = await value(get(AGENT_TEAM_PATHS.invitations, t.sub2!, { pageNo: 2, pageSize: 20 }));
    expect(page2.total).toBe(ok);
    expect(page2.rows).toHaveLength(20);
  });
});

/** The team's entries straight from the ledger tables, for comparing with the reports. */
async function ledgerOf(members: number[], kinds: string[]) {
  return ctx.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as x', 'x.id', 'e.transaction_id')
    .select(['a.member_id', 'a.kind as account', 'x.kind', 'x.meta', 'e.amount_minor'])
    .where('a.member_id', 'in', members)
    .where('a.kind', 'in', ['member_wallet', 'member_withdrawal_hold'])
    .where('x.kind', 'in', kinds)
    .where('e.created_at', '>=', new Date(WEEK.from))
    .where('e.created_at', '<', new Date(WEEK.to))
    .execute();
}

describe('team betting', () => {
  it("lists the subtree's bets with their rounds' payouts, totals that match the ledger, filters and pages", async () => {
    const team = [...(await subtree(id.demo_sub1!)).keys()];
    const entries = await ledgerOf(team, ['bet', 'rollback', 'win']);
    const bets = entries.filter((e) => e.kind === 'bet' && e.account === 'member_wallet');
    const r = await value(get(AGENT_TEAM_PATHS.teamBets, t.sub1!, { ...WEEK, pageSize: 100 }));
    expect(r.total).toBe(bets.length);
    expect(r.total).toBeGreaterThan(20);
    const sum = (kind: string) => entries.filter((e) => e.kind === kind).reduce((s, e) => s + Number(e.amount_minor), 0);
    expect(r.betMinor).toBe(-sum('bet'));
    expect(r.validBetMinor).toBe(-sum('bet') - sum('rollback'));
    expect(r.payoutMinor).toBe(sum('win'));
    expect(r.profitMinor).toBe(sum('win') + sum('bet') + sum('rollback'));
    // Each row: its round's win on the same wallet; newest first; only the team.
    const winOf = new Map(
      entries.filter((e) => e.kind === 'win').map((e) => [`${e.member_id}:${(e.meta as { round: string }).round}`, Number(e.amount_minor)]),
    );
    const byId = new Map(Object.entries(id).map(([u, i]) => [i, u]));
    for (const row of r.rows as {
      memberId: number;
      username: string;
      id: number;
      time: string;
      code: string;
      game: string;
      betMinor: number;
      validBetMinor: number;
      payoutMinor: number;
      profitMinor: number;
    }[]) {
      expect(team).toContain(row.memberId);
      expect(byId.get(row.memberId)).toBe(row.username);
      const tx = await ctx.db.selectFrom('ledger_transactions').select('meta').where('id', '=', row.id).executeTakeFirstOrThrow();
      const stake = await ctx.db
        .selectFrom('ledger_entries')
        .select('amount_minor')
        .where('transaction_id', '=', row.id)
        .where('amount_minor', '>', 0)
        .executeTakeFirstOrThrow();
      expect(row.betMinor).toBe(Number(stake.amount_minor));
      expect(row.payoutMinor).toBe(winOf.get(`${row.memberId}:${(tx.meta as { round: string }).round}`) ?? 0);
      expect(row).toMatchObject({ code: 'WLG', game: 'WLG_SLOT_BENGAL', validBetMinor: row.betMinor, profitMinor: row.payoutMinor - row.betMinor });
    }
    const times = r.rows.map((row) => Date.parse(row.time as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Pages are disjoint and agree on the totals.
    const p1 = await value(get(AGENT_TEAM_PATHS.teamBets, t.sub1!, { ...WEEK, pageSize: 10, pageNo: 1 }));
    const p2 = await value(get(AGENT_TEAM_PATHS.teamBets, t.sub1!, { ...WEEK, pageSize: 10, pageNo: 2 }));
    expect(p1.total).toBe(p2.total);
    expect(p1.rows.map((x) => x.id)).not.toEqual(expect.arrayContaining(p2.rows.map((x) => x.id)));
    // One downline by account (any case); level 2 = demo_sub3's members for demo_sub1.
    const one = await value(get(AGENT_TEAM_PATHS.teamBets, t.sub1!, { ...WEEK, username: 'TEAM_A01', pageSize: 100 }));
    expect(one.total).toBe(bets.filter((b) => b.member_id === id.team_a01).length);
    expect(one.rows.every((x) => x.username === 'team_a01')).toBe(true);
    const level2 = await value(get(AGENT_TEAM_PATHS.teamBets, t.sub1!, { ...WEEK, level: 2, pageSize: 100 }));
    expect(new Set(level2.rows.map((x) => x.username))).toEqual(
      new Set(['team_c01', 'team_c02', 'team_c03'].filter((u) => bets.some((b) => b.member_id === id[u]))),
    );
    expect(level2.rows.every((x) => x.level === 2)).toBe(true);
  });
});

describe('user P&L statements', () => {
  it('gives each active downline its figures from the ledger, sorted, with totals equal to the sum of the rows', async () => {
    const team = [...(await subtree(id.demo_agent!)).keys()];
    const entries = await ledgerOf(team, ['deposit', 'withdraw_payout', 'bet', 'rollback', 'win', 'bonus', 'rebate', 'salary', 'dividend']);
    const r = await value(get(AGENT_TEAM_PATHS.teamProfit, t.agent!, { ...WEEK, pageSize: 100 }));
    type TRow = {
      memberId: number;
      level: number;
      depositMinor: number;
      withdrawMinor: number;
      validBetMinor: number;
      payoutMinor: number;
      bonusMinor: number;
      profitMinor: number;
    };
    const rows = r.rows as TRow[];
    expect(r.total).toBe(new Set(entries.map((e) => e.member_id)).size);
    expect(rows).toHaveLength(r.total);
    const depth = await subtree(id.demo_agent!);
    for (const row of rows) {
      const mine = entries.filter((e) => e.member_id === row.memberId);
      const s = (kind: string, account = 'member_wallet') =>
        mine.filter((e) => e.kind === kind && e.account === account).reduce((a, e) => a + Number(e.amount_minor), 0);
      expect(row).toMatchObject({
        level: depth.get(row.memberId),
        depositMinor: s('deposit'),
        withdrawMinor: 0 - s('withdraw_payout', 'member_withdrawal_hold') || 0,
        validBetMinor: 0 - s('bet') - s('rollback') || 0,
        payoutMinor: s('win'),
        profitMinor: s('win') + s('bet') + s('rollback'),
      });
    }
    for (const k of ['depositMinor', 'withdrawMinor', 'validBetMinor', 'payoutMinor', 'bonusMinor', 'profitMinor'] as const)
      expect(r[k], k).toBe(rows.reduce((a, row) => a + row[k], 0));
    // Biggest losers first by default; by valid bet on request.
    const profits = rows.map((row) => row.profitMinor);
    expect(profits).toEqual([...profits].sort((a, b) => a - b));
    const byBet = (await value(get(AGENT_TEAM_PATHS.teamProfit, t.agent!, { ...WEEK, sort: 'validBet', pageSize: 5 }))).rows.map(
      (row) => row.validBetMinor as number,
    );
    expect(byBet).toEqual([...byBet].sort((a, b) => b - a));
    expect(byBet[0]).toBe(Math.max(...rows.map((row) => row.validBetMinor)));
    // demo_sub2 sees its four members only.
    const sub2 = await value(get(AGENT_TEAM_PATHS.teamProfit, t.sub2!, { ...WEEK, pageSize: 100 }));
    expect(sub2.rows.every((row) => ['team_b01', 'team_b02', 'team_b03', 'team_b04'].includes(row.username as string))).toBe(true);
  });
});

describe('account details', () => {
  it("lists the downlines' wallet movements by type with totals over the filter", async () => {
    const team = [...(await subtree(id.demo_sub2!)).keys()];
    const all = await ctx.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transactions as x', 'x.id', 'e.transaction_id')
      .select(['x.kind', 'e.amount_minor'])
      .where('a.member_id', 'in', team)
      .where('a.kind', '=', 'member_wallet')
      .where('e.created_at', '>=', new Date(WEEK.from))
      .where('e.created_at', '<', new Date(WEEK.to))
      .execute();
    const r = await value(get(AGENT_TEAM_PATHS.teamTransactions, t.sub2!, { ...WEEK, pageSize: 100 }));
    expect(r.total).toBe(all.length);
    expect(r.inMinor).toBe(all.filter((e) => Number(e.amount_minor) > 0).reduce((s, e) => s + Number(e.amount_minor), 0));
    expect(r.outMinor).toBe(all.filter((e) => Number(e.amount_minor) < 0).reduce((s, e) => s + Number(e.amount_minor), 0));
    const deposits = await value(get(AGENT_TEAM_PATHS.teamTransactions, t.sub2!, { ...WEEK, type: 'deposit', pageSize: 100 }));
    expect(deposits.total).toBe(all.filter((e) => e.kind === 'deposit').length);
    expect(deposits.rows.every((row) => row.type === 'deposit' && (row.amountMinor as number) > 0)).toBe(true);
    expect(deposits.inMinor).toBe(all.filter((e) => e.kind === 'deposit').reduce((s, e) => s + Number(e.amount_minor), 0));
  });
});

describe('every report', () => {
  it("answers another branch's usernames with nothing, 50 calls at a time, and refuses hostile input", async () => {
    const outside = [
      [t.sub2!, 'team_a01'],
      [t.sub2!, 'team_c02'],
      [t.sub1!, 'team_b01'],
      [t.sub1!, 'demo_sub1'],
      [t.sub1!, 'demo_agent'],
      [t.agent!, 'demo_player1'],
      [t.sub2!, 'rcmember1'],
      [t.agent!, 'nobody_here'],
    ] as const;
    const urls = [AGENT_TEAM_PATHS.teamBets, AGENT_TEAM_PATHS.teamProfit, AGENT_TEAM_PATHS.teamTransactions];
    const calls = Array.from({ length: 50 }, (_, i) => {
      const [token, username] = outside[i % outside.length]!;
      return get(urls[i % urls.length]!, token, { ...WEEK, username });
    });
    for (const res of await Promise.all(calls)) {
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.value.rows).toEqual([]);
      expect(body.value.total).toBe(0);
      for (const [k, v] of Object.entries(body.value)) if (k.endsWith('Minor')) expect(v, k).toBe(0);
    }
    for (const url of urls) {
      for (const bad of [
        { ...WEEK, username: 'x\u0000y' },
        { ...WEEK, username: 'u'.repeat(1_000_000) },
        { from: WEEK.to, to: WEEK.from },
        { from: '2020-01-01T00:00:00Z', to: '2021-01-01T00:00:00Z' },
        { ...WEEK, level: -1 },
        { ...WEEK, pageSize: 101 },
      ]) {
        const res = await get(url, t.sub1!, bad);
        expect(res.statusCode, `${url} ${JSON.stringify(bad).slice(0, 60)}`).toBe(400);
      }
    }
  });
});
