import { describe, expect, it, vi } from 'vitest';
import { LIVE_CHAT_PATH } from '../src/live/config-streams.ts';
import { expectTRPCError } from './errors.ts';
import { ACCOUNTS, loginToken, operatorToken, useGateway, type THarness } from './harness.ts';
import { openPage } from './live-pages.ts';

// The chat room through the real gateway and the real embedded platform (docs/0117): visitors are
// refused, trial accounts read but never send, one member's 50 parallel sends store only what the
// `chatSend` limit allows, a muted member is refused with the mute's end, and open chat pages hear
// of every change on LIVE_CHAT_PATH.

let h: THarness;
const t = { member: '', other: '', trial: '', support: '' };

useGateway(async (started) => {
  h = started;
  t.member = await loginToken(h, ACCOUNTS.member);
  t.other = await loginToken(h, ACCOUNTS.agent);
  t.trial = await loginToken(h, ACCOUNTS.trial);
  t.support = await operatorToken(h, { username: 'demo_support', password: 'Support1234' });
});

describe('chat room through the gateway (docs/0117)', () => {
  // First: until something changes, an open chat page has heard of no version.
  it('refuses a muted member’s send with the mute’s end, and tells open chat pages of each change', async () => {
    const page = await openPage(h.baseUrl + LIVE_CHAT_PATH);
    try {
      expect(page.status).toBe(200);
      await h.client({ token: t.other }).chat.send.mutate({ text: 'before the mute' });
      await vi.waitFor(() => expect(page.versions).toHaveLength(1));
      const room = await h.client({ token: t.support }).operator.chatMute.mutate({ username: 'demo_agent', minutes: 10, reason: 'Shouting' });
      await vi.waitFor(() => expect(page.versions).toHaveLength(2));
      const until = room.mutes.find((m) => m.username === 'demo_agent')!.until;
      const error = await expectTRPCError(h.client({ token: t.other }).chat.send.mutate({ text: 'after the mute' }), 'FORBIDDEN', 'chat_muted');
      expect(error.data?.upstream?.resetAt).toBe(until);
      expect((await h.client({ token: t.other }).chat.history.query({})).mutedUntil).toBe(until);
      // A member's session is no operator's.
      await expectTRPCError(h.client({ token: t.member }).operator.chatMute.mutate({ username: 'demo_agent', minutes: 0, reason: 'x' }), 'UNAUTHORIZED');
    } finally {
      page.close();
    }
  });

  it('refuses visitors (read and send) and trial accounts’ sends; trial accounts read', async () => {
    await expectTRPCError(h.client().chat.history.query({}), 'UNAUTHORIZED');
    await expectTRPCError(h.client().chat.send.mutate({ text: 'hello' }), 'UNAUTHORIZED');
    await expectTRPCError(h.client({ token: t.trial }).chat.send.mutate({ text: 'hello' }), 'FORBIDDEN', 'in_need_true_account');
    expect((await h.client({ token: t.trial }).chat.history.query({})).open).toBe(true);
    await expectTRPCError(h.client({ token: t.member }).chat.send.mutate({ text: 'a\u0000b' }), 'BAD_REQUEST');
    await expectTRPCError(h.client({ token: t.member }).chat.send.mutate({ text: 'x'.repeat(301) }), 'BAD_REQUEST');
  });

  it('stores only the allowed sends of 50 parallel ones from one member; the rest are refused as too many', async () => {
    const member = h.client({ token: t.member });
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => member.chat.send.mutate({ text: `flood ${i}` })));
    const sent = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(sent).toHaveLength(10);
    for (const r of refused) expect((r.reason as Error).message).toBe('error_too_many_requests');
    const history = await h.client({ token: t.other }).chat.history.query({});
    expect(history.messages.filter((m) => m.text.startsWith('flood '))).toHaveLength(10);
  });
});
