import { describe, expect, it } from 'vitest';
import { expectTRPCError } from './errors.ts';
import { ACCOUNTS, loginToken, useGateway, type THarness } from './harness.ts';

/** docs/0036: `catalogue.recent` answers the member's own launches, newest first. */

let h: THarness;
let member = '';
let other = '';
let trial = '';

useGateway(async (started) => {
  h = started;
  member = await loginToken(h, ACCOUNTS.member);
  other = await loginToken(h, { username: 'demo_down2', password: 'Down1234' });
  trial = await loginToken(h, ACCOUNTS.trial);
});

describe('catalogue.recent', () => {
  it('walks the check ladder: no session, a trial account, bad input', async () => {
    await expectTRPCError(h.client().catalogue.recent.query({}), 'UNAUTHORIZED', 'error_not_logged_in');
    await expectTRPCError(h.client({ token: 'forged' }).catalogue.recent.query({}), 'UNAUTHORIZED', 'error_not_logged_in');
    await expectTRPCError(h.client({ token: trial }).catalogue.recent.query({}), 'FORBIDDEN', 'in_need_true_account');
    const bad = await expectTRPCError(h.client({ token: member }).catalogue.recent.query({ gameType: 'NOPE' as never }), 'BAD_REQUEST');
    expect(bad.data?.issues?.[0]?.path).toBe('gameType');
  });

  it("lists a real launch on top, in the caller's language, and never another member's", async () => {
    const c = h.client({ token: member, language: 'en' });
    const page = await c.catalogue.games.query({ gameType: 'RNG', pageNo: 1, pageSize: 2, language: 'en' });
    const [first, second] = page.games;
    await c.catalogue.launch.mutate({ nodeId: first!.nodeId, freeTrial: false });
    await c.catalogue.launch.mutate({ nodeId: second!.nodeId, freeTrial: false });
    const recent = await c.catalogue.recent.query({});
    expect(recent.content.slice(0, 2).map((g) => g.nodeId)).toEqual([second!.nodeId, first!.nodeId]);
    expect(recent.content[0]!.displayName).toBe(second!.displayName);
    expect(Date.parse(recent.content[0]!.lastPlayedAt)).not.toBeNaN();
    expect((await c.catalogue.recent.query({ gameType: 'FISH' })).content.map((g) => g.nodeId)).not.toContain(first!.nodeId);
    expect((await h.client({ token: other }).catalogue.recent.query({})).content.map((g) => g.nodeId)).not.toContain(first!.nodeId);
  });
});
