import { sql, type Kysely, type Transaction } from 'kysely';
import {
  NON_MEMBER_TYPE,
  OPERATOR_MESSAGE_MAX_DAYS,
  OPERATOR_MESSAGE_MESSAGES,
  TRIAL_TYPE,
  WPS_CODES,
  type TOperatorMessage,
  type TOperatorMessageSend,
  type TOperatorMessagesResponse,
} from '@wl/schemas';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { conflict, fieldFailure } from '../http/errors.ts';
import { inTransaction } from '../wallet/ledger.service.ts';

type TDb = Kysely<DB> | Transaction<DB>;
type TOp = Pick<TSessionOperator, 'operatorId' | 'username'>;

/** A send time this far in the past is a mistake, not "now" (a form filled a little while ago is). */
const PAST_TOLERANCE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The console's view of operator messages: who wrote it, whom it is for, how many opened it. */
function messageSelect(db: TDb, merchantId: number, now: Date) {
  return db
    .selectFrom('operator_messages as o')
    .innerJoin('operators as op', 'op.id', 'o.operator_id')
    .leftJoin('members as m', 'm.id', 'o.member_id')
    .select([
      'o.id',
      'o.member_id',
      'm.username',
      'o.title_en',
      'o.title_bn',
      'o.body_en',
      'o.body_bn',
      'o.deliver_at',
      'op.username as created_by',
      sql<number>`(select count(*)::int from operator_message_reads r where r.message_id = o.id)`.as('reads'),
      sql<boolean>`o.deliver_at > ${now.toISOString()}::timestamptz`.as('scheduled'),
    ])
    .where('o.merchant_id', '=', merchantId);
}
type TMessageRow = Awaited<ReturnType<ReturnType<typeof messageSelect>['executeTakeFirstOrThrow']>>;

function toMessage(r: TMessageRow): TOperatorMessage {
  return {
    id: Number(r.id),
    audience: r.member_id === null ? 'all' : 'member',
    username: r.username,
    titleEn: r.title_en,
    titleBn: r.title_bn,
    bodyEn: r.body_en,
    bodyBn: r.body_bn,
    sendAt: new Date(r.deliver_at).toISOString(),
    scheduled: Boolean(r.scheduled),
    createdBy: r.created_by,
    reads: Number(r.reads),
  };
}

/** Sent and scheduled messages of the merchant, the latest send time first (config.read). */
export async function operatorMessages(deps: TPlatformDeps, merchantId: number, q: { pageNo: number; pageSize: number }): Promise<TOperatorMessagesResponse> {
  const now = deps.clock();
  const [{ total }, rows] = await Promise.all([
    deps.db
      .selectFrom('operator_messages')
      .select(sql<number>`count(*)::int`.as('total'))
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow(),
    messageSelect(deps.db, merchantId, now)
      .orderBy('o.deliver_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
  ]);
  return { messages: rows.map(toMessage), total: Number(total), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** The real member of this brand a message to one member names (case aside); refused as not found otherwise. */
async function recipientOf(db: TDb, merchantId: number, username: string): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .where('type', 'not in', [TRIAL_TYPE, NON_MEMBER_TYPE])
    .executeTakeFirst();
  if (!row) throw fieldFailure('username', OPERATOR_MESSAGE_MESSAGES.memberNotFound, {}, WPS_CODES.notFound);
  return row.id;
}

/**
 * Sends (sendAt null or now) or schedules a message, to every real member or to one (docs/0112).
 * Members see it from its send time on: the member's list and unread count filter by it when they
 * are read, so it appears exactly then with no job to run. Audited `message.send` in the same
 * transaction; the same submission key again answers the first message and writes nothing.
 */
export async function sendOperatorMessage(deps: TPlatformDeps, merchant: TMerchant, op: TOp, ip: string, req: TOperatorMessageSend): Promise<TOperatorMessage> {
  const now = deps.clock();
  const asked = req.sendAt === null ? now : new Date(req.sendAt);
  if (asked.getTime() < now.getTime() - PAST_TOLERANCE_MS) throw fieldFailure('sendAt', OPERATOR_MESSAGE_MESSAGES.sendAtPast);
  if (asked.getTime() > now.getTime() + OPERATOR_MESSAGE_MAX_DAYS * DAY_MS) throw fieldFailure('sendAt', OPERATOR_MESSAGE_MESSAGES.sendAtTooFar);
  // A time in the last minute is now: the message is never dated before the console wrote it.
  const deliverAt = asked < now ? now : asked;
  const id = await inTransaction(deps.db, async (trx) => {
    const memberId = req.audience === 'member' ? await recipientOf(trx, merchant.id, req.username ?? '') : null;
    const added = await trx
      .insertInto('operator_messages')
      .values({
        merchant_id: merchant.id,
        member_id: memberId,
        title_en: req.titleEn,
        title_bn: req.titleBn,
        body_en: req.bodyEn,
        body_bn: req.bodyBn,
        deliver_at: deliverAt,
        operator_id: op.operatorId,
        request_key: req.key,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'request_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!added) {
      const first = await trx
        .selectFrom('operator_messages')
        .select('id')
        .where('merchant_id', '=', merchant.id)
        .where('request_key', '=', req.key)
        .executeTakeFirstOrThrow();
      return Number(first.id);
    }
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'message.send',
      before: null,
      after: {
        id: Number(added.id),
        audience: req.audience,
        username: req.audience === 'member' ? req.username : null,
        memberId,
        sendAt: deliverAt.toISOString(),
        titleEn: req.titleEn,
        titleBn: req.titleBn,
      },
      configVersion: null,
    });
    return Number(added.id);
  });
  return toMessage(await messageSelect(deps.db, merchant.id, deps.clock()).where('o.id', '=', id).executeTakeFirstOrThrow());
}

/** Withdraws a message whose send time has not come (no member has seen it); audited `message.cancel`. */
export async function cancelOperatorMessage(deps: TPlatformDeps, merchant: TMerchant, op: TOp, ip: string, id: number): Promise<TOperatorMessage> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const locked = await trx
      .selectFrom('operator_messages')
      .select('deliver_at')
      .where('id', '=', id)
      .where('merchant_id', '=', merchant.id)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!locked || new Date(locked.deliver_at) <= now) throw conflict(OPERATOR_MESSAGE_MESSAGES.notScheduled);
    const row = await messageSelect(trx, merchant.id, now).where('o.id', '=', id).executeTakeFirstOrThrow();
    await trx.deleteFrom('operator_messages').where('id', '=', id).execute();
    const message = toMessage(row);
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor: op, ip, action: 'message.cancel', before: message, after: null, configVersion: null });
    return message;
  });
}
