import type { Kysely, Transaction } from 'kysely';
import { APPLY_MESSAGES, ZPromotionTerms, type TApplicationsQuery, type TApplicationsResponse, type TOperatorApplication } from '@wl/schemas';
import { awardBonus } from '../bonus/award.ts';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { conflict, fieldFailure } from '../http/errors.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { inTransaction } from '../wallet/ledger.service.ts';

/*
 * Applications to review (docs/0098): finance lists them with their images (served to operators
 * only) and decides each once. An approval pays a bonus through the foundation (docs/0094: source
 * 'manual_apply', key `application:<id>`, the promotion's bonus terms) in the approval's own
 * transaction, the member locked first; a second approval finds the application decided.
 */

type TDb = Kysely<DB> | Transaction<DB>;

function applicationRows(db: TDb, merchantId: number) {
  return db
    .selectFrom('promotion_applications as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .innerJoin('promotions as p', 'p.id', 'a.promotion_id')
    .leftJoin('operators as o', 'o.id', 'a.decided_by')
    .select([
      'a.id',
      'a.member_id',
      'm.username',
      'a.promotion_id',
      'p.title_en',
      'p.terms',
      'a.comment',
      'a.state',
      'a.created_at',
      'a.decided_at',
      'o.username as decided_by',
      'a.amount_minor',
      'a.reason',
    ])
    .where('a.merchant_id', '=', merchantId);
}
type TApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationRows>['execute']>>[number];

const maxAmountOf = (terms: unknown): number => {
  const t = ZPromotionTerms.parse(terms);
  return t.kind === 'manual_apply' ? t.maxAmountMinor : 1;
};

async function withImages(db: TDb, rows: readonly TApplicationRow[]): Promise<TOperatorApplication[]> {
  const ids = rows.map((r) => r.id);
  const images =
    ids.length === 0
      ? []
      : await db
          .selectFrom('promotion_application_images')
          .select(['id', 'application_id', 'content_type', 'size_bytes', 'width', 'height'])
          .where('application_id', 'in', ids)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    memberId: r.member_id,
    username: r.username,
    promotionId: r.promotion_id,
    promotionTitle: r.title_en,
    maxAmountMinor: maxAmountOf(r.terms),
    comment: r.comment,
    state: r.state,
    createdAt: new Date(r.created_at).toISOString(),
    decidedAt: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
    decidedBy: r.decided_by,
    amountMinor: r.amount_minor === null ? null : Number(r.amount_minor),
    reason: r.reason,
    images: images
      .filter((i) => Number(i.application_id) === Number(r.id))
      .map((i) => ({ imageId: i.id, contentType: i.content_type, sizeBytes: i.size_bytes, width: i.width, height: i.height })),
  }));
}

/** A page of pending (oldest first) or decided (latest first) applications of the merchant. */
export async function operatorApplications(db: Kysely<DB>, merchantId: number, q: TApplicationsQuery): Promise<TApplicationsResponse> {
  const pending = q.view === 'pending';
  const filtered = () => applicationRows(db, merchantId).where('a.state', pending ? '=' : '<>', 'pending');
  const [rows, total] = await Promise.all([
    filtered()
      .orderBy('a.id', pending ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    filtered()
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { applications: await withImages(db, rows), total: Number(total.n), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** An image of an application sent to the merchant (never a draft); another merchant's is not found. */
export async function applicationImage(db: Kysely<DB>, merchantId: number, imageId: string) {
  const row = await db
    .selectFrom('promotion_application_images')
    .select(['content_type', 'bytes'])
    .where('id', '=', imageId)
    .where('merchant_id', '=', merchantId)
    .where('application_id', 'is not', null)
    .executeTakeFirst();
  if (!row) throw wpsErrors.notFound();
  return { contentType: row.content_type, base64: Buffer.from(row.bytes).toString('base64') };
}

/** The pending application, its member locked first (docs/0080); refused when unknown here or decided. */
async function lockPending(trx: Transaction<DB>, merchantId: number, applicationId: number) {
  const found = await trx
    .selectFrom('promotion_applications')
    .select('member_id')
    .where('id', '=', applicationId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!found) throw wpsErrors.notFound();
  await lockMembers(trx, [found.member_id], merchantId);
  const row = await applicationRows(trx, merchantId).where('a.id', '=', applicationId).forNoKeyUpdate('a').executeTakeFirstOrThrow();
  if (row.state !== 'pending') throw conflict(APPLY_MESSAGES.notPending);
  return row;
}

/** Writes a decision on a locked pending application, audits it (`application.approve` or `.reject`) and answers the row. */
async function decide(
  trx: Transaction<DB>,
  merchantId: number,
  op: TSessionOperator,
  ip: string,
  applicationId: number,
  set: { state: 'approved'; amount_minor: number; award_id: number } | { state: 'rejected'; reason: string },
  now: Date,
  detail: Record<string, unknown>,
): Promise<TOperatorApplication> {
  await trx
    .updateTable('promotion_applications')
    .set({ ...set, decided_by: op.operatorId, decided_at: now })
    .where('id', '=', applicationId)
    .execute();
  await recordOperatorAudit(trx, {
    merchantId,
    actor: op,
    ip,
    action: set.state === 'approved' ? 'application.approve' : 'application.reject',
    before: { id: applicationId, state: 'pending' },
    after: { id: applicationId, state: set.state, ...detail },
    configVersion: null,
  });
  return (await withImages(trx, [await applicationRows(trx, merchantId).where('a.id', '=', applicationId).executeTakeFirstOrThrow()]))[0]!;
}

/**
 * Approves with an amount up to the promotion's most and pays the bonus, exactly once (the
 * application decided and the award's key in one transaction); a refusal of the award (the
 * promotion closed, another bonus active) leaves the application pending and nothing paid.
 */
export async function approveApplication(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: { applicationId: number; amountMinor: number },
): Promise<TOperatorApplication> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const row = await lockPending(trx, merchant.id, req.applicationId);
    const terms = ZPromotionTerms.parse(row.terms);
    if (terms.kind !== 'manual_apply') throw conflict(APPLY_MESSAGES.notApplicable);
    if (req.amountMinor > terms.maxAmountMinor) throw fieldFailure('amountMinor', APPLY_MESSAGES.amountAboveMax, { max: terms.maxAmountMinor });
    const award = await awardBonus(trx, merchant, {
      memberId: row.member_id,
      promotionId: row.promotion_id,
      source: 'manual_apply',
      sourceKey: `application:${req.applicationId}`,
      amountMinor: req.amountMinor,
      terms: terms.bonus,
      now,
      ip,
    });
    return decide(trx, merchant.id, op, ip, req.applicationId, { state: 'approved', amount_minor: req.amountMinor, award_id: award.awardId }, now, {
      amountMinor: req.amountMinor,
      awardId: award.awardId,
    });
  });
}

/** Rejects with the operator's reason, which the member then sees. */
export async function rejectApplication(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: { applicationId: number; reason: string },
): Promise<TOperatorApplication> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    await lockPending(trx, merchant.id, req.applicationId);
    return decide(trx, merchant.id, op, ip, req.applicationId, { state: 'rejected', reason: req.reason }, now, { reason: req.reason });
  });
}
