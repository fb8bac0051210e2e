import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_CHAT_URL, CHAT_PATHS, OPERATOR_GAMES_PATHS } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken, tokenCall } from '../test-support/http.ts';
import { operatorToken } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { freshDownline } from '../test-support/protection.ts';

// docs/0117: the chat room. Members read (trial accounts too), real members write; bounds and
// control characters refused; support mutes, deletes and closes the room with a reason, audited;
// another merchant's room never shows. PGlite; PostgreSQL with DATABASE_URL.

let shift = 0;
const ctx = usePlatform({ clock: () => new Date(Date.now() + shift) });
const call = tokenCall(ctx);
const t = { support: '', finance: '', trial: '' };
const TABLES = ['chat_messages', 'chat_mutes', 'chat_rooms', 'config_audit'] as const;

beforeAll(async () => {
  t.support = await operatorToken(ctx.app, 'demo_support', 'Support1234');
  t.finance = await operatorToken(ctx.app, 'demo_finance', 'Finance1234');
  t.trial = await loginToken(ctx.app, 'demo_trial', 'Trial1234');
});

const send = (token: string | null, text: unknown) => call('POST', CHAT_PATHS.send, token, { text });
const history = (token: string | null, query: Record<string, string> = {}) => call('GET', CHAT_PATHS.history, token, undefined, query);
const mute = (username: string, minutes: number, token = t.support, reason = 'Spam links') =>
  call('POST', CHAT_PATHS.mute, token, { username, minutes, reason });
const texts = async (token: string) => ((await history(token)).json().value.messages as { text: string }[]).map((m) => m.text);

describe('reading and writing (docs/0117)', () => {
  it('stores a member’s message, shows it to others oldest first, and pages backwards', async () => {
    const a = await freshDownline(ctx, 'chat_a');
    const b = await freshDownline(ctx, 'chat_b');
    const sent = (await send(a.token, '  <b>hello</b> নমস্কার  ')).json();
    expect(sent).toMatchObject({ success: true, value: { author: 'chat_a', mine: true, text: '<b>hello</b> নমস্কার' } });
    for (let i = 1; i <= 4; i++) expect((await send(b.token, `b${i}`)).json().success).toBe(true);
    const seen = (await history(b.token)).json().value;
    expect(seen).toMatchObject({ open: true, mutedUntil: null });
    const mine = seen.messages.slice(-5);
    expect(mine.map((m: { text: string; mine: boolean; author: string }) => [m.author, m.text, m.mine])).toEqual([
      ['chat_a', '<b>hello</b> নমস্কার', false],
      ['chat_b', 'b1', true],
      ['chat_b', 'b2', true],
      ['chat_b', 'b3', true],
      ['chat_b', 'b4', true],
    ]);
    const last2 = (await history(a.token, { limit: '2' })).json().value;
    expect(last2.messages.map((m: { text: string }) => m.text)).toEqual(['b3', 'b4']);
    expect(last2.more).toBe(true);
    const older = (await history(a.token, { limit: '2', before: String(last2.messages[0].id) })).json().value;
    expect(older.messages.map((m: { text: string }) => m.text)).toEqual(['b1', 'b2']);
  });

  it('refuses visitors (read and send), trial accounts’ sends, and bad text; nothing is stored', async () => {
    const a = await freshDownline(ctx, 'chat_bad');
    const before = await rowCounts(ctx.db, [...TABLES]);
    expect((await history(null)).statusCode).toBe(401);
    expect((await send(null, 'hi')).statusCode).toBe(401);
    expect((await history(t.trial)).json().success).toBe(true);
    expect((await send(t.trial, 'hi')).json()).toMatchObject({ success: false, message: 'in_need_true_account' });
    for (const text of ['', '   ', 'a\u0000b', 'line\nbreak', 'bell\u0007', 'x'.repeat(301), 'x'.repeat(1_000_000), 42, null]) {
      expect((await send(a.token, text)).json().success, JSON.stringify(text).slice(0, 20)).toBe(false);
    }
    expect((await send(a.token, 'x'.repeat(300))).json().success).toBe(true);
    expect(await rowCounts(ctx.db, [...TABLES])).toEqual({ ...before, chat_messages: before.chat_messages! + 1 });
    // Bad paging values are refused too.
    for (const q of [{ limit: '0' }, { limit: '51' }, { before: '-1' }, { before: 'x' }] as Record<string, string>[])
      expect((await history(a.token, q)).json().success).toBe(false);
  });
});

describe('moderation (docs/0117)', () => {
  it('mutes a member until an instant; the member’s sends are refused with it; the mute ends; audited', async () => {
    const m = await freshDownline(ctx, 'chat_muted');
    const before = await rowCounts(ctx.db, ['chat_messages']);
    // Only chat.moderate (support, owner) moderates; a member's token neither.
    expect((await mute('chat_muted', 5, t.finance)).statusCode).toBe(403);
    expect((await mute('chat_muted', 5, m.token)).statusCode).not.toBe(200);
    for (const reason of ['', 'a\u0000b', 'x'.repeat(501)]) expect((await mute('chat_muted', 5, t.support, reason)).json().success).toBe(false);
    expect((await mute('chat_muted', 43_201)).json().success).toBe(false);
    expect((await mute('nobody_here', 5)).json()).toMatchObject({ success: false, message: 'chat_member_not_found' });
    expect((await mute('chat_muted', 0)).json()).toMatchObject({ success: false, message: 'chat_unchanged' });

    const muted = (await mute('chat_muted', 1)).json();
    expect(muted.success).toBe(true);
    const until = muted.value.mutes.find((u: { username: string }) => u.username === 'chat_muted').until as string;
    const refused = (await send(m.token, 'let me talk')).json();
    expect(refused).toMatchObject({ success: false, message: 'chat_muted', value: { resetAt: until } });
    expect((await history(m.token)).json().value.mutedUntil).toBe(until);
    expect(await rowCounts(ctx.db, ['chat_messages'])).toEqual(before);
    const audit = await ctx.db
      .selectFrom('config_audit')
      .select(['action', 'after'])
      .where('action', '=', 'chat.mute')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ until, reason: 'Spam links' });

    shift += 61_000;
    expect((await send(m.token, 'back again')).json().success).toBe(true);
  });

  it('deletes a message for everyone (hidden from history, marked in the console), once, audited', async () => {
    const m = await freshDownline(ctx, 'chat_deleted');
    const id = (await send(m.token, 'buy followers here')).json().value.id as number;
    const del = (reason = 'Advertising') => call('POST', CHAT_PATHS.remove, t.support, { messageId: id, reason });
    expect((await call('POST', CHAT_PATHS.remove, t.finance, { messageId: id, reason: 'x' })).statusCode).toBe(403);
    expect((await del('')).json().success).toBe(false);
    const done = (await del()).json();
    expect(done.success).toBe(true);
    expect(done.value.messages.find((r: { id: number }) => r.id === id).deletedAt).not.toBeNull();
    expect(await texts(m.token)).not.toContain('buy followers here');
    expect((await del()).json()).toMatchObject({ success: false, message: 'chat_unchanged' });
    expect((await call('POST', CHAT_PATHS.remove, t.support, { messageId: 999_999_999, reason: 'x' })).json().message).toBe('chat_message_not_found');
    const row = await ctx.db.selectFrom('chat_messages').select(['deleted_by', 'delete_reason']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.delete_reason).toBe('Advertising');
    expect(await ctx.db.selectFrom('config_audit').select('action').where('action', '=', 'chat.delete').execute()).toHaveLength(1);
  });

  it('closes the room (sends refused, reading goes on) and opens it again, audited', async () => {
    const m = await freshDownline(ctx, 'chat_closed');
    const room = (open: boolean, token = t.support) => call('POST', CHAT_PATHS.room, token, { open, reason: 'Maintenance of the room' });
    expect((await room(false, t.finance)).statusCode).toBe(403);
    expect((await room(true)).json()).toMatchObject({ success: false, message: 'chat_unchanged' });
    expect((await room(false)).json()).toMatchObject({ success: true, value: { open: false } });
    expect((await send(m.token, 'anyone?')).json()).toMatchObject({ success: false, message: 'chat_room_closed' });
    expect((await history(m.token)).json().value.open).toBe(false);
    expect((await room(true)).json().value.open).toBe(true);
    expect((await send(m.token, 'anyone?')).json().success).toBe(true);
    expect((await ctx.db.selectFrom('config_audit').select('after').where('action', '=', 'chat.room').execute()).map((r) => r.after)).toEqual([
      { open: false, reason: 'Maintenance of the room' },
      { open: true, reason: 'Maintenance of the room' },
    ]);
  });

  it('never shows or touches another merchant’s room or members', async () => {
    const m = await freshDownline(ctx, 'chat_home');
    const other = await otherMerchant(ctx.db, 'CHATX');
    const theirs = await ctx.db
      .insertInto('members')
      .values({ merchant_id: other.id, username: 'chat_other', nickname: 'o', password_hash: 'x', type: 0, first_time_login: false, password_expires_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const msg = await ctx.db
      .insertInto('chat_messages')
      .values({ merchant_id: other.id, member_id: theirs.id, text: 'other brand', created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await texts(m.token)).not.toContain('other brand');
    expect((await call('GET', CHAT_PATHS.console, t.support)).json().value.messages.map((r: { text: string }) => r.text)).not.toContain('other brand');
    expect((await call('POST', CHAT_PATHS.remove, t.support, { messageId: Number(msg.id), reason: 'x' })).json().message).toBe('chat_message_not_found');
    expect((await mute('chat_other', 5)).json().message).toBe('chat_member_not_found');
  });
});

describe('the live casino’s chat (SPEC §7 launch chat, docs/0126)', () => {
  it('gives a real member the room’s address, a visitor and a trial account none, and none while the live category is off', async () => {
    const m = await freshDownline(ctx, 'chat_live');
    expect((await call('GET', CHAT_PATHS.launch, null)).statusCode).toBe(401);
    const trial = (await call('GET', CHAT_PATHS.launch, t.trial)).json();
    expect(trial).toMatchObject({ success: false, message: 'in_need_true_account' });
    expect(JSON.stringify(trial)).not.toContain('chatRoom');
    expect((await call('GET', CHAT_PATHS.launch, m.token)).json()).toMatchObject({ success: true, value: { chatUrl: BUILT_IN_CHAT_URL } });

    const content = await operatorToken(ctx.app, 'demo_content', 'Content1234');
    const live = (enabled: boolean) => call('PUT', OPERATOR_GAMES_PATHS.operatorGameCategories, content, { gameType: 'LIVE', enabled });
    expect((await live(false)).json().success).toBe(true);
    try {
      expect((await call('GET', CHAT_PATHS.launch, m.token)).json()).toMatchObject({ success: false, code: 543 });
    } finally {
      expect((await live(true)).json().success).toBe(true);
    }
  });
});
