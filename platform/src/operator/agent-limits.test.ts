import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_LIMIT_MESSAGES, AGENT_TEAM_PATHS, OPERATOR_CALLS, type TOperatorRole } from '@wl/schemas';
import { DEMO_TEAM } from '../seed/agent-tree.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';

/**
 * The operator-set agent downline limits (docs/0064, docs/0017): only an owner changes them
 * (security.write, docs/0066), within the bounds the console may set, audited, and the next
 * agent-type registration obeys what was set.
 */

const ctx = usePlatform();
const URL = OPERATOR_CALLS.setAgentLimits.path;
let tokens = {} as Record<TOperatorRole, string>;
const SEEDED = { maxDepth: 3, maxDirectAgents: 20 };

beforeAll(async () => {
  tokens = await roleTokens(ctx.app);
});

const put = (role: TOperatorRole, payload: object) => ctx.app.inject({ method: 'PUT', url: URL, headers: { authorization: tokens[role] }, payload });
const get = (role: TOperatorRole) => ctx.app.inject({ url: URL, headers: { authorization: tokens[role] } });
const stored = () => ctx.db.selectFrom('merchants').select(['agent_max_depth', 'agent_max_direct_agents']).executeTakeFirstOrThrow();

describe('agent downline limits from the console', () => {
  it('reads the seeded limits for security.read (owner, support), refuses the others', async () => {
    for (const role of ['owner', 'support'] as const) expect((await get(role)).json()).toEqual({ success: true, value: SEEDED, message: null });
    for (const role of ['finance', 'content'] as const) expect((await get(role)).statusCode, role).toBe(403);
  });

  it('refuses every role but the owner (403), changing and auditing nothing', async () => {
    const before = await rowCounts(ctx.db, ['config_audit']);
    for (const role of ['finance', 'support', 'content'] as const) {
      expect((await put(role, { maxDepth: 5, maxDirectAgents: 50 })).json(), role).toEqual({
        success: false,
        value: null,
        message: 'error_forbidden',
        code: 403,
      });
    }
    expect(await stored()).toEqual({ agent_max_depth: 3, agent_max_direct_agents: 20 });
    expect(await rowCounts(ctx.db, ['config_audit'])).toEqual(before);
  });

  it.each([
    ['maxDepth', { maxDepth: 0, maxDirectAgents: 20 }],
    ['maxDepth', { maxDepth: 11, maxDirectAgents: 20 }],
    ['maxDepth', { maxDepth: 2.5, maxDirectAgents: 20 }],
    ['maxDepth', { maxDepth: '3', maxDirectAgents: 20 }],
    ['maxDepth', { maxDirectAgents: 20 }],
    ['maxDirectAgents', { maxDepth: 3, maxDirectAgents: -1 }],
    ['maxDirectAgents', { maxDepth: 3, maxDirectAgents: 1001 }],
    ['maxDirectAgents', { maxDepth: 3, maxDirectAgents: null }],
  ] as const)("refuses %s out of its bounds with the field's message key: %j", async (field, payload) => {
    const before = await rowCounts(ctx.db, ['config_audit']);
    const res = await put('owner', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().value).toEqual({ field, issue: AGENT_LIMIT_MESSAGES[field] });
    expect(await stored()).toEqual({ agent_max_depth: 3, agent_max_direct_agents: 20 });
    expect(await rowCounts(ctx.db, ['config_audit'])).toEqual(before);
  });

  it('takes the bounds themselves', async () => {
    try {
      for (const limits of [
        { maxDepth: 1, maxDirectAgents: 0 },
        { maxDepth: 10, maxDirectAgents: 1000 },
      ]) {
        expect((await put('owner', limits)).json()).toEqual({ success: true, value: limits, message: null });
      }
    } finally {
      expect((await put('owner', SEEDED)).json()).toMatchObject({ success: true });
    }
  });

  it("audits an owner's change with before and after (agent.limits.set), and a change to the same values not at all", async () => {
    try {
      const versionBefore = (await ctx.db.selectFrom('merchants').select('config_version').executeTakeFirstOrThrow()).config_version;
      expect((await put('owner', { maxDepth: 4, maxDirectAgents: 7 })).json()).toEqual({
        success: true,
        value: { maxDepth: 4, maxDirectAgents: 7 },
        message: null,
      });
      const row = await ctx.db.selectFrom('config_audit').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        action: 'agent.limits.set',
        operator_username: 'demo_operator',
        config_version: null,
        before: SEEDED,
        after: { maxDepth: 4, maxDirectAgents: 7 },
      });
      // Nothing a page shows reads the limits: the config version stays.
      expect((await ctx.db.selectFrom('merchants').select('config_version').executeTakeFirstOrThrow()).config_version).toBe(versionBefore);
      const before = await rowCounts(ctx.db, ['config_audit']);
      expect((await put('owner', { maxDepth: 4, maxDirectAgents: 7 })).json()).toMatchObject({ success: true });
      expect(await rowCounts(ctx.db, ['config_audit'])).toEqual(before);
    } finally {
      expect((await put('owner', SEEDED)).json()).toMatchObject({ success: true });
    }
  });

  it('the next agent-type registration obeys what the owner set', async () => {
    // demo_sub1 is one level below demo_agent: with a depth of 1 it may not create an agent, with 2 it may.
    const sub1 = await loginToken(ctx.app, 'demo_sub1', DEMO_TEAM.password);
    const register = (username: string) =>
      ctx.app.inject({
        method: 'POST',
        url: AGENT_TEAM_PATHS.registerDownline,
        headers: { authorization: sub1 },
        payload: { username, password: 'Abcd1234', confirmPassword: 'Abcd1234', role: 'agent' },
      });
    try {
      expect((await put('owner', { maxDepth: 1, maxDirectAgents: 20 })).json()).toMatchObject({ success: true });
      const before = await rowCounts(ctx.db, ['members', 'member_tree']);
      expect((await register('oplimit1')).json()).toMatchObject({ success: false, code: 409, message: 'agent_downline_depth_limit', value: { max: 1 } });
      expect(await rowCounts(ctx.db, ['members', 'member_tree'])).toEqual(before);
      expect((await put('owner', { maxDepth: 2, maxDirectAgents: 20 })).json()).toMatchObject({ success: true });
      expect((await register('oplimit2')).json()).toMatchObject({ success: true });
      // The count: demo_sub1 now has two direct agent-type downlines (demo_sub3, oplimit2); a limit of 2 refuses a third.
      expect((await put('owner', { maxDepth: 2, maxDirectAgents: 2 })).json()).toMatchObject({ success: true });
      expect((await register('oplimit3')).json()).toMatchObject({ success: false, code: 409, message: 'agent_downline_count_limit', value: { max: 2 } });
    } finally {
      expect((await put('owner', SEEDED)).json()).toMatchObject({ success: true });
    }
  });
});
