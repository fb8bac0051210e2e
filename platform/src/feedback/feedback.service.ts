import type { Kysely, Transaction } from 'kysely';
import {
  APPLY_MESSAGES,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_MAX_OPEN,
  FEEDBACK_MESSAGES,
  type TApplyImage,
  type TFeedbackInbox,
  type TFeedbackInboxQuery,
  type TFeedbackRequest,
  type TMemberFeedback,
  type TMemberFeedbackList,
  type TOperatorFeedback,
} from '@wl/schemas';
import { recordMemberAudit } from '../audit/member-audit.ts';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionMember, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { conflict, CONFLICT, fieldFailure } from '../http/errors.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { checkedImage, imageAnswer, imageColumns, newImageId } from '../kernel/uploaded-image.ts';
import { inTransaction } from '../wallet/ledger.service.ts';

/*
 * Member feedback and the operator's inbox (docs/0111). A member's queries are scoped by the
 * session's member id, never by an id the request names alone, so another member's feedback is not
 * found. Every member write locks the member first (docs/0080), so the drafts' count and the open
 * feedback's count hold whatever races; every operator action is audited in its own transaction.
 */

type TDb = Kysely<DB> | Transaction<DB>;

const iso = (d: Date | string) => new Date(d).toISOString();
/** How many characters of the content the inbox shows. */
const EXCERPT = 120;

function feedbackRows(db: TDb, merchantId: number) {
  return db
    .selectFrom('feedback as f')
    .innerJoin('members as m', 'm.id', 'f.member_id')
    .leftJoin('operators as c', 'c.id', 'f.closed_by')
    .select([
      'f.id',
      'f.member_id',
      'm.username',
      'f.question_type',
      'f.content',
      'f.state',
      'f.created_at',
      'f.updated_at',
      'c.username as closed_by',
      (eb) =>
        eb
          .selectFrom('feedback_images as i')
          .whereRef('i.feedback_id', '=', 'f.id')
          .select((e) => e.fn.countAll<string>().as('n'))
          .as('image_count'),
    ])
    .where('f.merchant_id', '=', merchantId);
}
type TFeedbackRow = Awaited<ReturnType<ReturnType<typeof feedbackRows>['execute']>>[number];

/** The threads of some feedback, oldest message first, with the operator who wrote each reply. */
async function threads(db: TDb, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('feedback_messages as x')
    .leftJoin('operators as o', 'o.id', 'x.operator_id')
    .select(['x.feedback_id', 'x.operator_id', 'o.username as operator', 'x.body', 'x.created_at'])
    .where('x.feedback_id', 'in', ids)
    .orderBy('x.id')
    .execute();
}

function entryOf(r: TFeedbackRow) {
  return {
    id: Number(r.id),
    username: r.username,
    questionType: r.question_type,
    excerpt: r.content.slice(0, EXCERPT),
    state: r.state,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    imageCount: Number(r.image_count ?? 0),
  };
}

/** As the member sees them: the thread without the names of the operator's team. */
async function forMember(db: TDb, rows: readonly TFeedbackRow[]): Promise<TMemberFeedback[]> {
  const messages = await threads(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    questionType: r.question_type,
    content: r.content,
    state: r.state,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    imageCount: Number(r.image_count ?? 0),
    messages: messages
      .filter((m) => Number(m.feedback_id) === Number(r.id))
      .map((m) => ({ from: m.operator_id === null ? ('member' as const) : ('operator' as const), body: m.body, at: iso(m.created_at) })),
  }));
}

/** One feedback of the member's own, for the member; not found for any other. */
async function ownFeedback(db: TDb, merchantId: number, memberId: number, id: number): Promise<TMemberFeedback> {
  const row = await feedbackRows(db, merchantId).where('f.id', '=', id).where('f.member_id', '=', memberId).executeTakeFirst();
  if (!row) throw wpsErrors.notFound();
  return (await forMember(db, [row]))[0]!;
}

/** The member's draft images (uploaded, not yet sent with a feedback), oldest first. */
function draftIds(db: TDb, memberId: number) {
  return db
    .selectFrom('feedback_images')
    .select('id')
    .where('member_id', '=', memberId)
    .where('feedback_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

// The member ------------------------------------------------------------------------------------

/** One image to the member's draft: ≤ 5 MB, a png or jpg by its header, at most 3 drafts. */
export async function uploadFeedbackImage(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, base64: string): Promise<TApplyImage> {
  const image = checkedImage(base64);
  return inTransaction(deps.db, async (trx) => {
    await lockMembers(trx, [member.memberId], merchant.id);
    if ((await draftIds(trx, member.memberId)).length >= FEEDBACK_MAX_IMAGES) {
      throw fieldFailure('file', APPLY_MESSAGES.tooManyImages, { max: FEEDBACK_MAX_IMAGES }, CONFLICT);
    }
    const id = newImageId();
    await trx
      .insertInto('feedback_images')
      .values({ id, merchant_id: merchant.id, member_id: member.memberId, ...imageColumns(image), created_at: deps.clock() })
      .execute();
    return imageAnswer(id, image);
  });
}

/** Takes one of the member's own draft images back; another member's or a sent one is not touched. */
export async function removeFeedbackImage(deps: TPlatformDeps, member: TSessionMember, imageId: string): Promise<{ removed: boolean }> {
  const r = await deps.db
    .deleteFrom('feedback_images')
    .where('id', '=', imageId)
    .where('member_id', '=', member.memberId)
    .where('feedback_id', 'is', null)
    .executeTakeFirst();
  return { removed: Number(r.numDeletedRows) === 1 };
}

/** Sends feedback with the named drafts (all the member's own); at most FEEDBACK_MAX_OPEN waiting for an answer at once. */
export async function submitFeedback(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  req: TFeedbackRequest,
  ip: string,
): Promise<TMemberFeedback> {
  const now = deps.clock();
  const imageIds = [...new Set(req.imageIds)];
  return inTransaction(deps.db, async (trx) => {
    await lockMembers(trx, [member.memberId], merchant.id);
    const open = await trx
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', member.memberId)
      .where('state', '=', 'open')
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= FEEDBACK_MAX_OPEN) throw conflict(FEEDBACK_MESSAGES.tooManyOpen);
    const drafts = new Set((await draftIds(trx, member.memberId)).map((d) => d.id));
    if (imageIds.length !== req.imageIds.length || !imageIds.every((id) => drafts.has(id))) throw fieldFailure('imageIds', APPLY_MESSAGES.imageUnknown);
    const row = await trx
      .insertInto('feedback')
      .values({
        merchant_id: merchant.id,
        member_id: member.memberId,
        question_type: req.questionType,
        content: req.content,
        state: 'open',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (imageIds.length > 0) await trx.updateTable('feedback_images').set({ feedback_id: row.id }).where('id', 'in', imageIds).execute();
    await recordMemberAudit(trx, { merchantId: merchant.id, memberId: member.memberId, action: 'feedback_sent', detail: `${row.id} ${req.questionType}`, ip });
    return ownFeedback(trx, merchant.id, member.memberId, Number(row.id));
  });
}

/** The member's own feedback, newest first, with their threads. */
export async function memberFeedbackList(
  db: Kysely<DB>,
  merchantId: number,
  memberId: number,
  q: { pageNo: number; pageSize: number },
): Promise<TMemberFeedbackList> {
  const own = () => feedbackRows(db, merchantId).where('f.member_id', '=', memberId);
  const [rows, total] = await Promise.all([
    own()
      .orderBy('f.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: await forMember(db, rows), total: Number(total.n), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** One of the member's own feedback. */
export function memberFeedbackItem(db: Kysely<DB>, merchantId: number, memberId: number, id: number): Promise<TMemberFeedback> {
  return ownFeedback(db, merchantId, memberId, id);
}

/** The feedback row locked for a write, when it belongs to the merchant (and to the member, when one is named); refused when closed. */
async function lockOpen(trx: Transaction<DB>, merchantId: number, id: number, memberId: number | null) {
  let q = trx.selectFrom('feedback').select(['id', 'member_id', 'state']).where('id', '=', id).where('merchant_id', '=', merchantId);
  if (memberId !== null) q = q.where('member_id', '=', memberId);
  const row = await q.forNoKeyUpdate().executeTakeFirst();
  if (!row) throw wpsErrors.notFound();
  if (row.state === 'closed') throw conflict(FEEDBACK_MESSAGES.closed);
  return row;
}

/** The member writes again on its own feedback (not closed): it then waits for the operator again. */
export async function followUpFeedback(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  req: { id: number; body: string },
  ip: string,
): Promise<TMemberFeedback> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    await lockMembers(trx, [member.memberId], merchant.id);
    await lockOpen(trx, merchant.id, req.id, member.memberId);
    await trx.insertInto('feedback_messages').values({ feedback_id: req.id, operator_id: null, body: req.body, created_at: now }).execute();
    await trx.updateTable('feedback').set({ state: 'open', updated_at: now }).where('id', '=', req.id).execute();
    await recordMemberAudit(trx, { merchantId: merchant.id, memberId: member.memberId, action: 'feedback_follow_up', detail: String(req.id), ip });
    return ownFeedback(trx, merchant.id, member.memberId, req.id);
  });
}

// The operator ----------------------------------------------------------------------------------

/** A page of the merchant's feedback in one state: open oldest first (the queue), replied and closed latest first. */
export async function feedbackInbox(db: Kysely<DB>, merchantId: number, q: TFeedbackInboxQuery): Promise<TFeedbackInbox> {
  const filtered = () => {
    const rows = feedbackRows(db, merchantId).where('f.state', '=', q.state);
    return q.username ? rows.where('m.username', '=', q.username) : rows;
  };
  const [rows, total] = await Promise.all([
    filtered()
      .orderBy('f.id', q.state === 'open' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    filtered()
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(entryOf), total: Number(total.n), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** One feedback of the merchant as the console shows it: the thread with who replied, the images' facts (never their bytes). */
async function forOperator(db: TDb, merchantId: number, id: number): Promise<TOperatorFeedback> {
  const row = await feedbackRows(db, merchantId).where('f.id', '=', id).executeTakeFirst();
  if (!row) throw wpsErrors.notFound();
  const [messages, images] = await Promise.all([
    threads(db, [id]),
    db
      .selectFrom('feedback_images')
      .select(['id', 'content_type', 'size_bytes', 'width', 'height'])
      .where('feedback_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  return {
    ...entryOf(row),
    content: row.content,
    closedBy: row.closed_by,
    messages: messages.map((m) => ({
      from: m.operator_id === null ? ('member' as const) : ('operator' as const),
      operator: m.operator,
      body: m.body,
      at: iso(m.created_at),
    })),
    images: images.map((i) => ({ imageId: i.id, contentType: i.content_type, sizeBytes: i.size_bytes, width: i.width, height: i.height })),
  };
}

/** Opens one feedback: its words are a member's, so the read is audited (`feedback.read`), as the outbox's are (docs/0067). */
export async function operatorFeedbackItem(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, id: number): Promise<TOperatorFeedback> {
  return inTransaction(deps.db, async (trx) => {
    const item = await forOperator(trx, merchant.id, id);
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor: op, ip, action: 'feedback.read', before: null, after: { id }, configVersion: null });
    return item;
  });
}

/** An image of a sent feedback of the merchant (never a draft); another merchant's is not found. */
export async function feedbackImage(db: Kysely<DB>, merchantId: number, imageId: string) {
  const row = await db
    .selectFrom('feedback_images')
    .select(['content_type', 'bytes'])
    .where('id', '=', imageId)
    .where('merchant_id', '=', merchantId)
    .where('feedback_id', 'is not', null)
    .executeTakeFirst();
  if (!row) throw wpsErrors.notFound();
  return { contentType: row.content_type, base64: Buffer.from(row.bytes).toString('base64') };
}

/** The operator's reply: the feedback is then replied (the member answered last by the operator); closed is refused. Audited. */
export async function replyFeedback(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: { id: number; body: string },
): Promise<TOperatorFeedback> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const row = await lockOpen(trx, merchant.id, req.id, null);
    await trx.insertInto('feedback_messages').values({ feedback_id: req.id, operator_id: op.operatorId, body: req.body, created_at: now }).execute();
    await trx.updateTable('feedback').set({ state: 'replied', updated_at: now }).where('id', '=', req.id).execute();
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'feedback.reply',
      before: { id: req.id, state: row.state },
      after: { id: req.id, state: 'replied', reply: req.body },
      configVersion: null,
    });
    return forOperator(trx, merchant.id, req.id);
  });
}

/** Closes a feedback (final: nobody writes to it again); closing a closed one is refused. Audited. */
export async function closeFeedback(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, id: number): Promise<TOperatorFeedback> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const row = await lockOpen(trx, merchant.id, id, null);
    await trx.updateTable('feedback').set({ state: 'closed', closed_by: op.operatorId, closed_at: now, updated_at: now }).where('id', '=', id).execute();
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'feedback.close',
      before: { id, state: row.state },
      after: { id, state: 'closed' },
      configVersion: null,
    });
    return forOperator(trx, merchant.id, id);
  });
}
