import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src/rate-limit/rate-limits.ts';
import { expectTRPCError } from './errors.ts';
import { ACCOUNTS, loginToken, useGateway, type THarness } from './harness.ts';

// The agent centre through the real gateway and the real embedded platform over HTTP (docs/rules/agent.md):
// the member's token decides whose subtree is read; nothing a caller sends can widen it (docs/0046).

let h: THarness;
const t = { agent: '', sub2: '', member: '' };
const TEAM = { username: 'demo_sub2', password: 'Team1234' };
const WEEK = { from: new Date(Date.now() - 7 * 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() };
const id: Record<string, number> = {};

useGateway(async (started) => {
  h = started;
  t.agent = await loginToken(h, ACCOUNTS.agent);
  t.sub2 = await loginToken(h, TEAM);
  t.member = await loginToken(h, ACCOUNTS.member);
  const all = await h.client({ token: t.agent }).agent.downlines.query({ pageSize: 100 });
  for (const r of all.rows) id[r.username] = r.memberId;
});

describe('agent procedures through the gateway', () => {
  it("answer each agent about its own subtree only: demo_agent's whole team, demo_sub2's branch", async () => {
    const agent = h.client({ token: t.agent });
    const overview = await agent.agent.teamOverview.query({ ...WEEK, tzOffsetMinutes: 360 });
    expect(overview.teamSize).toBe(Object.keys(id).length);
    expect(overview.teamSize).toBeGreaterThanOrEqual(19);
    expect(overview.validBetMinor).toBeGreaterThan(0);
    const sub2 = h.client({ token: t.sub2 });
    expect((await sub2.agent.downlines.query({})).rows.map((r) => r.username).sort()).toEqual(['team_b01', 'team_b02', 'team_b03', 'team_b04']);
    expect((await sub2.agent.teamOverview.query(WEEK)).teamSize).toBe(4);
    for (const other of ['team_a01', 'team_c01', 'demo_sub1', 'demo_member']) {
      await expectTRPCError(sub2.agent.downline.query({ memberId: id[other]! }), 'NOT_FOUND', 'agent_not_in_team');
      await expectTRPCError(
        sub2.agent.transfer.mutate({ memberId: id[other]!, amountMinor: 100, key: `gw-outside-${other}` }),
        'NOT_FOUND',
        'agent_not_in_team',
      );
    }
  });

  it('moves money to a downline once per key, 20 sends at a time; the header balances follow', async () => {
    const sub2 = h.client({ token: t.sub2 });
    const before = (await sub2.member.balance.query()).balance;
    const downBefore = (await sub2.agent.downline.query({ memberId: id.team_b02! })).balanceMinor;
    const sends = await Promise.all(
      Array.from({ length: 20 }, () => sub2.agent.transfer.mutate({ memberId: id.team_b02!, amountMinor: 30_000, key: 'gw-down-0001', remark: 'gw' })),
    );
    expect(new Set(sends.map((s) => s.transactionId)).size).toBe(1);
    expect((await sub2.member.balance.query()).balance).toBe(before - 30_000);
    expect((await sub2.agent.downline.query({ memberId: id.team_b02! })).balanceMinor).toBe(downBefore + 30_000);
  });

  it('refuses no session, a member that is not an agent, and bad input before the platform', async () => {
    await expectTRPCError(h.client().agent.teamOverview.query(WEEK), 'UNAUTHORIZED');
    const member = h.client({ token: t.member });
    await expectTRPCError(member.agent.teamOverview.query(WEEK), 'FORBIDDEN', 'error_not_agent');
    await expectTRPCError(member.agent.downlines.query({}), 'FORBIDDEN', 'error_not_agent');
    await expectTRPCError(member.agent.transfer.mutate({ memberId: id.team_b01!, amountMinor: 100, key: 'gw-member-0001' }), 'FORBIDDEN', 'error_not_agent');
    const sub2 = h.client({ token: t.sub2 });
    await expectTRPCError(sub2.agent.transfer.mutate({ memberId: id.team_b01!, amountMinor: 0, key: 'gw-zero-0001' }), 'BAD_REQUEST');
    await expectTRPCError(sub2.agent.downlines.query({ search: 'x'.repeat(51) }), 'BAD_REQUEST');
  });
});

// registerCenter's limits (docs/0051), kept when its calls became declared pass-throughs (docs/0076).
describe('registerCenter limits at the gateway', () => {
  it('counts code making per session (agentInvitation) and a registration per new account name (register)', async () => {
    const sub1 = { username: 'demo_sub1', password: 'Team1234' };
    const first = h.client({ token: await loginToken(h, sub1) });
    const { total } = await first.agent.invitations.query({});
    const perSession = DEFAULT_RATE_LIMITS.agentInvitation.subject.limit;
    for (let i = 0; i < perSession; i++) await first.agent.createInvitation.mutate({ role: 'member' });
    await expectTRPCError(first.agent.createInvitation.mutate({ role: 'member' }), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
    expect((await first.agent.invitations.query({})).total).toBe(total + perSession);
    // Another session of the same agent counts afresh: the subject is the session.
    const second = h.client({ token: await loginToken(h, sub1) });
    expect(await second.agent.createInvitation.mutate({ role: 'agent' })).toMatchObject({ role: 'agent', enabled: true });

    const perName = DEFAULT_RATE_LIMITS.register.subject.limit;
    const input = { username: 'gwlimitdl1', password: 'Limit1234', confirmPassword: 'Limit1234', role: 'member' } as const;
    expect(await first.agent.registerDownline.mutate(input)).toMatchObject({ username: 'gwlimitdl1', role: 'member' });
    // The platform refuses the taken name; each attempt still counts against it.
    for (let i = 1; i < perName; i++)
      await expect(first.agent.registerDownline.mutate(input)).rejects.not.toMatchObject({ message: 'error_too_many_requests' });
    await expectTRPCError(first.agent.registerDownline.mutate(input), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
  });
});

// Agent contracts through the gateway (docs/0049): offer, answer, flags, scoping.
describe('agent contract procedures through the gateway', () => {
  it('offer and accept a real-time salary; the dividend flag off answers 543; another branch cannot act', async () => {
    const agent = h.client({ token: t.agent });
    const sub2 = h.client({ token: t.sub2 });
    const page = await agent.agent.contracts.query({ kind: 'realtime' });
    expect(page.mine).toMatchObject({ state: 'accepted', upline: null });
    expect(page.candidates.map((c) => c.username).sort()).toEqual(['demo_sub1', 'demo_sub2']);
    const offered = await agent.agent.contractOffer.mutate({
      memberId: id.demo_sub2!,
      terms: { kind: 'realtime', profitRateBp: 10, lossRateBp: 20, minSingleBetMinor: 100 },
    });
    expect(offered).toMatchObject({ state: 'new', holder: { username: 'demo_sub2' } });
    await expectTRPCError(
      agent.agent.contractOffer.mutate({ memberId: id.demo_sub2!, terms: { kind: 'realtime', profitRateBp: 10, lossRateBp: 20, minSingleBetMinor: 100 } }),
      'CONFLICT',
      'contract_exists',
    );
    await expectTRPCError(
      agent.agent.contractOffer.mutate({ memberId: id.demo_sub2!, terms: { kind: 'realtime', profitRateBp: 10, lossRateBp: 10_001, minSingleBetMinor: 100 } }),
      'BAD_REQUEST',
    );
    await expectTRPCError(h.client({ token: t.member }).agent.contractAct.mutate({ contractId: offered.id, action: 'accept' }), 'FORBIDDEN', 'error_not_agent');
    expect((await sub2.agent.contracts.query({ kind: 'realtime' })).myOffer?.id).toBe(offered.id);
    expect(await sub2.agent.contractAct.mutate({ contractId: offered.id, action: 'accept' })).toMatchObject({ state: 'accepted' });
    const mine = (await sub2.agent.contracts.query({ kind: 'realtime' })).mine;
    expect(mine?.id).toBe(offered.id);
    await expectTRPCError(agent.agent.contracts.query({ kind: 'dividend' }), 'FORBIDDEN', 'error_feature_off');
    const sub1 = await loginToken(h, { username: 'demo_sub1', password: 'Team1234' });
    await expectTRPCError(
      h.client({ token: sub1 }).agent.contractAct.mutate({ contractId: offered.id, action: 'terminate' }),
      'NOT_FOUND',
      'agent_not_in_team',
    );
    const income = await sub2.agent.income.query({ ...WEEK, tzOffsetMinutes: 360 });
    expect(income.series.length).toBeGreaterThanOrEqual(7);
    expect((await agent.agent.settlements.query({ kind: 'daily', scope: 'team', ...WEEK })).total).toBeGreaterThan(0);
  });
});
