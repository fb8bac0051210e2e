import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PATHS, AGENT_TEAM_PATHS, CONTRACT_ACTIONS, CONTRACT_KINDS, CONTRACT_PATHS } from '@wl/schemas';
import { DEMO_TEAM } from '../seed/agent-tree.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken } from '../test-support/http.ts';
import { demoMerchantId } from '../test-support/demo-merchant.ts';

/*
 * docs/0046 "Done when": agents of different branches and plain members ask every agent procedure for
 * every other account's data, and nothing leaks. For each caller, the accounts it may see are its own
 * subtree (walked here from upline_id, not from the closure table the platform reads), itself and its
 * upline (whose contract it holds). A check is one call: every username in its answer must be one the
 * caller may see, and a call that names an account outside that set (by id or by account name) must be
 * refused or answer no rows. Calls that would move money or change state are only made with other
 * accounts' ids, and must change nothing. At least 10,000 checks.
 *
 * AGENT_ACCESS_STRIDE=n (CI's PGlite run only, .ci/run; docs/0040) has each caller probe every n-th
 * account by id and name, a different n-th for each caller so every account is still probed; the run
 * on PostgreSQL and `pnpm test` on a developer's machine probe them all.
 */
const ctx = usePlatform();
const STRIDE = Math.max(1, Number(process.env.AGENT_ACCESS_STRIDE ?? 1) || 1);
const WEEK = { from: new Date(Date.now() - 8 * 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() };
/** A valid offer of each kind (the offer is refused for the target, not for its terms). */
const VALID_TERMS = [
  { kind: 'realtime', profitRateBp: 1, lossRateBp: 1, minSingleBetMinor: 100 },
  { kind: 'daily', tiers: [{ minBetMinor: 100, rateBp: 1 }] },
  { kind: 'hourly', tiers: [{ minBetMinor: 100, rateBp: 1 }] },
  { kind: 'dividend', period: 'W', tiers: [{ minValidBetMinor: 100, minLossMinor: 0, minActive: 0, rateBp: 1 }] },
];
const TABLES = ['members', 'member_tree', 'ledger_transactions', 'agent_contracts', 'agent_invitations', 'member_audit'] as const;

type TMember = { id: number; username: string; upline_id: number | null; type: number };
type TCaller = { username: string; token: string; agent: boolean; visible: Set<string>; team: Set<number> };
let members: TMember[] = [];
const callers: TCaller[] = [];
let contracts: { id: number; member_id: number; upline_id: number | null }[] = [];
let invitations: { id: number; agent_id: number }[] = [];

/** Every agent route the platform serves: each must have probes below. */
const ALL_PATHS = new Set<string>([...Object.values(AGENT_PATHS), ...Object.values(AGENT_TEAM_PATHS), ...Object.values(CONTRACT_PATHS)]);

function teamOf(root: number): Set<number> {
  const team = new Set<number>();
  const frontier = [root];
  while (frontier.length > 0) {
    const up = frontier.pop()!;
    for (const m of members) {
      if (m.upline_id !== up || team.has(m.id)) continue;
      team.add(m.id);
      frontier.push(m.id);
    }
  }
  return team;
}

beforeAll(async () => {
  // DEMO's members: the demo's second brand has a demo_member too (docs/0131), whose name would find DEMO's.
  members = await ctx.db
    .selectFrom('members')
    .select(['id', 'username', 'upline_id', 'type'])
    .where('merchant_id', '=', demoMerchantId(ctx.db))
    .orderBy('id')
    .execute();
  const byName = new Map(members.map((m) => [m.username, m]));
  const sign = async (username: string, password: string) => {
    const me = byName.get(username)!;
    const team = teamOf(me.id);
    const visible = new Set([username, ...members.filter((m) => team.has(m.id) || m.id === me.upline_id).map((m) => m.username)]);
    callers.push({ username, token: await loginToken(ctx.app, username, password), agent: [1, 2, 41, 42].includes(me.type), visible, team });
  };
  // Agents at the top, in two branches and one level down; members inside and outside the tree.
  await sign('demo_agent', 'Agent1234');
  for (const sub of ['demo_sub1', 'demo_sub2', 'demo_sub3']) await sign(sub, DEMO_TEAM.password);
  for (const member of ['team_a01', 'team_a02', 'team_b01', 'team_b02', 'team_c01', 'team_c02']) await sign(member, DEMO_TEAM.password);
  for (const member of ['demo_down1', 'demo_down2', 'demo_down3']) await sign(member, 'Down1234');
  await sign('demo_member', 'Demo1234');
  for (const member of ['demo_player1', 'demo_player2']) await sign(member, 'Player1234');
  contracts = await ctx.db.selectFrom('agent_contracts').select(['id', 'member_id', 'upline_id']).execute();
  // An invitation code of each agent, so each has ids the others must not touch.
  for (const c of callers.filter((x) => x.agent)) {
    const res = await ctx.app.inject({ method: 'POST', url: AGENT_TEAM_PATHS.invitations, headers: { authorization: c.token }, payload: { role: 'member' } });
    expect(res.json().success, res.body).toBe(true);
  }
  invitations = await ctx.db.selectFrom('agent_invitations').select(['id', 'agent_id']).execute();
  expect(contracts.length).toBeGreaterThan(0);
});

/** Every string in an answer that is some member's username. */
function usernamesIn(value: unknown, names: Set<string>, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (names.has(value)) out.add(value);
  } else if (Array.isArray(value)) for (const v of value) usernamesIn(v, names, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) usernamesIn(v, names, out);
  return out;
}

describe('agent procedures never answer about accounts outside the caller’s subtree', () => {
  it('at least 10,000 checks over every agent route, 0 leaks', async () => {
    const allNames = new Set(members.map((m) => m.username));
    const probed = new Set<string>();
    const leaks: string[] = [];
    let checks = 0;
    const before = await rowCounts(ctx.db, [...TABLES]);

    /** One call: its answer may name only visible accounts; `mustRefuse` calls must not succeed with data. */
    const check = async (
      c: TCaller,
      method: 'GET' | 'POST',
      url: string,
      input: Record<string, unknown>,
      opts: { mustRefuse?: boolean; noRows?: boolean } = {},
    ) => {
      probed.add(url);
      const res =
        method === 'GET'
          ? await ctx.app.inject({
              method,
              url,
              headers: { authorization: c.token },
              query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
            })
          : await ctx.app.inject({ method, url, headers: { authorization: c.token }, payload: input });
      checks++;
      const body = res.json() as { success: boolean; value?: { rows?: unknown[] } };
      const seen = [...usernamesIn(body, allNames)].filter((u) => !c.visible.has(u));
      const what = `${c.username} ${method} ${url} ${JSON.stringify(input).slice(0, 120)}`;
      if (seen.length > 0) leaks.push(`${what}: names ${seen.join(', ')}`);
      if (!c.agent && body.success) leaks.push(`${what}: a non-agent was answered`);
      if (opts.mustRefuse && body.success) leaks.push(`${what}: succeeded`);
      if (opts.noRows && body.success && (body.value?.rows?.length ?? 0) > 0) leaks.push(`${what}: rows`);
    };

    /** Every probe of one caller, one call after the other. */
    const probeAs = async (ci: number, c: TCaller) => {
      for (const target of members.filter((_, i) => i % STRIDE === ci % STRIDE)) {
        const outside = !c.team.has(target.id);
        // By id: details, a transfer, a contract offer.
        await check(c, 'GET', AGENT_PATHS.downline, { memberId: target.id }, { mustRefuse: outside });
        if (outside) {
          await check(
            c,
            'POST',
            AGENT_PATHS.transfer,
            { memberId: target.id, amountMinor: 100, key: `access-${c.username}-${target.id}`, remark: '' },
            { mustRefuse: true },
          );
          for (const terms of VALID_TERMS) await check(c, 'POST', CONTRACT_PATHS.offer, { memberId: target.id, terms }, { mustRefuse: true });
        }
        // By account name: the downline search and every report, at every level.
        await check(c, 'GET', AGENT_PATHS.downlines, { search: target.username }, { noRows: outside });
        // Account names match case-insensitively: the upper-cased name must not reach further.
        for (const [username, level] of [...[0, 1, 2, 3].map((l) => [target.username, l] as const), [target.username.toUpperCase(), 0] as const]) {
          const q = { ...WEEK, username, level, pageSize: 100 };
          await check(c, 'GET', AGENT_TEAM_PATHS.teamBets, q, { noRows: outside });
          await check(c, 'GET', AGENT_TEAM_PATHS.teamProfit, q, { noRows: outside });
          await check(c, 'GET', AGENT_TEAM_PATHS.teamTransactions, q, { noRows: outside });
        }
      }
      // Every contract and invitation of the merchant, by id, with every action.
      const me = members.find((m) => m.username === c.username)!;
      for (const k of contracts) {
        const mine = k.member_id === me.id || k.upline_id === me.id;
        if (mine) continue;
        for (const action of CONTRACT_ACTIONS) await check(c, 'POST', CONTRACT_PATHS.act, { contractId: k.id, action }, { mustRefuse: true });
      }
      for (const inv of invitations) {
        if (inv.agent_id === me.id) continue;
        await check(c, 'POST', AGENT_TEAM_PATHS.invitationUpdate, { id: inv.id, enabled: false }, { mustRefuse: true });
        await check(c, 'POST', AGENT_TEAM_PATHS.invitationDelete, { id: inv.id }, { mustRefuse: true });
      }
      // Calls without ids: whatever they answer names only the caller's own accounts.
      await check(c, 'GET', AGENT_PATHS.teamOverview, { ...WEEK, tzOffsetMinutes: 360 });
      await check(c, 'GET', AGENT_PATHS.downlines, { pageSize: 100 });
      await check(c, 'GET', AGENT_TEAM_PATHS.invitations, { pageNo: 1, pageSize: 100 });
      await check(c, 'GET', CONTRACT_PATHS.income, { ...WEEK, tzOffsetMinutes: 360 });
      for (const kind of CONTRACT_KINDS) {
        await check(c, 'GET', CONTRACT_PATHS.overview, { kind });
        for (const scope of ['mine', 'team']) await check(c, 'GET', CONTRACT_PATHS.settlements, { kind, scope, ...WEEK, pageSize: 100 });
      }
      // A non-agent may not make members or codes (an agent may: not probed here, it changes the tree).
      if (!c.agent) {
        await check(
          c,
          'POST',
          AGENT_TEAM_PATHS.registerDownline,
          { username: `access_${c.username}`.slice(0, 16), password: 'Abcd1234', confirmPassword: 'Abcd1234', role: 'member' },
          { mustRefuse: true },
        );
        await check(c, 'POST', AGENT_TEAM_PATHS.invitations, { role: 'member' }, { mustRefuse: true });
      }
    };
    // Four callers probe side by side (docs/0107): each call mostly waits on the database, which on
    // PostgreSQL serves the pool's connections at once. Every caller still makes every check.
    let nextCaller = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (nextCaller < callers.length) {
          const ci = nextCaller++;
          await probeAs(ci, callers[ci]!);
        }
      }),
    );

    expect(leaks).toEqual([]);
    expect([...ALL_PATHS].filter((p) => !probed.has(p))).toEqual([]);
    expect(checks).toBeGreaterThanOrEqual(Math.floor(10_000 / STRIDE));
    expect(await rowCounts(ctx.db, [...TABLES])).toEqual(before);
  }, 900_000);
});
