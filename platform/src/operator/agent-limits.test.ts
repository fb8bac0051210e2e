import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_LIMIT_MESSAGES, AGENT_TEAM_PATHS, OPERATOR_CALLS, type TOperatorRole } from '@wl/schemas';
import { DEMO_TEAM } from '../seed/agent-tree.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken } from '../test-support/http.ts';
import { approvedChange, operatorToken, roleTokens, SECOND_OWNER } from '../test-support/operators.ts';

/**
 * The operator-set agent downline limits (docs/0064, docs/0017): only an owner changes them
 * (security.write, docs/0066), within the bounds the console may set, after a second owner approved
 * the change (docs/0127), audited, and the next agent-type registration obeys what was set.
 */

const ctx = usePlatform();
const URL = OPERATOR_CALLS.setAgentLimits.path;
let tokens = {} as Record<TOperatorRole, string>;
const SEEDED = { maxDepth: 3, maxDirectAgents: 20 };

let owner2 = '';

beforeAll(async () => {
  tokens = await roleTokens(ctx.app);
  owner2 = await operatorToken(ctx.app, SECOND_OWNER.username, SECOND_OWNER.password);
});

const put = (role: TOperatorRole, payload: object) => ctx.app.inject({ method: 'PUT', url: URL, headers: { authorization: tokens[role] }, payload });
/** The owner's change made live: drafted, approved by the second owner, published (docs/0127). */
const approved = async (payload: object) => (await approvedChange(ctx.app, { author: tokens.owner, approver: owner2 }, { url: URL, payload })).json;
const get = (role: TOperatorRole) => ctx.app.inject({ url: URL, headers: { authorization: tokens[role] } });
const stored = () => ctx.db.selectFrom('merchants').select(['agent_max_depth', 'agent_max_direct_agents']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();

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
        expect(await approved(limits)).toMatchObject({ success: true });
        expect((await get('owner')).json().value).toEqual(limits);
      }
    } finally {
      expect(await approved(SEEDED)).toMatchObject({ success: true });
    }
  });

  it("saves an owner's change as a draft for a second owner, changing nothing until it is published, and a change to the same values not at all", async () => {
    try {
      const before = await rowCounts(ctx.db, ['config_audit', 'config_change_sets']);
      const drafted = (await put('owner', { maxDepth: 4, maxDirectAgents: 7 })).json();
      expect(drafted).toEqual({
        success: true,
        value: { ...SEEDED, awaitingApproval: { draftId: expect.any(Number), fields: ['agent.maxDepth', 'agent.maxDirectAgents'] } },
        message: null,
      });
      expect(await stored()).toEqual({ agent_max_depth: 3, agent_max_direct_agents: 20 });
      const row = await ctx.db.selectFrom('config_audit').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ action: 'config.draft.save', operator_username: 'demo_operator', after: { from: 'agent.limits.set' } });
      expect((await put('owner', SEEDED)).json()).toEqual({ success: true, value: { ...SEEDED, awaitingApproval: null }, message: null });
      expect(await rowCounts(ctx.db, ['config_audit', 'config_change_sets'])).toEqual({
        config_audit: before.config_audit! + 1,
        config_change_sets: before.config_change_sets! + 1,
      });
      // The same change again is the same draft; approved and published, it is audited with before and after.
      expect((await approved({ maxDepth: 4, maxDirectAgents: 7 })).value.awaitingApproval.draftId).toBe(drafted.value.awaitingApproval.draftId);
      expect(await stored()).toEqual({ agent_max_depth: 4, agent_max_direct_agents: 7 });
      const published = await ctx.db.selectFrom('config_audit').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(published).toMatchObject({
        action: 'config.publish',
        operator_username: 'demo_operator',
        before: { 'agent.maxDepth': 3, 'agent.maxDirectAgents': 20 },
        after: { 'agent.maxDepth': 4, 'agent.maxDirectAgents': 7 },
      });
    } finally {
      expect(await approved(SEEDED)).toMatchObject({ success: true });
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
      expect(await approved({ maxDepth: 1, maxDirectAgents: 20 })).toMatchObject({ success: true });
      const before = await rowCounts(ctx.db, ['members', 'member_tree']);
      expect((await register('oplimit1')).json()).toMatchObject({ success: false, code: 409, message: 'agent_downline_depth_limit', value: { max: 1 } });
      expect(await rowCounts(ctx.db, ['members', 'member_tree'])).toEqual(before);
      expect(await approved({ maxDepth: 2, maxDirectAgents: 20 })).toMatchObject({ success: true });
      expect((await register('oplimit2')).json()).toMatchObject({ success: true });
      // The count: demo_sub1 now has two direct agent-type downlines (demo_sub3, oplimit2); a limit of 2 refuses a third.
      expect(await approved({ maxDepth: 2, maxDirectAgents: 2 })).toMatchObject({ success: true });
      expect((await register('oplimit3')).json()).toMatchObject({ success: false, code: 409, message: 'agent_downline_count_limit', value: { max: 2 } });
    } finally {
      expect(await approved(SEEDED)).toMatchObject({ success: true });
    }
  });
});
