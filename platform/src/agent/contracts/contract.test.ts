import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_PATHS, periodAt, RECORD_PATHS, type TContractTerms } from '@wl/schemas';
import { bengaliDigits } from '@wl/schemas/domain/digits';
import { rowCounts, usePlatform } from '../../test-support/db.ts';
import { loginToken } from '../../test-support/http.ts';
import { useLedgerBets } from '../../test-support/ledger-bets.ts';
import { memberAuditRows } from '../../test-support/agent-team.ts';
import { DEMO_TEAM } from '../../seed/agent-tree.ts';
import { DEMO_CONTRACTS } from '../../seed/agent-contracts.ts';
import { ledgerViolations, NO_VIOLATIONS } from '../../wallet/ledger-invariants.ts';
import { settleDueContracts } from './contract-settlement.ts';

// Agent contracts and their settlement on both databases (PGlite; PostgreSQL with DATABASE_URL),
// docs/0049: the rules of offering and answering, auto-termination, scoping, and each kind paying
// exactly the tier its team's bets reach, once per period.

const ctx = usePlatform();
const id: Record<string, number> = {};
const t: Record<string, string> = {};
const HOUR = 3_600_000;
const DAY = 86_400_000;
const TZ = 360;
const CONTRACT_TABLES = ['agent_contracts', 'agent_contract_settlements', 'member_audit', 'ledger_transactions'] as const;

const get = (url: string, token: string, query: Record<string, string | number> = {}) =>
  ctx.app.inject({ method: 'GET', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: { authorization: token } });
const post = (url: string, token: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: { authorization: token }, payload: payload as object });
const offer = (token: string, memberId: number, terms: TContractTerms) => post(CONTRACT_PATHS.offer, token, { memberId, terms });
const act = (token: string, contractId: number, action: string) => post(CONTRACT_PATHS.act, token, { contractId, action });

const { bet } = useLedgerBets(ctx, 'ct');

const settlementsOf = async (contractId: number) =>
  (
    await ctx.db
      .selectFrom('agent_contract_settlements')
      .select(['period_start', 'rate_bp', 'base_minor', 'amount_minor'])
      .where('contract_id', '=', contractId)
      .orderBy('period_start')
      .execute()
  ).map((r) => ({
    start: new Date(r.period_start).getTime(),
    rateBp: Number(r.rate_bp),
    base: Number(r.base_minor),
    amount: Number(r.amount_minor),
  }));

beforeAll(async () => {
  for (const r of await ctx.db.selectFrom('members').select(['id', 'username']).execute()) id[r.username] = r.id;
  t.agent = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  for (const u of ['demo_sub1', 'demo_sub2', 'demo_sub3']) t[u] = await loginToken(ctx.app, u, DEMO_TEAM.password);
  t.member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
});

describe('the seeded week', () => {
  it('has settlements that the income report, the contract records and the bonus record all show alike', async () => {
    const range = { from: new Date(Date.now() - 9 * DAY).toISOString(), to: new Date(Date.now() + HOUR).toISOString() };
    const paid = await ctx.db
      .selectFrom('agent_contract_settlements')
      .select([sql<string>`sum(amount_minor)`.as('s'), sql<string>`count(*)`.as('n')])
      .where('member_id', '=', id.demo_sub1!)
      .executeTakeFirstOrThrow();
    expect(Number(paid.n)).toBeGreaterThan(3);
    const income = (await get(CONTRACT_PATHS.income, t.demo_sub1!, { ...range, tzOffsetMinutes: TZ, pageSize: 100 })).json().value;
    expect(income.totalMinor).toBe(Number(paid.s));
    expect(income.byKind.realtime + income.byKind.daily).toBe(Number(paid.s));
    expect(income.series.reduce((s: number, p: { amountMinor: number }) => s + p.amountMinor, 0)).toBe(Number(paid.s));
    const records = (await get(CONTRACT_PATHS.settlements, t.demo_sub1!, { kind: 'daily', scope: 'mine', ...range })).json().value;
    expect(records.total).toBeGreaterThan(0);
    const bonus = (await get(RECORD_PATHS.bonus, t.demo_sub1!, { ...range, pageSize: 100 })).json().value;
    expect(bonus.inMinor).toBe(Number(paid.s));
    expect(bonus.rows.every((r: { kind: string }) => r.kind === 'salary')).toBe(true);
    // demo_agent sees demo_sub1's settlements as the contracts it offered, and its own operator contract's.
    const team = (await get(CONTRACT_PATHS.settlements, t.agent!, { kind: 'daily', scope: 'team', ...range })).json().value;
    expect(team.total).toBe(records.total);
    expect(team.rows.every((r: { holderUsername: string }) => r.holderUsername === 'demo_sub1')).toBe(true);
  });
});

describe('offering and answering', () => {
  it('refuses what the rules forbid and changes nothing', async () => {
    const before = await rowCounts(ctx.db, [...CONTRACT_TABLES]);
    const realtime = (p: number, l: number): TContractTerms => ({ kind: 'realtime', profitRateBp: p, lossRateBp: l, minSingleBetMinor: 0 });
    // Above demo_agent's own contract (30 / 50 bp), on either rate.
    const cap = DEMO_CONTRACTS.top.realtime;
    for (const terms of [realtime(cap.profitRateBp + 1, 10), realtime(10, cap.lossRateBp + 1)])
      expect((await offer(t.agent!, id.demo_sub2!, terms)).json()).toMatchObject({
        success: false,
        value: { field: 'terms', issue: 'contract_rate_above_upline' },
      });
    // A tier above the cap at its own bet amount (daily cap: 20 bp from 0, 40 from ৳10,000).
    const daily: TContractTerms = {
      kind: 'daily',
      tiers: [
        { minBetMinor: 0, rateBp: 20 },
        { minBetMinor: 500_000, rateBp: 30 },
      ],
    };
    expect((await offer(t.agent!, id.demo_sub2!, daily)).json()).toMatchObject({ value: { issue: 'contract_rate_above_upline' } });
    // Not a direct downline, not an agent, outside the subtree.
    expect((await offer(t.agent!, id.demo_sub3!, realtime(1, 1))).json()).toMatchObject({ value: { field: 'memberId', issue: 'contract_direct_only' } });
    expect((await offer(t.demo_sub2!, id.team_b01!, realtime(1, 1))).json()).toMatchObject({ value: { field: 'memberId', issue: 'contract_not_agent' } });
    expect((await offer(t.demo_sub2!, id.demo_sub1!, realtime(1, 1))).json()).toMatchObject({ success: false, message: 'agent_not_in_team', code: 404 });
    // No contract of its own to share from (demo_sub2 has none; demo_sub1 has no hourly).
    expect((await offer(t.demo_sub1!, id.demo_sub3!, { kind: 'hourly', tiers: [{ minBetMinor: 0, rateBp: 1 }] })).json()).toMatchObject({
      success: false,
      message: 'contract_no_own',
      code: 409,
    });
    // The dividend flag is off in the seed: 543.
    expect(
      (
        await offer(t.agent!, id.demo_sub2!, { kind: 'dividend', period: 'M', tiers: [{ minValidBetMinor: 0, minLossMinor: 0, minActive: 1, rateBp: 100 }] })
      ).json(),
    ).toMatchObject({ success: false, code: 543 });
    expect((await get(CONTRACT_PATHS.overview, t.agent!, { kind: 'dividend' })).json()).toMatchObject({ success: false, code: 543 });
    // Bad tiers: falling rates, a rate over 100 %, NUL, no tiers.
    for (const terms of [
      {
        kind: 'daily',
        tiers: [
          { minBetMinor: 0, rateBp: 10 },
          { minBetMinor: 100, rateBp: 5 },
        ],
      },
      { kind: 'daily', tiers: [{ minBetMinor: 0, rateBp: 10_001 }] },
      { kind: 'daily', tiers: [] },
      { kind: 'daily\u0000', tiers: [{ minBetMinor: 0, rateBp: 1 }] },
      { kind: 'realtime', profitRateBp: 0, lossRateBp: 0, minSingleBetMinor: 0 },
    ])
      expect((await post(CONTRACT_PATHS.offer, t.agent!, { memberId: id.demo_sub2!, terms })).statusCode).toBe(400);
    // Not an agent at all.
    expect((await get(CONTRACT_PATHS.overview, t.member!, { kind: 'daily' })).json()).toMatchObject({ code: 463 });
    expect(await rowCounts(ctx.db, [...CONTRACT_TABLES])).toEqual(before);
  });

  it("answers another branch's contract ids exactly like missing ones, for every action", async () => {
    const contractOf = async (memberId: number, kind?: 'daily') => {
      const rows = ctx.db.selectFrom('agent_contracts').select('id').where('member_id', '=', memberId);
      return Number((await (kind ? rows.where('kind', '=', kind) : rows).executeTakeFirstOrThrow()).id);
    };
    const sub1Daily = await contractOf(id.demo_sub1!, 'daily');
    const sub3Offer = await contractOf(id.demo_sub3!);
    const topDaily = await contractOf(id.demo_agent!, 'daily');
    const before = await rowCounts(ctx.db, [...CONTRACT_TABLES]);
    const calls = [];
    for (const action of ['accept', 'reject', 'terminate', 'confirmTermination', 'declineTermination', 'withdraw']) {
      for (const [token, contractId] of [
        [t.demo_sub2!, sub1Daily],
        [t.demo_sub2!, sub3Offer],
        [t.demo_sub3!, sub1Daily],
        [t.demo_sub1!, topDaily],
        [t.agent!, sub3Offer],
        [t.agent!, 9_000_000_000],
      ] as const)
        calls.push(act(token, contractId, action));
    }
    for (const res of await Promise.all(calls)) expect(res.json()).toMatchObject({ success: false, message: 'agent_not_in_team', code: 404 });
    // Nor do another branch's settlements show: demo_sub2 sees none of demo_sub1's.
    const range = { from: new Date(Date.now() - 9 * DAY).toISOString(), to: new Date(Date.now() + HOUR).toISOString() };
    for (const scope of ['mine', 'team'])
      expect((await get(CONTRACT_PATHS.settlements, t.demo_sub2!, { kind: 'daily', scope, ...range })).json().value.total).toBe(0);
    expect(await rowCounts(ctx.db, [...CONTRACT_TABLES])).toEqual(before);
  });

  it('ends downline contracts the new terms no longer cover when a lower contract is accepted, and tells them', async () => {
    // demo_sub3 accepts the seeded daily offer from demo_sub1 (5 bp, within demo_sub1's 10 bp).
    const sub3Offer = (await get(CONTRACT_PATHS.overview, t.demo_sub3!, { kind: 'daily' })).json().value.myOffer;
    expect(sub3Offer).toMatchObject({ state: 'new', upline: { username: 'demo_sub1' } });
    expect((await act(t.demo_sub3!, sub3Offer.id, 'accept')).json().value).toMatchObject({ state: 'accepted' });
    // demo_agent renegotiates demo_sub1's daily wage down to 3 bp; demo_sub1 accepts.
    const renewed = (await offer(t.agent!, id.demo_sub1!, { kind: 'daily', tiers: [{ minBetMinor: 0, rateBp: 3 }] })).json().value;
    const unread = async (m: number) =>
      Number(
        (
          await ctx.db
            .selectFrom('member_messages')
            .select(sql<string>`count(*)`.as('n'))
            .where('member_id', '=', m)
            .where('read_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const sub3Unread = await unread(id.demo_sub3!);
    expect((await act(t.demo_sub1!, renewed.id, 'accept')).json().value).toMatchObject({ state: 'accepted' });
    const view = (await get(CONTRACT_PATHS.overview, t.demo_sub1!, { kind: 'daily' })).json().value;
    expect(view.mine).toMatchObject({ id: renewed.id, state: 'accepted' });
    const old = await ctx.db
      .selectFrom('agent_contracts')
      .select(['state', 'end_reason'])
      .where('member_id', '=', id.demo_sub1!)
      .where('kind', '=', 'daily')
      .where('id', '<>', renewed.id)
      .executeTakeFirstOrThrow();
    expect(old).toEqual({ state: 'terminated', end_reason: 'replaced' });
    // demo_sub3's 5 bp is above demo_sub1's new 3 bp: ended automatically, told, audited.
    expect((await get(CONTRACT_PATHS.overview, t.demo_sub3!, { kind: 'daily' })).json().value.mine).toMatchObject({
      id: sub3Offer.id,
      state: 'terminated',
      endReason: 'auto',
    });
    expect(await unread(id.demo_sub3!)).toBe(sub3Unread + 1);
    // The notice is BN · EN; the BN half writes the contract's number in Bengali digits (docs/0056).
    const notice = await ctx.db
      .selectFrom('member_messages')
      .select(['title', 'body'])
      .where('member_id', '=', id.demo_sub3!)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const [bnBody, enBody] = notice.body.split(' · ');
    expect(bnBody).toContain(`(#${bengaliDigits(sub3Offer.id)})`);
    expect(`${notice.title.split(' · ')[0]} ${bnBody}`).not.toMatch(/[0-9]/);
    expect(enBody).toContain(`(#${sub3Offer.id})`);
    expect(await memberAuditRows(ctx.db, [id.demo_sub3!], 'contract.auto_terminated')).not.toEqual([]);
    // And demo_sub1 cannot offer above its new 3 bp.
    expect((await offer(t.demo_sub1!, id.demo_sub3!, { kind: 'daily', tiers: [{ minBetMinor: 0, rateBp: 4 }] })).json()).toMatchObject({
      value: { issue: 'contract_rate_above_upline' },
    });
  });

  it('terminates on request of either side once the other confirms; ending a contract ends the ones below it', async () => {
    // demo_sub1 shares its real-time salary with demo_sub3, then asks demo_agent to end its own.
    const down = (await offer(t.demo_sub1!, id.demo_sub3!, { kind: 'realtime', profitRateBp: 10, lossRateBp: 20, minSingleBetMinor: 500 })).json().value;
    expect((await act(t.demo_sub3!, down.id, 'accept')).json().value.state).toBe('accepted');
    const mine = (await get(CONTRACT_PATHS.overview, t.demo_sub1!, { kind: 'realtime' })).json().value.mine;
    expect((await act(t.demo_sub1!, mine.id, 'confirmTermination')).json()).toMatchObject({ message: 'contract_bad_state', code: 409 });
    expect((await act(t.demo_sub1!, mine.id, 'terminate')).json().value).toMatchObject({ state: 'termination', terminationBy: 'holder' });
    // The requester cannot confirm its own request; the other side declines, then (asked again) confirms.
    expect((await act(t.demo_sub1!, mine.id, 'confirmTermination')).json()).toMatchObject({ code: 409 });
    expect((await act(t.agent!, mine.id, 'declineTermination')).json().value).toMatchObject({ state: 'accepted', terminationBy: null });
    expect((await act(t.agent!, mine.id, 'terminate')).json().value).toMatchObject({ state: 'termination', terminationBy: 'upline' });
    expect((await act(t.demo_sub1!, mine.id, 'confirmTermination')).json().value).toMatchObject({ state: 'terminated', endReason: 'terminated' });
    expect((await get(CONTRACT_PATHS.overview, t.demo_sub3!, { kind: 'realtime' })).json().value.mine).toMatchObject({
      id: down.id,
      state: 'terminated',
      endReason: 'auto',
    });
    // The operator's contract of the top agent is not ended by the agent.
    const top = (await get(CONTRACT_PATHS.overview, t.agent!, { kind: 'realtime' })).json().value.mine;
    expect(top.upline).toBeNull();
    expect((await act(t.agent!, top.id, 'terminate')).json()).toMatchObject({ code: 409 });
    const actions = (await memberAuditRows(ctx.db, [id.demo_sub1!, id.demo_agent!], 'contract.%')).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['contract.offer', 'contract.accept', 'contract.terminate', 'contract.declineTermination', 'contract.confirmTermination']),
    );
  });
});

describe('settlement', () => {
  it('pays each kind exactly the tier its team bets reach, once per period', async () => {
    // Enable dividends for this test; demo_agent's operator contract caps all four kinds.
    await ctx.db.updateTable('whitelabel_nodes').set({ enabled: true }).where('mod_id', '=', 'DIVIDEND').execute();
    const terms: TContractTerms[] = [
      { kind: 'realtime', profitRateBp: 20, lossRateBp: 40, minSingleBetMinor: 50_000 },
      {
        kind: 'daily',
        tiers: [
          { minBetMinor: 0, rateBp: 10 },
          { minBetMinor: 1_000_000, rateBp: 20 },
        ],
      },
      {
        kind: 'hourly',
        tiers: [
          { minBetMinor: 0, rateBp: 5 },
          { minBetMinor: 200_000, rateBp: 10 },
        ],
      },
      {
        kind: 'dividend',
        period: 'M',
        tiers: [
          { minValidBetMinor: 0, minLossMinor: 0, minActive: 1, rateBp: 500 },
          { minValidBetMinor: 1_000_000, minLossMinor: 500_000, minActive: 2, rateBp: 900 },
        ],
      },
    ];
    const contract: Record<string, number> = {};
    for (const tm of terms) {
      const c = (await offer(t.agent!, id.demo_sub2!, tm)).json().value;
      expect((await act(t.demo_sub2!, c.id, 'accept')).json().value.state).toBe('accepted');
      contract[tm.kind] = c.id;
    }
    // The contracts were accepted at the start of a local day 80 days ago (no seeded bets near it).
    const t0 = periodAt('daily', null, Date.now() - 80 * DAY, TZ).start;
    await ctx.db
      .updateTable('agent_contracts')
      .set({ accepted_at: new Date(t0), settled_until: new Date(t0) })
      .where('id', 'in', Object.values(contract))
      .execute();
    // A downline is paid only on bets its upline's contract pays on (docs/0064): demo_agent's operator
    // contracts were in force then too, and they pay on their holders' own bets (demo_sub2 plays below).
    // Their cursors stay where the seed left them: they are not settled again here.
    await ctx.db
      .updateTable('agent_contracts')
      .set({ accepted_at: new Date(t0 - DAY), pays_own_bets: true })
      .where('member_id', '=', id.demo_agent!)
      .where('upline_id', 'is', null)
      .execute();
    const win = (at: number) => periodAt('realtime', null, at, TZ, 300).start;
    // Day 1, hour 1 (t0 + 1 h): a 5-minute window where the team lost, with one small bet below the single-bet amount.
    const a = t0 + HOUR + 60_000;
    await bet(id.team_b01!, a, 600_000);
    await bet(id.team_b02!, a + 1_000, 10_000);
    // Day 1, hour 2: a window where the team won.
    const b = t0 + 2 * HOUR + 60_000;
    await bet(id.demo_sub2!, b, 100_000, 300_000);
    // Day 1, hour 3: bets over ৳10,000 for the day in total.
    const c = t0 + 3 * HOUR + 60_000;
    await bet(id.team_b03!, c, 400_000);
    // Day 2: one small bet.
    const d = t0 + DAY + 5 * HOUR;
    await bet(id.team_b01!, d, 20_000);
    // A bet before the contracts were accepted counts for none.
    await bet(id.team_b04!, t0 - HOUR, 900_000);

    const now = new Date(t0 + 45 * DAY);
    const first = await settleDueContracts(ctx.db, { now, windowSeconds: 300 });
    expect(first).toBeGreaterThan(0);
    // Real-time: window a lost → 40 bp of the qualifying 600,000 (the 10,000 bet is below 50,000);
    // window b won → 20 bp of 100,000; c lost → 40 bp of 400,000; d's 20,000 qualifies for nothing.
    expect(await settlementsOf(contract.realtime!)).toEqual([
      { start: win(a), rateBp: 40, base: 600_000, amount: 2_400 },
      { start: win(b), rateBp: 20, base: 100_000, amount: 200 },
      { start: win(c), rateBp: 40, base: 400_000, amount: 1_600 },
    ]);
    // Daily: day 1 bet 1,110,000 → 20 bp; day 2 20,000 → 10 bp.
    expect(await settlementsOf(contract.daily!)).toEqual([
      { start: t0, rateBp: 20, base: 1_110_000, amount: 2_220 },
      { start: t0 + DAY, rateBp: 10, base: 20_000, amount: 20 },
    ]);
    // Hourly: hour 1 610,000 → 10 bp; hour 2 100,000 → 5; hour 3 400,000 → 10; day 2's 20,000 → 5 bp = 10.
    expect(await settlementsOf(contract.hourly!)).toEqual([
      { start: t0 + HOUR, rateBp: 10, base: 610_000, amount: 610 },
      { start: t0 + 2 * HOUR, rateBp: 5, base: 100_000, amount: 50 },
      { start: t0 + 3 * HOUR, rateBp: 10, base: 400_000, amount: 400 },
      { start: t0 + DAY + 5 * HOUR, rateBp: 5, base: 20_000, amount: 10 },
    ]);
    // Dividend (month): bets 1,130,000, wins 300,000 → loss 830,000 with 4 active members → 900 bp.
    const months = [periodAt('dividend', 'M', a, TZ), periodAt('dividend', 'M', d, TZ)];
    const expectedDividend =
      months[0]!.start === months[1]!.start
        ? [{ start: months[0]!.start, rateBp: 900, base: 830_000, amount: 74_700 }]
        : [
            { start: months[0]!.start, rateBp: 900, base: 810_000, amount: 72_900 },
            { start: months[1]!.start, rateBp: 500, base: 20_000, amount: 1_000 },
          ];
    expect(await settlementsOf(contract.dividend!)).toEqual(expectedDividend);

    // Again, and again later: nothing more is paid; one ledger transaction per settlement.
    expect(await settleDueContracts(ctx.db, { now, windowSeconds: 300 })).toBe(0);
    expect(await settleDueContracts(ctx.db, { now: new Date(now.getTime() + DAY), windowSeconds: 300 })).toBe(0);
    const keys = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_transactions where idempotency_key like 'salary:%' group by idempotency_key having count(*) > 1`.execute(ctx.db);
    expect(keys.rows).toEqual([]);
    const linked = await sql<{
      n: number;
    }>`select count(*)::int as n from agent_contract_settlements s join ledger_transactions x on x.id = s.transaction_id where x.kind in ('salary', 'dividend')`.execute(
      ctx.db,
    );
    const all = await sql<{ n: number }>`select count(*)::int as n from agent_contract_settlements`.execute(ctx.db);
    expect(linked.rows[0]!.n).toBe(all.rows[0]!.n);
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);

    // demo_sub2 reads them in its income (by kind) and its bonus record; demo_agent sees them as its team's.
    const range = { from: new Date(t0 - DAY).toISOString(), to: new Date(t0 + 60 * DAY).toISOString() };
    const paidAt = await ctx.db
      .selectFrom('agent_contract_settlements')
      .select(sql<string>`sum(amount_minor)`.as('s'))
      .where('member_id', '=', id.demo_sub2!)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('ledger_entries')
      .set({ created_at: new Date(t0 + 2 * DAY) })
      .where('transaction_id', 'in', ctx.db.selectFrom('agent_contract_settlements').select('transaction_id').where('member_id', '=', id.demo_sub2!))
      .execute();
    const income = (await get(CONTRACT_PATHS.income, t.demo_sub2!, { ...range, tzOffsetMinutes: TZ })).json().value;
    expect(income.totalMinor).toBe(Number(paidAt.s));
    expect(income.byKind).toEqual({ realtime: 4_200, daily: 2_240, hourly: 1_070, dividend: expectedDividend.reduce((s, r) => s + r.amount, 0) });
    const bonus = (await get(RECORD_PATHS.bonus, t.demo_sub2!, { ...range, pageSize: 100 })).json().value;
    expect(bonus.inMinor).toBe(Number(paidAt.s));
    const team = (await get(CONTRACT_PATHS.settlements, t.agent!, { kind: 'hourly', scope: 'team', ...range })).json().value;
    expect(team).toMatchObject({ total: 4, amountMinor: 1_070 });
    await ctx.db.updateTable('whitelabel_nodes').set({ enabled: false }).where('mod_id', '=', 'DIVIDEND').execute();
  });
});
