import { sql } from 'kysely';
import type { TLanguage, TMessageList, TMessageListQuery, TMessageReadResult, TMessagesReadAllResult } from '@wl/schemas';
import type { TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { memberMessageCounts, memberMessagePage, readAllOperatorMessages, readOperatorMessage } from './messages.queries.ts';

// The member's platform messages (docs/rules/content.md#c-10 messageV2): every query is scoped by the session's member
// id, never by anything the request names, so another member's message id is simply not found. The
// operator's messages (docs/0112) are among them from their send time, in the member's language.

/** The member's messages, newest first, paged, with the total and the unread count over all pages. */
export async function messageList(deps: TPlatformDeps, member: TSessionMember, q: TMessageListQuery, language: TLanguage): Promise<TMessageList> {
  const now = deps.clock();
  const [counts, rows] = await Promise.all([
    memberMessageCounts(deps.db, member.memberId, now),
    memberMessagePage(deps.db, member.memberId, now, language, { limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize }),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      time: r.time.toISOString(),
      readAt: r.read_at === null ? null : r.read_at.toISOString(),
    })),
    total: counts.total,
    unread: counts.unread,
  };
}

/** Marks one of the member's own messages read (the first read time stays); not found for any other id. */
export async function messageRead(deps: TPlatformDeps, member: TSessionMember, id: number): Promise<TMessageReadResult> {
  const now = deps.clock();
  const row = await deps.db
    .updateTable('member_messages')
    .set({ read_at: sql<Date>`coalesce(read_at, ${now.toISOString()}::timestamptz)` })
    .where('id', '=', id)
    .where('member_id', '=', member.memberId)
    .returning(['id', 'read_at'])
    .executeTakeFirst();
  if (row && row.read_at !== null) return { id: Number(row.id), readAt: new Date(row.read_at).toISOString() };
  // Else an operator's message the member may read now (docs/0112); a scheduled one is not found yet.
  const readAt = await readOperatorMessage(deps.db, member.memberId, id, now);
  if (readAt === null) throw wpsErrors.notFound();
  return { id, readAt: readAt.toISOString() };
}

/** Marks every unread message of the member read, of both kinds. */
export async function messagesReadAll(deps: TPlatformDeps, member: TSessionMember): Promise<TMessagesReadAllResult> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const result = await trx
      .updateTable('member_messages')
      .set({ read_at: now })
      .where('member_id', '=', member.memberId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    const operatorMarked = await readAllOperatorMessages(trx, member.memberId, now);
    return { marked: Number(result.numUpdatedRows) + operatorMarked };
  });
}
