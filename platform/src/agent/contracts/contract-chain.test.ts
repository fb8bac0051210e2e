import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_TEAM_PATHS,
  CONTRACT_KINDS,
  CONTRACT_PATHS,
  contractEarning,
  MEMBER_TYPE,
  periodAt,
  type TContractKind,
  type TContractTerms,
  type TDividendPeriod,
} from '@wl/schemas';
import { DEMO_TEAM } from '../../seed/agent-tree.ts';
import { rowCounts, usePlatform } from '../../test-support/db.ts';
import { loginToken } from '../../test-support/http.ts';
import { setFlag } from '../../test-support/outbox.ts';
import { seededRandom, type TSeededRandom } from '../../test-support/seeded-random.ts';
import { useLedgerBets, type TDatedBet } from '../../test-support/ledger-bets.ts';
import { registerWithCode } from '../../test-support/agent-team.ts';
import { ledgerViolations, NO_VIOLATIONS } from '../../wallet/ledger-invariants.ts';
import { settleDueContracts } from './contract-settlement.ts';

// Agent contracts cannot mint money (docs/0064), on both databases (PGlite; PostgreSQL with
// DATABASE_URL): the reported attack replayed through the agent centre, a property test over random
// chains of every kind, and the operator's limits on agent-type downlines.

const ctx = usePlatform();
const id: Record<string, number> = {};
const WINDOW_MS = 300_000;
const DAY = 86_400_000;
const TZ = 360;
/** CONTRACT_CHAIN_TRIALS sizes the property test (default 16 random chains); CONTRACT_CHAIN_SEED replays one. */
const TRIALS = Number(process.env.CONTRACT_CHAIN_TRIALS ?? 16);
const SEED = Number(process.env.CONTRACT_CHAIN_SEED ?? 20261129);

const post = (url: string, token: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: { authorization: token }, payload: payload as object });

const bets = useLedgerBets(ctx, 'cc');
const bet = bets.bet;

/** Paid amounts of contracts by period start. */
async function paidBy(contractIds: number[]): Promise<{ contractId: number; start: number; amount: number }[]> {
  if (contractIds.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('agent_contract_settlements')
    .select(['contract_id', 'period_start', 'amount_minor'])
    .where('contract_id', 'in', contractIds)
    .execute();
  return rows.map((r) => ({ contractId: Number(r.contract_id), start: new Date(r.period_start).getTime(), amount: Number(r.amount_minor) }));
}

beforeAll(async () => {
  for (const r of await ctx.db.selectFrom('members').select(['id', 'username']).execute()) id[r.username] = r.id;
  await setFlag(ctx.db, 'REGMOBVERF3', false);
});

describe('the reported attack: a chain of sub-agents with identical terms under demo_agent2', () => {
  it('pays the chain once the operator rate on a ৳500 bet at its bottom (it paid all four holders ৳1.50 each), and refuses a fourth level', async () => {
    const terms: TContractTerms = { kind: 'realtime', profitRateBp: 30, lossRateBp: 50, minSingleBetMinor: 100 };
    const tokens = [await loginToken(ctx.app, 'demo_agent2', 'Agent21234')];
    const holders = [id.demo_agent2!];
    const contracts = [
      Number(
        (
          await ctx.db
            .selectFrom('agent_contracts')
            .select('id')
            .where('member_id', '=', id.demo_agent2!)
            .where('upline_id', 'is', null)
            .executeTakeFirstOrThrow()
        ).id,
      ),
    ];
    // Each level registers the next as an agent in the register centre and offers it its own terms.
    for (const name of ['chainlv1', 'chainlv2', 'chainlv3']) {
      const reg = (
        await post(AGENT_TEAM_PATHS.registerDownline, tokens.at(-1)!, { username: name, password: 'Abcd1234', confirmPassword: 'Abcd1234', role: 'agent' })
      ).json();
      expect(reg, name).toMatchObject({ success: true });
      const token = await loginToken(ctx.app, name, 'Abcd1234');
      const offered = (await post(CONTRACT_PATHS.offer, tokens.at(-1)!, { memberId: reg.value.memberId, terms })).json();
      expect(offered, name).toMatchObject({ success: true });
      expect((await post(CONTRACT_PATHS.act, token, { contractId: offered.value.id, action: 'accept' })).json().value.state).toBe('accepted');
      tokens.push(token);
      holders.push(reg.value.memberId);
      contracts.push(offered.value.id);
    }
    // The bottom plays ৳500 and wins (the profit-salary rate, 0.30 %: ৳1.50 on the bet).
    const at = Date.now() + 1_000;
    await bet(holders[3]!, at, 50_000, 60_000);
    await settleDueContracts(ctx.db, { now: new Date(at + 2 * WINDOW_MS), windowSeconds: 300 });
    const window = Math.floor(at / WINDOW_MS) * WINDOW_MS;
    const paid = (await paidBy(contracts)).filter((p) => p.start === window);
    expect(paid.reduce((s, p) => s + p.amount, 0)).toBe(150);
    // demo_agent2's operator contract pays its chain on its holders' own bets (seed): the bettor holds it all.
    expect(paid).toEqual([{ contractId: contracts[3]!, start: window, amount: 150 }]);

    // Without own bets (the default), the bettor earns nothing on its bet and its upline the whole share.
    await ctx.db.updateTable('agent_contracts').set({ pays_own_bets: false }).where('id', '=', contracts[0]!).execute();
    const later = at + 3 * WINDOW_MS;
    await bet(holders[3]!, later, 50_000, 60_000);
    await settleDueContracts(ctx.db, { now: new Date(later + 2 * WINDOW_MS), windowSeconds: 300 });
    const laterWindow = Math.floor(later / WINDOW_MS) * WINDOW_MS;
    expect((await paidBy(contracts)).filter((p) => p.start === laterWindow)).toEqual([{ contractId: contracts[2]!, start: laterWindow, amount: 150 }]);
    await ctx.db.updateTable('agent_contracts').set({ pays_own_bets: true }).where('id', '=', contracts[0]!).execute();

    // A fourth agent level is over the default limit (3 below the top agent): refused, nothing written.
    const before = await rowCounts(ctx.db, ['members', 'member_tree', 'ledger_accounts']);
    const refused = await post(AGENT_TEAM_PATHS.registerDownline, tokens[3]!, {
      username: 'chainlv4',
      password: 'Abcd1234',
      confirmPassword: 'Abcd1234',
      role: 'agent',
    });
    expect(refused.json()).toMatchObject({ success: false, code: 409, message: 'agent_downline_depth_limit' });
    expect(await rowCounts(ctx.db, ['members', 'member_tree', 'ledger_accounts'])).toEqual(before);
    // A member is not limited.
    expect(
      (
        await post(AGENT_TEAM_PATHS.registerDownline, tokens[3]!, { username: 'chainmb4', password: 'Abcd1234', confirmPassword: 'Abcd1234', role: 'member' })
      ).json(),
    ).toMatchObject({ success: true });
  });
});

describe("the real-time cap honours the upline's single bet amount", () => {
  it("pays a downline nothing on a bet its upline's contract does not pay on", async () => {
    const t0 = periodAt('daily', null, Date.now() - 100 * DAY, TZ).start;
    const member = async (username: string, upline: number | null) =>
      (
        await ctx.db
          .insertInto('members')
          .values({ merchant_id: bets.accounts.merchant.id, username, nickname: username, password_hash: '-', type: 2, upline_id: upline })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const contract = async (memberId: number, upline: number | null, terms: TContractTerms) =>
      Number(
        (
          await ctx.db
            .insertInto('agent_contracts')
            .values({
              merchant_id: bets.accounts.merchant.id,
              kind: 'realtime',
              upline_id: upline,
              member_id: memberId,
              terms: JSON.stringify(terms),
              state: 'accepted',
              accepted_at: new Date(t0),
              settled_until: new Date(t0),
              pays_own_bets: upline === null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const top = await member('msroot', null);
    const down = await member('msdown', top);
    const ids = [
      await contract(top, null, { kind: 'realtime', profitRateBp: 30, lossRateBp: 50, minSingleBetMinor: 50_000 }),
      await contract(down, top, { kind: 'realtime', profitRateBp: 30, lossRateBp: 50, minSingleBetMinor: 100 }),
    ];
    // A ৳100 bet (below the upline's ৳500), then in another window a ৳600 one; both lost.
    await bet(down, t0 + 60_000, 10_000);
    await bet(down, t0 + WINDOW_MS + 60_000, 60_000);
    await settleDueContracts(ctx.db, { now: new Date(t0 + DAY), windowSeconds: 300 });
    expect(await paidBy(ids)).toEqual([{ contractId: ids[1], start: t0 + WINDOW_MS, amount: 300 }]);
  });
});

describe('agent-type downlines within the operator limits', () => {
  it('refuses an agent too deep or one too many, in the register centre and through an agent invitation code, changing nothing', async () => {
    const sub1 = await loginToken(ctx.app, 'demo_sub1', DEMO_TEAM.password);
    const sub2 = await loginToken(ctx.app, 'demo_sub2', DEMO_TEAM.password);
    const counted = ['members', 'member_tree', 'ledger_accounts', 'member_audit'] as const;
    try {
      // Depth: demo_sub1 is one level below demo_agent; with a limit of 1 it may not create an agent.
      await ctx.db.updateTable('merchants').set({ agent_max_depth: 1 }).execute();
      const code = (await post(AGENT_TEAM_PATHS.invitations, sub1, { role: 'agent' })).json().value.code as string;
      let before = await rowCounts(ctx.db, [...counted]);
      expect(
        (
          await post(AGENT_TEAM_PATHS.registerDownline, sub1, { username: 'limdeep1', password: 'Abcd1234', confirmPassword: 'Abcd1234', role: 'agent' })
        ).json(),
      ).toMatchObject({ success: false, code: 409, message: 'agent_downline_depth_limit' });
      expect((await registerWithCode(ctx, 'limdeep2', '1711600001', code)).json()).toMatchObject({ success: false, message: 'agent_downline_depth_limit' });
      expect(await rowCounts(ctx.db, [...counted])).toEqual(before);
      await ctx.db.updateTable('merchants').set({ agent_max_depth: 3 }).execute();

      // Count: demo_sub2 has no agent downline; with a limit of 1, four parallel registrations make exactly one.
      await ctx.db.updateTable('merchants').set({ agent_max_direct_agents: 1 }).execute();
      const answers = await Promise.all(
        [1, 2, 3, 4].map((i) =>
          post(AGENT_TEAM_PATHS.registerDownline, sub2, { username: `limcount${i}`, password: 'Abcd1234', confirmPassword: 'Abcd1234', role: 'agent' }),
        ),
      );
      const bodies = answers.map((a) => a.json());
      expect(bodies.filter((b) => b.success).length).toBe(1);
      expect(bodies.filter((b) => !b.success).map((b) => b.message)).toEqual([
        'agent_downline_count_limit',
        'agent_downline_count_limit',
        'agent_downline_count_limit',
      ]);
      const agents = await ctx.db
        .selectFrom('members')
        .select(sql<number>`count(*)`.as('n'))
        .where('upline_id', '=', id.demo_sub2!)
        .where('type', 'in', [1, 2, 41, 42])
        .executeTakeFirstOrThrow();
      expect(Number(agents.n)).toBe(1);
      // An agent invitation code of demo_sub2 is refused the same way; a member still registers directly.
      const code2 = (await post(AGENT_TEAM_PATHS.invitations, sub2, { role: 'agent' })).json().value.code as string;
      before = await rowCounts(ctx.db, [...counted]);
      expect((await registerWithCode(ctx, 'limcount9', '1711600002', code2)).json()).toMatchObject({ success: false, message: 'agent_downline_count_limit' });
      expect(await rowCounts(ctx.db, [...counted])).toEqual(before);
      expect(
        (
          await post(AGENT_TEAM_PATHS.registerDownline, sub2, { username: 'limmemb1', password: 'Abcd1234', confirmPassword: 'Abcd1234', role: 'member' })
        ).json(),
      ).toMatchObject({ success: true });
    } finally {
      await ctx.db.updateTable('merchants').set({ agent_max_depth: 3, agent_max_direct_agents: 20 }).execute();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Property: random chains up to depth 10, random terms (not even within the cap rule: the settlement
// must hold without it), random acceptance times, random bets; the chain is paid per period exactly
// what its root alone would earn — never more than the operator's rate × the base.

type TBet = { memberId: number; at: number; stake: number; win: number };
type TTrialContract = { id: number; memberId: number; terms: TContractTerms; acceptedAt: number };

function randomTerms(kind: TContractKind, rand: TSeededRandom, period: TDividendPeriod): TContractTerms {
  const rising = (n: number, step: () => number) => {
    let v = 0;
    return Array.from({ length: n }, (_, i) => (v = i === 0 ? v : v + step()));
  };
  const n = rand.int(1, 3);
  if (kind === 'realtime')
    return { kind, profitRateBp: rand.int(0, 80), lossRateBp: rand.int(1, 120), minSingleBetMinor: [0, 1_000, 5_000, 20_000][rand.int(0, 3)]! };
  const first = rand.int(1, 60);
  const rates = rising(n, () => rand.int(1, 150)).map((r) => r + first);
  const mins = rising(n, () => rand.int(1, 40) * 5_000);
  if (kind === 'dividend')
    return { kind, period, tiers: rates.map((r, i) => ({ minValidBetMinor: mins[i]!, minLossMinor: mins[i]! / 5, minActive: i + 1, rateBp: r * 10 })) };
  return { kind, tiers: rates.map((r, i) => ({ minBetMinor: mins[i]!, rateBp: r })) };
}

describe('property: a chain is never paid more than its operator contract', () => {
  it(`${TRIALS} random chains up to depth 10, every kind: the sum paid per period ≤ the root's rate × base (= what the root alone earns)`, async () => {
    const rand = seededRandom(SEED);
    const t0 = periodAt('daily', null, Date.now() - 200 * DAY, TZ).start;
    const span = 3 * DAY;
    await ctx.db.updateTable('whitelabel_nodes').set({ enabled: true }).where('mod_id', '=', 'DIVIDEND').execute();
    const trials: {
      kind: TContractKind;
      root: TTrialContract;
      paysOwnBets: boolean;
      contracts: TTrialContract[];
      members: number[];
      parent: Map<number, number | null>;
      bets: TBet[];
    }[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const kind = CONTRACT_KINDS[trial % CONTRACT_KINDS.length]!;
      const period: TDividendPeriod = (['D', 'W'] as const)[rand.int(0, 1)]!;
      const parent = new Map<number, number | null>();
      const holders = new Map<number, TTrialContract>();
      const addMember = async (upline: number | null, agent: boolean) => {
        const row = await ctx.db
          .insertInto('members')
          .values({
            merchant_id: bets.accounts.merchant.id,
            username: `cc${trial}x${parent.size}`,
            nickname: 'cc',
            password_hash: '-',
            type: agent ? 2 : MEMBER_TYPE,
            upline_id: upline,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        parent.set(row.id, upline);
        return row.id;
      };
      const addContract = async (memberId: number, upline: number | null, acceptedAt: number) => {
        const terms = randomTerms(kind, rand, period);
        const row = await ctx.db
          .insertInto('agent_contracts')
          .values({
            merchant_id: bets.accounts.merchant.id,
            kind,
            upline_id: upline,
            member_id: memberId,
            terms: JSON.stringify(terms),
            state: 'accepted',
            offered_at: new Date(acceptedAt),
            accepted_at: new Date(acceptedAt),
            settled_until: new Date(acceptedAt),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const c = { id: Number(row.id), memberId, terms, acceptedAt };
        holders.set(memberId, c);
        return c;
      };
      const paysOwnBets = rand.int(0, 1) === 1;
      const rootMember = await addMember(null, true);
      const root = await addContract(rootMember, null, t0);
      await ctx.db.updateTable('agent_contracts').set({ pays_own_bets: paysOwnBets }).where('id', '=', root.id).execute();
      // The spine: up to 10 holders below the root, each accepted no earlier than its upline (sometimes mid-span).
      let at = rootMember;
      const depth = rand.int(1, 10);
      for (let d = 0; d < depth; d++) {
        const m = await addMember(at, true);
        const up = holders.get(at)!;
        await addContract(m, at, rand.int(0, 3) === 0 ? up.acceptedAt + rand.int(0, span / 2 / 60_000) * 60_000 : up.acceptedAt);
        at = m;
      }
      // Branches: siblings with contracts of their own, agents without one, and plain members.
      for (const m of [...parent.keys()]) {
        const extra = rand.int(0, 3) === 0 ? 2 : rand.int(0, 1);
        for (let i = 0; i < extra; i++) {
          const what = rand.int(0, 2);
          const child = await addMember(m, what < 2);
          if (what === 0 && holders.has(m)) await addContract(child, m, holders.get(m)!.acceptedAt + rand.int(0, 2) * 3_600_000);
        }
      }
      const members = [...parent.keys()];
      // Bets on a few shared instants, so windows, hours and days hold several bets of several branches.
      const instants = Array.from({ length: 4 }, () => t0 + rand.int(0, span / WINDOW_MS - 1) * WINDOW_MS + rand.int(0, 290) * 1_000);
      const played: TBet[] = [];
      const dated: TDatedBet[] = [];
      const funded = new Map<number, number>();
      for (let i = rand.int(3, 10); i > 0; i--) {
        const b = {
          memberId: members[rand.int(0, members.length - 1)]!,
          at: instants[rand.int(0, instants.length - 1)]! + rand.int(0, 8) * 1_000,
          stake: 500 * rand.int(1, 120),
          win: rand.int(0, 2) === 0 ? 500 * rand.int(0, 200) : 0,
        };
        let wallet = funded.get(b.memberId);
        if (wallet === undefined) {
          wallet = await bets.fund(b.memberId, 1_000_000);
          funded.set(b.memberId, wallet);
        }
        dated.push({ ids: await bets.play(wallet, b.stake, b.win), at: b.at });
        played.push(b);
      }
      await bets.date(dated);
      trials.push({ kind, root, paysOwnBets, contracts: [...holders.values()], members, parent, bets: played });
    }

    const now = new Date(t0 + 40 * DAY);
    await settleDueContracts(ctx.db, { now, windowSeconds: 300 });

    let paidTotal = 0;
    for (const [n, tr] of trials.entries()) {
      const { root } = tr;
      const inRootTeam = (b: TBet) => tr.paysOwnBets || b.memberId !== root.memberId;
      const periodOf = (instant: number) => periodAt(tr.kind, root.terms.kind === 'dividend' ? root.terms.period : null, instant, TZ, 300).start;
      // What the root alone earns per period: its terms on its team's figures (its own bets only when it says so).
      const alone = new Map<number, number>();
      const byPeriod = new Map<number, TBet[]>();
      for (const b of tr.bets.filter(inRootTeam)) byPeriod.set(periodOf(b.at), [...(byPeriod.get(periodOf(b.at)) ?? []), b]);
      for (const [p, bs] of byPeriod) {
        const minSingle = root.terms.kind === 'realtime' ? root.terms.minSingleBetMinor : 0;
        const figures = {
          validBetMinor: bs.reduce((s, b) => s + b.stake, 0),
          payoutMinor: bs.reduce((s, b) => s + b.win, 0),
          activeMembers: new Set(bs.map((b) => b.memberId)).size,
          qualifyingBetMinor: bs.filter((b) => b.stake >= minSingle).reduce((s, b) => s + b.stake, 0),
        };
        alone.set(p, contractEarning(root.terms, figures).amountMinor);
      }
      const paid = await paidBy(tr.contracts.map((c) => c.id));
      const sums = new Map<number, number>();
      for (const p of paid) sums.set(p.start, (sums.get(p.start) ?? 0) + p.amount);
      const context = `trial ${n} (${tr.kind}, seed ${SEED}, ${tr.contracts.length} contracts, own bets ${tr.paysOwnBets})`;
      for (const [p, sum] of sums) expect(sum, `${context}: period ${new Date(p).toISOString()}`).toBeLessThanOrEqual(alone.get(p) ?? 0);
      // Not a vacuous bound: the chain is paid exactly what the operator granted, shared along it.
      expect(Object.fromEntries(sums), context).toEqual(Object.fromEntries([...alone].filter(([, a]) => a > 0)));
      paidTotal += [...sums.values()].reduce((s, x) => s + x, 0);
    }
    expect(paidTotal).toBeGreaterThan(0);
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
    await ctx.db.updateTable('whitelabel_nodes').set({ enabled: false }).where('mod_id', '=', 'DIVIDEND').execute();
  });
});
