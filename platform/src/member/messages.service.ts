import { sql } from 'kysely';
import type { TMessageList, TMessageListQuery, TMessageReadResult, TMessagesReadAllResult } from '@wl/schemas';
import type { TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';

// The member's platform messages (docs/rules/content.md#c-10 messageV2): every query is scoped by the session's member
// id, never by anything the request names, so another member's message id is simply not found.

/** The member's messages, newest first, paged, with the total and the unread count over all pages. */
export async function messageList(deps: TPlatformDeps, member: TSessionMember, q: TMessageListQuery): Promise<TMessageList> {
  const own = deps.db.selectFrom('member_messages').where('member_id', '=', member.memberId);
  const [counts, rows] = await Promise.all([
    own.select([sql<number>`count(*)::int`.as('total'), sql<number>`(count(*) filter (where read_at is null))::int`.as('unread')]).executeTakeFirstOrThrow(),
    own
      .select(['id', 'title', 'body', 'created_at', 'read_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      body: r.body,
      time: new Date(r.created_at).toISOString(),
      readAt: r.read_at === null ? null : new Date(r.read_at).toISOString(),
    })),
    total: Number(counts.total),
    unread: Number(counts.unread),
  };
}

/** Marks one of the member's own messages read (the first read time stays); not found for any other id. */
export async function messageRead(deps: TPlatformDeps, member: TSessionMember, id: number): Promise<TMessageReadResult> {
  const row = await deps.db
    .updateTable('member_messages')
    .set({ read_at: sql<Date>`coalesce(read_at, ${deps.clock().toISOString()}::timestamptz)` })
    .where('id', '=', id)
    .where('member_id', '=', member.memberId)
    .returning(['id', 'read_at'])
    .executeTakeFirst();
  if (!row || row.read_at === null) throw wpsErrors.notFound();
  return { id: Number(row.id), readAt: new Date(row.read_at).toISOString() };
}

/** Marks every unread message of the member read. */
export async function messagesReadAll(deps: TPlatformDeps, member: TSessionMember): Promise<TMessagesReadAllResult> {
  const result = await deps.db
    .updateTable('member_messages')
    .set({ read_at: deps.clock() })
    .where('member_id', '=', member.memberId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return { marked: Number(result.numUpdatedRows) };
}
