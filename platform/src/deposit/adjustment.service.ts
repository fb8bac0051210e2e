import { sql, type Kysely, type Transaction } from 'kysely';
import { DEPOSIT_MESSAGES, NON_MEMBER_TYPE, TRIAL_TYPE, type TAdjustment, type TAdjustmentRequest } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { accountFor, inTransaction, LedgerError, transfer } from '../wallet/ledger.service.ts';
import { conflict, fieldError } from '../http/errors.ts';
import { assertDecidable, pendingSettingChanges } from './money-settings.service.ts';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import { lockMembers } from '../kernel/member-lock.ts';

type TDb = Kysely<DB> | Transaction<DB>;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

function adjustmentColumns(db: TDb) {
  return db
    .selectFrom('balance_adjustments as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .innerJoin('operators as r', 'r.id', 'a.requested_by')
    .leftJoin('operators as d', 'd.id', 'a.approved_by')
    .select([
      'a.id',
      'a.member_id',
      'm.username',
      'a.amount_minor',
      'a.reason',
      'a.status',
      'r.username as requestedBy',
      'd.username as approvedBy',
      'a.created_at',
      'a.decided_at',
    ]);
}

type TRow = Awaited<ReturnType<ReturnType<typeof adjustmentColumns>['executeTakeFirstOrThrow']>>;

function toAdjustment(r: TRow): TAdjustment {
  return {
    id: r.id,
    memberId: r.member_id,
    username: r.username,
    amountMinor: r.amount_minor,
    reason: r.reason,
    status: r.status,
    requestedBy: r.requestedBy,
    approvedBy: r.approvedBy,
    createdAt: iso(r.created_at)!,
    decidedAt: iso(r.decided_at),
  };
}

async function adjustmentById(db: TDb, merchantId: number, id: number): Promise<TAdjustment> {
  return toAdjustment(await adjustmentColumns(db).where('a.merchant_id', '=', merchantId).where('a.id', '=', id).executeTakeFirstOrThrow());
}

/**
 * The four-eyes queue (oldest first), the 20 newest decided adjustments, and the pending changes of
 * the four-eyes limits and channels that wait for a second owner (docs/0066).
 */
export async function listAdjustments(deps: TPlatformDeps, merchant: TMerchant) {
  const [pending, recent, m, settingChanges] = await Promise.all([
    adjustmentColumns(deps.db).where('a.merchant_id', '=', merchant.id).where('a.status', '=', 'pending').orderBy('a.id', 'asc').limit(100).execute(),
    adjustmentColumns(deps.db).where('a.merchant_id', '=', merchant.id).where('a.status', '<>', 'pending').orderBy('a.id', 'desc').limit(20).execute(),
    deps.db.selectFrom('merchants').select('adjustment_four_eyes_minor').where('id', '=', merchant.id).executeTakeFirstOrThrow(),
    pendingSettingChanges(deps.db, merchant.id),
  ]);
  return { pending: pending.map(toAdjustment), recent: recent.map(toAdjustment), fourEyesMinor: m.adjustment_four_eyes_minor, settingChanges };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What was adjusted by one operator alone (applied without a second operator), in absolute minor
 * units, since `since`: by this requester, and for this member by anyone (docs/0066).
 */
async function soloTotals(trx: Transaction<DB>, at: { merchantId: number; operatorId: number; memberId: number; since: Date }) {
  const total = (column: 'requested_by' | 'member_id', id: number) =>
    trx
      .selectFrom('balance_adjustments')
      .select(sql<number>`coalesce(sum(abs(amount_minor)), 0)::bigint`.as('total'))
      .where('merchant_id', '=', at.merchantId)
      .where(column, '=', id)
      .where('status', '=', 'applied')
      .where('approved_by', 'is', null)
      .where('decided_at', '>', at.since)
      .executeTakeFirstOrThrow();
  const [byOperator, forMember] = await Promise.all([total('requested_by', at.operatorId), total('member_id', at.memberId)]);
  return { byOperator: Number(byOperator.total), forMember: Number(forMember.total) };
}

/**
 * Moves an adjustment's money in the caller's transaction: a credit from the merchant's
 * `adjustment` account to the member's wallet, a debit the other way (refused when the wallet
 * cannot cover it). The key `adjustment:<id>` is derived from the row, owned by the system.
 */
async function applyIn(trx: Transaction<DB>, merchant: TMerchant, a: { id: number; member_id: number; amount_minor: number }): Promise<number> {
  const house = await accountFor(trx, merchant, 'adjustment');
  const wallet = await accountFor(trx, merchant, 'member_wallet', { memberId: a.member_id });
  const credit = a.amount_minor > 0;
  try {
    const result = await transfer(trx, {
      from: credit ? house : wallet,
      to: credit ? wallet : house,
      amountMinor: Math.abs(a.amount_minor),
      owner: { kind: 'system', id: 0 },
      idempotencyKey: `adjustment:${a.id}`,
      kind: 'adjustment',
      meta: { adjustmentId: a.id },
    });
    return result.transactionId;
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficient_funds') throw fieldError('amountMinor', DEPOSIT_MESSAGES.insufficientFunds);
    throw error;
  }
}

/**
 * An operator credits or debits a member with a reason (docs/0028). Up to the merchant's
 * four-eyes amount (absolute) it applies at once; above it, it waits for a second operator. One
 * adjustment per operator key: the same key and request answers the first; another request with
 * it is refused. Audited in the same transaction.
 */
export async function requestAdjustment(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: TAdjustmentRequest,
): Promise<TAdjustment> {
  const id = await inTransaction(deps.db, async (trx) => {
    const member = await trx
      .selectFrom('members')
      .select(['id', 'type'])
      .where('merchant_id', '=', merchant.id)
      .where((eb) => eb(eb.fn('lower', ['username']), '=', req.username.toLowerCase()))
      .executeTakeFirst();
    if (!member || member.type === NON_MEMBER_TYPE) throw fieldError('username', DEPOSIT_MESSAGES.adjustmentMemberUnknown);
    if (member.type === TRIAL_TYPE) throw wpsErrors.trialNeedsRealAccount();
    // The threshold is read under the merchant row's lock: a settings change waits or is seen.
    const m = await trx
      .selectFrom('merchants')
      .select(['adjustment_four_eyes_minor', 'adjustment_daily_operator_minor', 'adjustment_daily_member_minor'])
      .where('id', '=', merchant.id)
      .forShare()
      .executeTakeFirstOrThrow();
    // The requester's and the member's rows are locked (in the order of docs/0080) before the rolling totals are read, so two
    // parallel pieces (of one operator, or of two operators for one member) are counted one after
    // the other: splitting an amount across parallel requests does not pass either (docs/0066).
    await trx.selectFrom('operators').select('id').where('id', '=', op.operatorId).forNoKeyUpdate().executeTakeFirstOrThrow();
    await lockMembers(trx, [member.id]);
    const inserted = await trx
      .insertInto('balance_adjustments')
      .values({
        merchant_id: merchant.id,
        member_id: member.id,
        amount_minor: req.amountMinor,
        reason: req.reason,
        requested_by: op.operatorId,
        idempotency_key: req.key,
      })
      .onConflict((oc) => oc.columns(['requested_by', 'idempotency_key']).doNothing())
      .returning(['id', 'member_id', 'amount_minor'])
      .executeTakeFirst();
    if (!inserted) {
      const first = await trx
        .selectFrom('balance_adjustments')
        .select(['id', 'member_id', 'amount_minor', 'reason'])
        .where('requested_by', '=', op.operatorId)
        .where('idempotency_key', '=', req.key)
        .executeTakeFirstOrThrow();
      if (first.member_id !== member.id || first.amount_minor !== req.amountMinor || first.reason !== req.reason) throw conflict(DEPOSIT_MESSAGES.keyReused);
      return first.id;
    }
    const amount = Math.abs(req.amountMinor);
    const solo = await soloTotals(trx, {
      merchantId: merchant.id,
      operatorId: op.operatorId,
      memberId: member.id,
      since: new Date(deps.clock().getTime() - DAY_MS),
    });
    const needsSecond =
      amount > m.adjustment_four_eyes_minor ||
      solo.byOperator + amount > m.adjustment_daily_operator_minor ||
      solo.forMember + amount > m.adjustment_daily_member_minor;
    // Within every limit it applies at once; otherwise it waits, pending, for a second operator.
    if (!needsSecond) {
      const transactionId = await applyIn(trx, merchant, inserted);
      await trx
        .updateTable('balance_adjustments')
        .set({ status: 'applied', ledger_transaction_id: transactionId, decided_at: deps.clock() })
        .where('id', '=', inserted.id)
        .execute();
    }
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: needsSecond ? 'adjustment.request' : 'adjustment.apply',
      before: null,
      after: { adjustmentId: inserted.id, memberId: member.id, amountMinor: req.amountMinor, reason: req.reason, status: needsSecond ? 'pending' : 'applied' },
      configVersion: null,
    });
    return inserted.id;
  });
  return adjustmentById(deps.db, merchant.id, id);
}

/**
 * A second operator approves (the money moves) or rejects a pending adjustment. The requester can
 * do neither (403 adjustment_second_operator_required); a decided one answers 409.
 */
export async function decideAdjustment(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: { adjustmentId: number; approve: boolean },
): Promise<TAdjustment> {
  await inTransaction(deps.db, async (trx) => {
    const a = await trx
      .selectFrom('balance_adjustments')
      .select(['id', 'member_id', 'amount_minor', 'reason', 'status', 'requested_by'])
      .where('merchant_id', '=', merchant.id)
      .where('id', '=', req.adjustmentId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    assertDecidable(a, op, { notPending: DEPOSIT_MESSAGES.adjustmentNotPending, ownRequest: DEPOSIT_MESSAGES.adjustmentOwnRequest });
    const transactionId = req.approve ? await applyIn(trx, merchant, a) : null;
    const status = req.approve ? 'applied' : 'rejected';
    await trx
      .updateTable('balance_adjustments')
      .set({ status, approved_by: op.operatorId, ledger_transaction_id: transactionId, decided_at: new Date() })
      .where('id', '=', a.id)
      .execute();
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: req.approve ? 'adjustment.approve' : 'adjustment.reject',
      before: { adjustmentId: a.id, status: 'pending' },
      after: { adjustmentId: a.id, memberId: a.member_id, amountMinor: a.amount_minor, reason: a.reason, status },
      configVersion: null,
    });
  });
  return adjustmentById(deps.db, merchant.id, req.adjustmentId);
}
