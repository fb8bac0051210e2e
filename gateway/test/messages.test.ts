import { describe, expect, it } from 'vitest';
import { expectTRPCError } from './errors.ts';
import { ACCOUNTS, loginToken, useGateway, type THarness } from './harness.ts';

// Platform messages through the real gateway and the real embedded platform (docs/rules/content.md#c-3 messageV2): a
// contract offer (docs/0049) writes a notice for the downline agent; it lists, opens and marks it
// read, the badge of member info follows, and nobody else can read or mark it.

let h: THarness;
const t = { agent: '', sub1: '', member: '', trial: '' };

useGateway(async (started) => {
  h = started;
  t.agent = await loginToken(h, ACCOUNTS.agent);
  t.sub1 = await loginToken(h, { username: 'demo_sub1', password: 'Team1234' });
  t.member = await loginToken(h, ACCOUNTS.member);
  t.trial = await loginToken(h, ACCOUNTS.trial);
});

describe('messages procedures through the gateway', () => {
  it('refuses no session, trial accounts and bad input before the platform', async () => {
    await expectTRPCError(h.client().messages.list.query({}), 'UNAUTHORIZED');
    await expectTRPCError(h.client({ token: t.trial }).messages.list.query({}), 'FORBIDDEN', 'in_need_true_account');
    const member = h.client({ token: t.member });
    await expectTRPCError(member.messages.list.query({ pageSize: 51 }), 'BAD_REQUEST');
    await expectTRPCError(member.messages.read.mutate({ id: 0 }), 'BAD_REQUEST');
    await expectTRPCError(member.messages.read.mutate({ id: 1.5 }), 'BAD_REQUEST');
  });

  it("a contract offer's notice is listed unread, opened by its member only, and the badge drops", async () => {
    const agent = h.client({ token: t.agent });
    const sub1 = h.client({ token: t.sub1 });
    const { rows: team } = await agent.agent.downlines.query({ search: 'demo_sub1' });
    const target = team.find((r) => r.username === 'demo_sub1')!;
    const before = (await sub1.messages.list.query({})).total;
    await agent.agent.contractOffer.mutate({
      memberId: target.memberId,
      terms: { kind: 'realtime', profitRateBp: 10, lossRateBp: 20, minSingleBetMinor: 100 },
    });

    const page = await sub1.messages.list.query({ pageSize: 5 });
    expect(page.total).toBe(before + 1);
    const notice = page.rows[0]!;
    expect(notice).toMatchObject({ readAt: null, title: expect.stringContaining('New real-time salary contract offer') });
    expect(notice.title).toMatch(/[\u0980-\u09FF]/);
    const unread = (await sub1.member.info.query()).unreadMessage;
    expect(unread).toBe(page.unread);

    // Another member's id: not found, and the message stays unread.
    await expectTRPCError(h.client({ token: t.member }).messages.read.mutate({ id: notice.id }), 'NOT_FOUND', 'error_not_found');
    await expectTRPCError(agent.messages.read.mutate({ id: notice.id }), 'NOT_FOUND', 'error_not_found');
    expect((await sub1.messages.list.query({ pageSize: 1 })).rows[0]).toMatchObject({ id: notice.id, readAt: null });

    const read = await sub1.messages.read.mutate({ id: notice.id });
    expect(read.id).toBe(notice.id);
    expect((await sub1.member.info.query()).unreadMessage).toBe(unread - 1);
    expect(await sub1.messages.readAll.mutate({})).toEqual({ marked: unread - 1 });
    expect((await sub1.member.info.query()).unreadMessage).toBe(0);
    expect((await sub1.messages.list.query({ pageSize: 1 })).rows[0]).toMatchObject({ id: notice.id, readAt: read.readAt });
  });
});
