import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_PATHS, WPS_PATHS, ZEnvelope, ZMemberInfoResponse, ZMessageList } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { loginToken, tokenCall } from '../test-support/http.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

// Platform messages (docs/rules/content.md#c-10 messageV2) on both databases (PGlite; PostgreSQL with DATABASE_URL):
// newest first and paged, one or all marked read, the header badge following, and a member never
// reading or marking another member's message.

const ctx = usePlatform();
const t = { member: '', down: '', trial: '' };
const ids = { member: 0, down: 0 };
/** demo_member's message ids, oldest first; the down member's one. */
let mine: number[] = [];
let theirs = 0;

const call = tokenCall(ctx);
const list = async (token: string, query: Record<string, string> = {}) =>
  ZEnvelope(ZMessageList).parse((await call('GET', MESSAGE_PATHS.list, token, undefined, query)).json()).value!;
const unreadBadge = async (token: string) => ZEnvelope(ZMemberInfoResponse).parse((await call('GET', WPS_PATHS.memberInfo, token)).json()).value!.unreadMessage;
const readAtOf = async (id: number) => (await ctx.db.selectFrom('member_messages').select('read_at').where('id', '=', id).executeTakeFirstOrThrow()).read_at;

beforeAll(async () => {
  t.member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  t.down = await loginToken(ctx.app, 'demo_down1', 'Down1234');
  t.trial = await loginToken(ctx.app, 'demo_trial', 'Trial1234');
  for (const name of ['member', 'down'] as const) {
    ids[name] = (
      await demoMemberRow(ctx.db, name === 'member' ? 'demo_member' : 'demo_down1')
        .select('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const base = Date.parse('2026-01-01T00:00:00Z');
  const rows = await ctx.db
    .insertInto('member_messages')
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        member_id: ids.member,
        title: `চুক্তি ${i} · Contract ${i}`,
        body: `বার্তা ${i} · Message ${i}`,
        created_at: new Date(base + i * 60_000),
      })),
    )
    .returning('id')
    .execute();
  mine = rows.map((r) => Number(r.id));
  theirs = Number(
    (await ctx.db.insertInto('member_messages').values({ member_id: ids.down, title: 'other', body: 'other' }).returning('id').executeTakeFirstOrThrow()).id,
  );
});

describe('platform messages', () => {
  it("lists the member's own messages newest first, paged, as stored, with totals over all pages", async () => {
    const page1 = await list(t.member, { pageSize: '5' });
    expect(page1).toMatchObject({ total: 12, unread: 12 });
    expect(page1.rows.map((r) => r.id)).toEqual(mine.slice(-5).reverse());
    expect(page1.rows[0]).toEqual({
      id: mine[11],
      title: 'চুক্তি 11 · Contract 11',
      body: 'বার্তা 11 · Message 11',
      time: '2026-01-01T00:11:00.000Z',
      readAt: null,
    });
    const page3 = await list(t.member, { pageSize: '5', pageNo: '3' });
    expect(page3.rows.map((r) => r.id)).toEqual([mine[1], mine[0]]);
    expect((await list(t.member, { pageSize: '5', pageNo: '4' })).rows).toEqual([]);
    expect((await list(t.member)).rows).toHaveLength(10);
    const down = await list(t.down);
    expect(down).toMatchObject({ total: 1, unread: 1 });
    expect(down.rows.map((r) => r.id)).toEqual([theirs]);
  });

  it('refuses bad input, no session and trial accounts', async () => {
    for (const query of <Record<string, string>[]>[{ pageSize: '0' }, { pageSize: '51' }, { pageNo: '0' }, { pageNo: 'x' }, { pageSize: '1.5' }]) {
      expect((await call('GET', MESSAGE_PATHS.list, t.member, undefined, query)).json().success, JSON.stringify(query)).toBe(false);
    }
    for (const body of [{}, { id: 0 }, { id: -1 }, { id: 1.5 }, { id: '1' }, { id: 2 ** 60 }, []]) {
      expect((await call('POST', MESSAGE_PATHS.read, t.member, body)).json().success, JSON.stringify(body)).toBe(false);
    }
    expect((await call('POST', MESSAGE_PATHS.readAll, t.member, { all: true })).json().success).toBe(false);
    expect((await call('GET', MESSAGE_PATHS.list, null)).statusCode).toBe(401);
    expect((await call('POST', MESSAGE_PATHS.read, null, { id: mine[0] })).statusCode).toBe(401);
    expect((await call('POST', MESSAGE_PATHS.readAll, null, {})).statusCode).toBe(401);
    expect((await call('GET', MESSAGE_PATHS.list, t.trial)).json()).toMatchObject({ success: false, message: 'in_need_true_account' });
    expect((await call('POST', MESSAGE_PATHS.readAll, t.trial, {})).json()).toMatchObject({ success: false, message: 'in_need_true_account' });
    expect(await unreadBadge(t.member)).toBe(12);
  });

  it("another member's message id is not found and stays unread; an unknown id too", async () => {
    for (const id of [theirs, theirs + 1_000]) {
      const answer = await call('POST', MESSAGE_PATHS.read, t.member, { id });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ success: false, message: 'error_not_found' });
    }
    expect(await readAtOf(theirs)).toBeNull();
    expect(await unreadBadge(t.down)).toBe(1);
    // Nor can the other member mark demo_member's.
    expect((await call('POST', MESSAGE_PATHS.read, t.down, { id: mine[0] })).statusCode).toBe(404);
    expect(await readAtOf(mine[0]!)).toBeNull();
  });

  it("marks one read (the first read time stays), the badge drops; mark all reads only the caller's", async () => {
    const first = (await call('POST', MESSAGE_PATHS.read, t.member, { id: mine[11] })).json();
    expect(first).toMatchObject({ success: true, value: { id: mine[11] } });
    expect(Date.parse(first.value.readAt)).not.toBeNaN();
    const again = (await call('POST', MESSAGE_PATHS.read, t.member, { id: mine[11] })).json();
    expect(again.value.readAt).toBe(first.value.readAt);
    expect(await unreadBadge(t.member)).toBe(11);
    const page = await list(t.member, { pageSize: '2' });
    expect(page).toMatchObject({ total: 12, unread: 11 });
    expect(page.rows[0]!.readAt).toBe(first.value.readAt);
    expect(page.rows[1]!.readAt).toBeNull();

    expect((await call('POST', MESSAGE_PATHS.readAll, t.member, {})).json()).toEqual(expect.objectContaining({ success: true, value: { marked: 11 } }));
    expect(await unreadBadge(t.member)).toBe(0);
    expect((await list(t.member)).unread).toBe(0);
    expect((await list(t.member, { pageSize: '1' })).rows[0]!.readAt).toBe(first.value.readAt);
    expect((await call('POST', MESSAGE_PATHS.readAll, t.member, {})).json().value).toEqual({ marked: 0 });
    expect(await readAtOf(theirs)).toBeNull();
    expect(await unreadBadge(t.down)).toBe(1);
  });
});
