import { beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_PAGE_SIZE,
  ANNOUNCEMENT_PATHS,
  MESSAGE_PATHS,
  OPERATOR_MESSAGE_PATHS,
  WPS_PATHS,
  ZAnnouncementPage,
  ZAnnouncementsResponse,
  ZEnvelope,
  ZMemberInfoResponse,
  ZMessageList,
  ZOperatorMessage,
} from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { freshDownline } from '../test-support/protection.ts';

// docs/0112, one file (one seeded platform) for both parts. The announcement lists: the seed's
// notices for everyone (12, one a day back), two for agents only and one scheduled a month ahead:
// members page through the twelve, nine a page, newest first, in the page's language; the agent
// centre's list adds the two; the scheduled one is in no list (nor the marquee) before its time.
//
// The console's messages. A broadcast reaches every real member whose account existed at
// its send time, a message to one member that member alone; each is in the member's list and unread
// count from its send time on (none before: a scheduled one is not found), in the member's language.
// Content operators send (whitelabel.write), audited; the check ladder refuses everything else and
// changes nothing. The clock is the platform's, moved forward to pass a send time. PGlite;
// PostgreSQL with DATABASE_URL.

let aheadMs = 0;
const ctx = usePlatform({ clock: () => new Date(Date.now() + aheadMs) });
const call = tokenCall(ctx);
const t = { owner: '', content: '', support: '', finance: '', trial: '', member: '', agent: '' };
const a = { id: 0, token: '' };
const b = { id: 0, token: '' };
let keys = 0;
const MINUTE = 60_000;

beforeAll(async () => {
  Object.assign(t, await roleTokens(ctx.app));
  t.trial = await loginToken(ctx.app, 'demo_trial', 'Trial1234');
  t.member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  t.agent = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  Object.assign(a, await freshDownline(ctx, 'opmsg_a'));
  Object.assign(b, await freshDownline(ctx, 'opmsg_b'));
});

const message = (over: Record<string, unknown> = {}) => ({
  audience: 'member',
  username: 'opmsg_a',
  titleEn: 'Your bonus is ready',
  titleBn: 'আপনার বোনাস প্রস্তুত',
  bodyEn: 'Claim it in the reward centre.',
  bodyBn: 'পুরস্কার কেন্দ্রে এটি নিন।',
  sendAt: null,
  key: `opmsg-key-${++keys}`,
  ...over,
});
const send = (body: object, token = t.content) => call('POST', OPERATOR_MESSAGE_PATHS.messages, token, body);
const sent = async (body: object) => {
  const answer = await send(body);
  expect(answer.json(), JSON.stringify(answer.json())).toMatchObject({ success: true });
  return ZEnvelope(ZOperatorMessage).parse(answer.json()).value!;
};
const list = async (token: string, language?: 'en' | 'bn') =>
  ZEnvelope(ZMessageList).parse((await call('GET', MESSAGE_PATHS.list, token, undefined, language ? { language } : {})).json()).value!;
const badge = async (token: string) => ZEnvelope(ZMemberInfoResponse).parse((await call('GET', WPS_PATHS.memberInfo, token)).json()).value!.unreadMessage;
const TABLES = ['operator_messages', 'operator_message_reads', 'config_audit'] as const;

describe('operator messages (docs/0112)', () => {
  it('refuses no session, roles without whitelabel.write, members, bad values and hostile strings, changing nothing', async () => {
    const before = await rowCounts(ctx.db, [...TABLES]);
    expect((await send(message(), '')).statusCode).toBe(401);
    expect((await call('GET', OPERATOR_MESSAGE_PATHS.messages, null)).statusCode).toBe(401);
    for (const token of [t.support, t.finance]) expect((await send(message(), token)).statusCode).toBe(403);
    expect((await send(message(), a.token)).json().success).toBe(false);
    expect((await call('GET', OPERATOR_MESSAGE_PATHS.messages, a.token)).json().success).toBe(false);
    const bad: Record<string, unknown>[] = [
      { audience: 'everyone' },
      { audience: 'member', username: null },
      { audience: 'all', username: 'opmsg_a' },
      { titleEn: '' },
      { titleBn: '   ' },
      { bodyEn: '' },
      { titleEn: 'a\u0000b' },
      { bodyBn: 'x\u0000' },
      { titleEn: 'x'.repeat(201) },
      { bodyEn: 'x'.repeat(1_000_000) },
      { username: 'u'.repeat(1_000_000) },
      { sendAt: 'tomorrow' },
      { sendAt: 12 },
      { key: 'short' },
      { key: 'bad key with spaces' },
      { key: 'k\u0000'.repeat(10) },
    ];
    for (const over of bad) expect((await send(message(over))).json().success, JSON.stringify(over).slice(0, 60)).toBe(false);
    expect((await send(message({ username: 'nobody_at_all' }))).json()).toMatchObject({ success: false, message: 'opmsg_member_not_found' });
    // A trial account is not a member to write to.
    expect((await send(message({ username: 'demo_trial' }))).json()).toMatchObject({ success: false, message: 'opmsg_member_not_found' });
    const past = new Date(Date.now() - 5 * MINUTE).toISOString();
    expect((await send(message({ sendAt: past }))).json()).toMatchObject({ success: false, message: 'opmsg_send_at_past' });
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString();
    expect((await send(message({ sendAt: far }))).json()).toMatchObject({ success: false, message: 'opmsg_send_at_too_far' });
    expect(await rowCounts(ctx.db, [...TABLES])).toEqual(before);
  });

  it('a message to one member: that member’s count is right at once, in its language; another member never sees or reads it', async () => {
    const [aBefore, bBefore] = [await badge(a.token), await badge(b.token)];
    const body = message();
    const m = await sent(body);
    expect(m).toMatchObject({ audience: 'member', username: 'opmsg_a', scheduled: false, createdBy: 'demo_content', reads: 0 });
    // The same submission again is the same message, audited once.
    expect((await sent(body)).id).toBe(m.id);
    expect(await ctx.db.selectFrom('operator_messages').select('id').where('request_key', '=', body.key).execute()).toHaveLength(1);
    const audits = await ctx.db.selectFrom('config_audit').select(['action', 'operator_username']).where('action', '=', 'message.send').execute();
    expect(audits).toEqual([{ action: 'message.send', operator_username: 'demo_content' }]);

    expect(await badge(a.token)).toBe(aBefore + 1);
    expect(await badge(b.token)).toBe(bBefore);
    expect((await list(a.token, 'en')).rows[0]).toMatchObject({ id: m.id, title: 'Your bonus is ready', body: 'Claim it in the reward centre.', readAt: null });
    expect((await list(a.token)).rows[0]).toMatchObject({ id: m.id, title: 'আপনার বোনাস প্রস্তুত' });
    expect((await list(b.token)).rows.map((r) => r.id)).not.toContain(m.id);
    // B names A's message: not found, and A's stays unread.
    expect((await call('POST', MESSAGE_PATHS.read, b.token, { id: m.id })).statusCode).toBe(404);
    expect((await call('POST', MESSAGE_PATHS.readAll, b.token, {})).json().value).toEqual({ marked: 0 });
    expect(await badge(a.token)).toBe(aBefore + 1);
    // A opens it: read once (the first time stays), the count drops.
    const read = (await call('POST', MESSAGE_PATHS.read, a.token, { id: m.id })).json();
    expect(read).toMatchObject({ success: true, value: { id: m.id } });
    expect((await call('POST', MESSAGE_PATHS.read, a.token, { id: m.id })).json().value.readAt).toBe(read.value.readAt);
    expect(await badge(a.token)).toBe(aBefore);
  });

  it('a broadcast reaches every real member whose account existed then, not a later one nor a trial account', async () => {
    const trialBefore = await badge(t.trial);
    const [aBefore, bBefore] = [await badge(a.token), await badge(b.token)];
    const m = await sent(message({ audience: 'all', username: null, titleEn: 'Site news', titleBn: 'সাইটের খবর' }));
    expect(m).toMatchObject({ audience: 'all', username: null });
    expect([await badge(a.token), await badge(b.token)]).toEqual([aBefore + 1, bBefore + 1]);
    expect(await badge(t.trial)).toBe(trialBefore);
    expect((await call('GET', MESSAGE_PATHS.list, t.trial)).json()).toMatchObject({ success: false, message: 'in_need_true_account' });
    // A joins later: not its message.
    aheadMs += MINUTE;
    const later = await freshDownline(ctx, 'opmsg_later');
    expect((await list(later.token)).rows.map((r) => r.id)).not.toContain(m.id);
    expect(await badge(later.token)).toBe(0);
    // A reads all: its broadcast and its own, not B's copy.
    expect((await call('POST', MESSAGE_PATHS.readAll, a.token, {})).json().value.marked).toBeGreaterThanOrEqual(1);
    expect(await badge(a.token)).toBe(0);
    expect(await badge(b.token)).toBe(bBefore + 1);
    const panel = (await call('GET', OPERATOR_MESSAGE_PATHS.messages, t.support)).json();
    expect(panel.value.messages.find((x: { id: number }) => x.id === m.id)).toMatchObject({ reads: 1, scheduled: false });
  });

  it('a scheduled message is nowhere before its time, then counted and listed at once; withdrawn only before it', async () => {
    const [aBefore] = [await badge(a.token)];
    const at = new Date(Date.now() + aheadMs + 10 * MINUTE);
    const m = await sent(message({ sendAt: at.toISOString(), titleEn: 'Tonight only' }));
    expect(m).toMatchObject({ scheduled: true, sendAt: at.toISOString() });
    const other = await sent(message({ sendAt: at.toISOString(), audience: 'all', username: null, titleEn: 'Withdrawn one' }));
    expect(await badge(a.token)).toBe(aBefore);
    expect((await list(a.token)).rows.map((r) => r.id)).not.toContain(m.id);
    expect((await call('POST', MESSAGE_PATHS.read, a.token, { id: m.id })).statusCode).toBe(404);
    expect((await call('POST', MESSAGE_PATHS.readAll, a.token, {})).json().value).toEqual({ marked: 0 });
    expect(await ctx.db.selectFrom('operator_message_reads').select('member_id').where('message_id', '=', m.id).execute()).toEqual([]);

    // Withdrawing needs whitelabel.write; the content operator withdraws one before its time, audited.
    expect((await call('POST', OPERATOR_MESSAGE_PATHS.cancel, t.support, { id: other.id })).statusCode).toBe(403);
    expect((await call('POST', OPERATOR_MESSAGE_PATHS.cancel, t.content, { id: other.id })).json()).toMatchObject({ success: true, value: { id: other.id } });
    expect(await ctx.db.selectFrom('config_audit').select('action').where('action', '=', 'message.cancel').execute()).toHaveLength(1);

    aheadMs += 11 * MINUTE;
    expect(await badge(a.token)).toBe(aBefore + 1);
    expect((await list(a.token, 'en')).rows[0]).toMatchObject({ id: m.id, title: 'Tonight only', time: at.toISOString() });
    expect((await list(a.token)).rows.map((r) => r.id)).not.toContain(other.id);
    // Delivered now: no longer withdrawn; an unknown id neither.
    for (const id of [m.id, other.id, 9_999_999]) {
      expect((await call('POST', OPERATOR_MESSAGE_PATHS.cancel, t.owner, { id })).json()).toMatchObject({ success: false, message: 'opmsg_not_scheduled' });
    }
  });
});

const page = async (path: string, token: string, query: Record<string, string> = {}) => {
  const answer = await call('GET', path, token, undefined, query);
  expect(answer.statusCode, JSON.stringify(query)).toBe(200);
  return ZEnvelope(ZAnnouncementPage).parse(answer.json()).value!;
};

describe('announcement list (docs/0112)', () => {
  it('pages the published announcements for everyone, nine a page, newest first, in the asked language', async () => {
    const first = await page(ANNOUNCEMENT_PATHS.list, t.member, { language: 'en' });
    expect(first).toMatchObject({ total: 12, pageNo: 1, pageSize: ANNOUNCEMENT_PAGE_SIZE });
    expect(first.rows).toHaveLength(9);
    expect(first.rows[0]).toMatchObject({ title: 'Scheduled maintenance on Sunday 02:00–03:00', agentsOnly: false });
    const times = first.rows.map((r) => Date.parse(r.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await page(ANNOUNCEMENT_PATHS.list, t.member, { pageNo: '2', language: 'en' });
    expect(second.rows.map((r) => r.title)).toEqual(['VIP levels are here', 'Invite friends, earn rewards', 'Welcome to Lucky Bazaar']);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(12);
    expect((await page(ANNOUNCEMENT_PATHS.list, t.member, { pageNo: '3' })).rows).toEqual([]);
    // BN by default (the Language header's default), Bengali words.
    const bn = await page(ANNOUNCEMENT_PATHS.list, t.member);
    expect(bn.rows[0]!.title).toMatch(/[\u0980-\u09FF]/);
    expect(bn.rows[0]!.content).toMatch(/[\u0980-\u09FF]/);
    // A trial account reads them too: announcements are public words.
    expect((await page(ANNOUNCEMENT_PATHS.list, t.trial)).total).toBe(12);
  });

  it('gives the agent centre the agents-only ones besides, marked; members never see those', async () => {
    const first = await page(ANNOUNCEMENT_PATHS.agentList, t.agent, { language: 'en' });
    expect(first.total).toBe(14);
    const all = [...first.rows, ...(await page(ANNOUNCEMENT_PATHS.agentList, t.agent, { pageNo: '2', language: 'en' })).rows];
    expect(all.filter((r) => r.agentsOnly).map((r) => r.title)).toEqual(['Agent commissions paid daily', 'New register centre codes']);
    // The agent's member list is the members' one.
    const asMember = [...(await page(ANNOUNCEMENT_PATHS.list, t.agent)).rows, ...(await page(ANNOUNCEMENT_PATHS.list, t.agent, { pageNo: '2' })).rows];
    expect(asMember).toHaveLength(12);
    expect(asMember.some((r) => r.agentsOnly)).toBe(false);
  });

  it('keeps a scheduled announcement out of every list and the marquee until its time', async () => {
    const scheduled = await ctx.db
      .selectFrom('notices')
      .select(['id', 'published_at'])
      .where('title_en', '=', 'Summer festival starts next month')
      .executeTakeFirstOrThrow();
    expect(new Date(scheduled.published_at).getTime()).toBeGreaterThan(Date.now());
    const ids = async (path: string, token: string) => {
      const out: number[] = [];
      for (const pageNo of ['1', '2']) out.push(...(await page(path, token, { pageNo })).rows.map((r) => r.id));
      return out;
    };
    expect(await ids(ANNOUNCEMENT_PATHS.list, t.member)).not.toContain(scheduled.id);
    expect(await ids(ANNOUNCEMENT_PATHS.agentList, t.agent)).not.toContain(scheduled.id);
    const marquee = ZEnvelope(ZAnnouncementsResponse).parse((await call('GET', WPS_PATHS.announcements, null)).json()).value!.player;
    expect(marquee.map((n) => n.id)).not.toContain(scheduled.id);
    expect(marquee).toHaveLength(12);
  });

  it('refuses no session, a member who is not an agent on the agent list, and bad pages', async () => {
    expect((await call('GET', ANNOUNCEMENT_PATHS.list, null)).statusCode).toBe(401);
    expect((await call('GET', ANNOUNCEMENT_PATHS.agentList, null)).statusCode).toBe(401);
    expect((await call('GET', ANNOUNCEMENT_PATHS.agentList, t.member)).json()).toMatchObject({ success: false, message: 'error_not_agent' });
    expect((await call('GET', ANNOUNCEMENT_PATHS.agentList, t.trial)).json().success).toBe(false);
    for (const query of <Record<string, string>[]>[
      { pageNo: '0' },
      { pageNo: '-1' },
      { pageNo: 'x' },
      { pageNo: '1.5' },
      { pageNo: '100001' },
      { pageNo: '1\u0000' },
      { pageNo: '9'.repeat(1_000_000) },
      { language: 'fr' },
      { language: 'b\u0000n' },
    ]) {
      for (const [path, token] of [
        [ANNOUNCEMENT_PATHS.list, t.member],
        [ANNOUNCEMENT_PATHS.agentList, t.agent],
      ] as const) {
        const answer = (await call('GET', path, token, undefined, query)).json();
        expect(answer.success, `${path} ${JSON.stringify(query).slice(0, 40)}`).toBe(false);
      }
    }
  });
});
