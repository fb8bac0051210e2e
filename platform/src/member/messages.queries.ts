import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { NON_MEMBER_TYPE, TRIAL_TYPE, type TLanguage } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

type TDb = Kysely<DB> | Transaction<DB>;

// A member's messages are two kinds of row (docs/0112): the platform's notices to it
// (member_messages: contracts, security changes) and the operator's messages (operator_messages: to
// it, or a broadcast). One id sequence serves both, so an id names one message. An operator's message
// is the member's from its deliver_at on: the filter is in every query, so nothing needs to run at
// the send time for it to appear, and never before.

/**
 * Operator messages the member may read at `now`: its own, and the broadcasts of its brand sent
 * after its account existed, for real members only (a trial account reads no messages). `o` is
 * operator_messages, `m` the member's row.
 */
function visibleOperatorMessages(memberId: number, now: Date): RawBuilder<unknown> {
  return sql`
    select o.* from operator_messages o
    join members m on m.id = ${memberId}
    where o.merchant_id = m.merchant_id
      and o.deliver_at <= ${now.toISOString()}::timestamptz
      and (o.member_id = m.id or (o.member_id is null and m.created_at <= o.deliver_at and m.type not in (${TRIAL_TYPE}, ${NON_MEMBER_TYPE})))`;
}

export type TMessageRow = { id: number; title: string; body: string; time: Date; read_at: Date | null };

/** A page of the member's messages of both kinds, newest first, the operator's in `language`. */
export async function memberMessagePage(
  db: TDb,
  memberId: number,
  now: Date,
  language: TLanguage,
  page: { limit: number; offset: number },
): Promise<TMessageRow[]> {
  const title = sql.ref(language === 'en' ? 'v.title_en' : 'v.title_bn');
  const body = sql.ref(language === 'en' ? 'v.body_en' : 'v.body_bn');
  const { rows } = await sql<TMessageRow>`
    select id, title, body, time, read_at from (
      select id, title, body, created_at as time, read_at from member_messages where member_id = ${memberId}
      union all
      select v.id, ${title}, ${body}, v.deliver_at, r.read_at
      from (${visibleOperatorMessages(memberId, now)}) v
      left join operator_message_reads r on r.message_id = v.id and r.member_id = ${memberId}
    ) t
    order by time desc, id desc
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), time: new Date(r.time), read_at: r.read_at === null ? null : new Date(r.read_at) }));
}

/** The member's messages of both kinds: all of them and the unread ones (the header badge's count). */
export async function memberMessageCounts(db: TDb, memberId: number, now: Date): Promise<{ total: number; unread: number }> {
  const { rows } = await sql<{ total: number; unread: number }>`
    select
      (select count(*) from member_messages where member_id = ${memberId})
        + (select count(*) from (${visibleOperatorMessages(memberId, now)}) v) as total,
      (select count(*) from member_messages where member_id = ${memberId} and read_at is null)
        + (select count(*) from (${visibleOperatorMessages(memberId, now)}) v
           where not exists (select 1 from operator_message_reads r where r.message_id = v.id and r.member_id = ${memberId})) as unread`.execute(db);
  const row = rows[0];
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

/** Marks one operator message the member may read as read (the first time stays); its read time, or null when it is not the member's. */
export async function readOperatorMessage(db: TDb, memberId: number, id: number, now: Date): Promise<Date | null> {
  const { rows } = await sql<{ read_at: Date }>`
    with target as (select v.id from (${visibleOperatorMessages(memberId, now)}) v where v.id = ${id}),
    added as (
      insert into operator_message_reads (message_id, member_id, read_at)
      select id, ${memberId}::int, ${now.toISOString()}::timestamptz from target
      on conflict (message_id, member_id) do nothing
      returning read_at
    )
    select read_at from added
    union all
    select r.read_at from operator_message_reads r join target on r.message_id = target.id where r.member_id = ${memberId}`.execute(db);
  const first = rows[0];
  return first ? new Date(first.read_at) : null;
}

/** Marks every operator message the member may read and has not read as read; how many. */
export async function readAllOperatorMessages(db: TDb, memberId: number, now: Date): Promise<number> {
  const { rows } = await sql<{ message_id: number }>`
    insert into operator_message_reads (message_id, member_id, read_at)
    select v.id, ${memberId}::int, ${now.toISOString()}::timestamptz from (${visibleOperatorMessages(memberId, now)}) v
    on conflict (message_id, member_id) do nothing
    returning message_id`.execute(db);
  return rows.length;
}
