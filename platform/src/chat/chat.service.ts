import { sql, type Kysely, type Transaction } from 'kysely';
import {
  BUILT_IN_CHAT_URL,
  CHAT_MESSAGES,
  CHAT_PAGE_MAX,
  WPS_CODES,
  WPS_MESSAGES,
  type TChatConsole,
  type TChatHistory,
  type TChatMessage,
  type TLaunchChat,
} from '@wl/schemas';
import type { z } from 'zod';
import type { ZChatDeleteRequest, ZChatHistoryQuery, ZChatMuteRequest, ZChatRoomRequest } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { conflict, fieldFailure } from '../http/errors.ts';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { enabledGameTypes } from '../catalogue/catalogue.queries.ts';

type TDb = Kysely<DB> | Transaction<DB>;
type TOp = Pick<TSessionOperator, 'operatorId' | 'username'>;
type TMember = { memberId: number };

/** Whether the merchant's room is open (no row: open). */
async function roomOpen(db: TDb, merchantId: number): Promise<boolean> {
  const row = await db.selectFrom('chat_rooms').select('open').where('merchant_id', '=', merchantId).executeTakeFirst();
  return row?.open ?? true;
}

/** When the member's mute ends, if it is still in force at `now`. */
async function mutedUntil(db: TDb, memberId: number, now: Date): Promise<Date | null> {
  const row = await db.selectFrom('chat_mutes').select('until').where('member_id', '=', memberId).executeTakeFirst();
  const until = row ? new Date(row.until) : null;
  return until && until > now ? until : null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The live casino's chat (SPEC §7 launch chat, docs/0126): the built-in live vendors have no room of
 * their own, so the answer is the merchant's lobby room, which the web shows in its chat modal. Only
 * a real member's session gets here (the call's audience); the live category switched off answers
 * 543, as a launch of its games does.
 */
export async function launchChat(deps: TPlatformDeps, merchantId: number): Promise<TLaunchChat> {
  if (!(await enabledGameTypes(deps.db, merchantId)).has('LIVE')) throw new WpsError(WPS_CODES.featureOff, WPS_MESSAGES.featureOff);
  return { chatUrl: BUILT_IN_CHAT_URL };
}

/**
 * The room's visible messages, newest page first (or the page older than `before`), answered oldest
 * first; deleted ones are hidden from every member (docs/0117).
 */
export async function chatHistory(deps: TPlatformDeps, merchantId: number, member: TMember, query: z.output<typeof ZChatHistoryQuery>): Promise<TChatHistory> {
  let q = deps.db
    .selectFrom('chat_messages as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .select(['c.id', 'c.member_id', 'c.text', 'c.created_at', 'm.username'])
    .where('c.merchant_id', '=', merchantId)
    .where('c.deleted_at', 'is', null);
  if (query.before !== undefined) q = q.where('c.id', '<', query.before);
  const rows = await q
    .orderBy('c.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const [open, until] = await Promise.all([roomOpen(deps.db, merchantId), mutedUntil(deps.db, member.memberId, deps.clock())]);
  const page = rows.slice(0, query.limit).reverse();
  return {
    messages: page.map((r) => ({ id: Number(r.id), author: r.username, mine: r.member_id === member.memberId, text: r.text, at: iso(r.created_at) })),
    more: rows.length > query.limit,
    open,
    mutedUntil: until ? until.toISOString() : null,
  };
}

/**
 * One message from the session's member (docs/0117): refused while the room is closed or the
 * member is muted (with the instant the mute ends). The text was bounded and cleaned by the schema.
 */
export async function sendChat(deps: TPlatformDeps, merchantId: number, member: TMember & { username: string }, text: string): Promise<TChatMessage> {
  const now = deps.clock();
  if (!(await roomOpen(deps.db, merchantId))) throw new WpsError(WPS_CODES.forbidden, CHAT_MESSAGES.closed);
  const until = await mutedUntil(deps.db, member.memberId, now);
  if (until) throw new WpsError(WPS_CODES.forbidden, CHAT_MESSAGES.muted, { resetAt: until.toISOString() });
  const row = await deps.db
    .insertInto('chat_messages')
    .values({ merchant_id: merchantId, member_id: member.memberId, text, created_at: now })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), author: member.username, mine: true, text, at: iso(row.created_at) };
}

/** The console's view of the room: open or closed, the newest messages (deleted ones marked), mutes in force. */
export async function chatConsole(deps: TPlatformDeps, merchantId: number): Promise<TChatConsole> {
  const now = deps.clock();
  const [open, rows, mutes] = await Promise.all([
    roomOpen(deps.db, merchantId),
    deps.db
      .selectFrom('chat_messages as c')
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .select(['c.id', 'c.text', 'c.created_at', 'c.deleted_at', 'm.username'])
      .where('c.merchant_id', '=', merchantId)
      .orderBy('c.id', 'desc')
      .limit(CHAT_PAGE_MAX)
      .execute(),
    deps.db
      .selectFrom('chat_mutes as u')
      .innerJoin('members as m', 'm.id', 'u.member_id')
      .select(['m.username', 'u.until', 'u.reason'])
      .where('u.merchant_id', '=', merchantId)
      .where('u.until', '>', now)
      .orderBy('u.until')
      .limit(1000)
      .execute(),
  ]);
  return {
    open,
    messages: rows.map((r) => ({
      id: Number(r.id),
      author: r.username,
      text: r.text,
      at: iso(r.created_at),
      deletedAt: r.deleted_at ? iso(r.deleted_at) : null,
    })),
    mutes: mutes.map((u) => ({ username: u.username, until: iso(u.until), reason: u.reason })),
  };
}

/**
 * Mutes a member of this merchant for `minutes` from now (0 lifts a mute), with a reason; audited
 * with the mute before and after (docs/0117). Another merchant's member is not found.
 */
export async function muteMember(deps: TPlatformDeps, merchantId: number, op: TOp, ip: string, req: z.output<typeof ZChatMuteRequest>): Promise<TChatConsole> {
  const now = deps.clock();
  await inTransaction(deps.db, async (trx) => {
    const member = await trx
      .selectFrom('members')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where(sql`lower(username)`, '=', req.username.toLowerCase())
      .executeTakeFirst();
    if (!member) throw fieldFailure('username', CHAT_MESSAGES.memberNotFound, {}, WPS_CODES.notFound);
    const before = await trx.selectFrom('chat_mutes').select(['until', 'reason']).where('member_id', '=', member.id).forNoKeyUpdate().executeTakeFirst();
    const beforeUntil = before && new Date(before.until) > now ? iso(before.until) : null;
    if (req.minutes === 0 && beforeUntil === null) throw conflict(CHAT_MESSAGES.unchanged);
    const until = new Date(now.getTime() + req.minutes * 60_000);
    const row = { until, reason: req.reason, operator_id: op.operatorId, set_at: now };
    await trx
      .insertInto('chat_mutes')
      .values({ member_id: member.id, merchant_id: merchantId, ...row })
      .onConflict((oc) => oc.column('member_id').doUpdateSet(row))
      .execute();
    await recordOperatorAudit(trx, {
      merchantId,
      actor: op,
      ip,
      action: 'chat.mute',
      before: { memberId: member.id, until: beforeUntil },
      after: { memberId: member.id, until: req.minutes === 0 ? null : until.toISOString(), reason: req.reason },
      configVersion: null,
    });
  });
  return chatConsole(deps, merchantId);
}

/** Hides one message of this merchant's room for everyone, with a reason; audited (docs/0117). */
export async function deleteChatMessage(
  deps: TPlatformDeps,
  merchantId: number,
  op: TOp,
  ip: string,
  req: z.output<typeof ZChatDeleteRequest>,
): Promise<TChatConsole> {
  const now = deps.clock();
  await inTransaction(deps.db, async (trx) => {
    const row = await trx
      .selectFrom('chat_messages')
      .select(['id', 'member_id', 'text', 'deleted_at'])
      .where('id', '=', req.messageId)
      .where('merchant_id', '=', merchantId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!row) throw fieldFailure('messageId', CHAT_MESSAGES.messageNotFound, {}, WPS_CODES.notFound);
    if (row.deleted_at) throw conflict(CHAT_MESSAGES.unchanged);
    await trx
      .updateTable('chat_messages')
      .set({ deleted_at: now, deleted_by: op.operatorId, delete_reason: req.reason })
      .where('id', '=', req.messageId)
      .execute();
    await recordOperatorAudit(trx, {
      merchantId,
      actor: op,
      ip,
      action: 'chat.delete',
      before: { messageId: req.messageId, memberId: row.member_id, text: row.text },
      after: { messageId: req.messageId, deleted: true, reason: req.reason },
      configVersion: null,
    });
  });
  return chatConsole(deps, merchantId);
}

/** Closes or opens the merchant's room with a reason; audited (docs/0117). Asking for the state it is in changes nothing. */
export async function setChatRoom(deps: TPlatformDeps, merchantId: number, op: TOp, ip: string, req: z.output<typeof ZChatRoomRequest>): Promise<TChatConsole> {
  const now = deps.clock();
  await inTransaction(deps.db, async (trx) => {
    // Changes of one merchant's room queue on the merchant's row.
    await trx.selectFrom('merchants').select('id').where('id', '=', merchantId).forNoKeyUpdate().execute();
    const open = await roomOpen(trx, merchantId);
    if (open === req.open) throw conflict(CHAT_MESSAGES.unchanged);
    const row = { open: req.open, reason: req.reason, operator_id: op.operatorId, set_at: now };
    await trx
      .insertInto('chat_rooms')
      .values({ merchant_id: merchantId, ...row })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet(row))
      .execute();
    await recordOperatorAudit(trx, {
      merchantId,
      actor: op,
      ip,
      action: 'chat.room',
      before: { open },
      after: { open: req.open, reason: req.reason },
      configVersion: null,
    });
  });
  return chatConsole(deps, merchantId);
}
