import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import {
  DEPOSIT_MESSAGES,
  WPS_CODES,
  type TDeposit,
  type TDepositChannel,
  type TDepositListQuery,
  type TDepositListResponse,
  type TDepositRequest,
  type TOperatorDeposit,
  type TOperatorDepositsQuery,
} from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionMember, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import { conflict, fieldError } from '../http/errors.ts';
import { accountFor, inTransaction, LedgerError, transfer } from '../wallet/ledger.service.ts';
import { depositById, enabledChannels, memberDeposits, merchantDeposits } from './deposit.queries.ts';
import { merchantInDemoMode } from '../system/demo-mode.ts';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { upgradeIfQualified } from '../rewards/vip.service.ts';
import { awardDepositMatch, depositMatchFor } from '../promo/deposit-match.ts';
import { settleFriend } from '../referral/referral.service.ts';
import { assertAccountAllows } from '../protection/account-state.ts';
import { assertDepositRoom } from '../protection/deposit-room.ts';
import { assertNotExcluded } from '../protection/exclusion.ts';
import { assertNotStopped } from '../kernel/emergency-stop.ts';

/** Queue of the simulated channel's settlement (one job per deposit, `startAfter` the channel's seconds). */
export const DEPOSIT_SETTLE_QUEUE = 'platform.deposit-settle';

/** The job's payload. */
export type TDepositSettleJob = { merchantId: number; depositId: number };

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * A deposit reference: `D` and 16 base32 characters from 10 random bytes (80 bits): what a member
 * quotes to support, never guessable from another one (unlike a sequence number).
 */
export function newDepositReference(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = 'D';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** The merchant's enabled channels (members only; trial accounts are refused by the route). */
export async function listChannels(deps: TPlatformDeps, merchant: TMerchant): Promise<{ channels: TDepositChannel[] }> {
  const channels = await enabledChannels(deps.db, merchant.id);
  // Outside demo mode nothing settles by itself (docs/0065): the page must not promise it.
  if (channels.some((c) => c.autoSettleSeconds !== null) && !merchantInDemoMode(merchant, deps)) {
    return { channels: channels.map((c) => ({ ...c, autoSettleSeconds: null })) };
  }
  return { channels };
}

/** The member's own deposits. */
export function listOwnDeposits(deps: TPlatformDeps, member: TSessionMember, q: TDepositListQuery): Promise<TDepositListResponse> {
  return memberDeposits(deps.db, member.memberId, q);
}

/**
 * Creates a pending deposit order, once per member key: the same key and request answers the first
 * order; the same key with another channel or amount is refused. The amount must lie within the
 * channel's limits. A simulated channel (auto_settle_seconds set) gets its settle job in the same
 * transaction, in demo mode only (docs/0065): the job exists only if the order does.
 */
export async function createDeposit(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, req: TDepositRequest): Promise<TDeposit> {
  const channel = await deps.db
    .selectFrom('deposit_channels')
    .select(['id', 'min_minor', 'max_minor', 'auto_settle_seconds'])
    .where('merchant_id', '=', merchant.id)
    .where('id', '=', req.channelId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!channel) throw fieldError('channelId', DEPOSIT_MESSAGES.channelUnavailable);
  if (req.amountMinor < channel.min_minor) throw fieldError('amountMinor', DEPOSIT_MESSAGES.amountBelowMin);
  if (req.amountMinor > channel.max_minor) throw fieldError('amountMinor', DEPOSIT_MESSAGES.amountAboveMax);
  // A closed account deposits nothing (docs/rules/protection.md#p-22); the approval checks again where it credits.
  await assertNotExcluded(deps.db, merchant.id, member.memberId, 'deposit_request', deps.clock());
  await assertAccountAllows(deps.db, member.memberId, 'deposit'); // docs/rules/protection.md#p-31
  await assertNotStopped(deps.db, merchant.id, 'money'); // docs/rules/operator.md#o-12
  // Only in demo mode does a channel settle by itself (docs/0065); otherwise an operator decides.
  const autoSettle = channel.auto_settle_seconds !== null && merchantInDemoMode(merchant, deps) ? channel.auto_settle_seconds : null;
  const runner = autoSettle === null ? null : ((await deps.jobs?.()) ?? null);

  const id = await inTransaction(deps.db, async (trx) => {
    // ON CONFLICT waits for a concurrent holder of the same key, then answers nothing: a replay.
    const inserted = await trx
      .insertInto('deposits')
      .values({
        merchant_id: merchant.id,
        member_id: member.memberId,
        channel_id: channel.id,
        reference: newDepositReference(),
        amount_minor: req.amountMinor,
        idempotency_key: req.key,
      })
      .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const first = await trx
        .selectFrom('deposits')
        .select(['id', 'channel_id', 'amount_minor'])
        .where('member_id', '=', member.memberId)
        .where('idempotency_key', '=', req.key)
        .executeTakeFirstOrThrow();
      if (first.channel_id !== req.channelId || first.amount_minor !== req.amountMinor) throw conflict(DEPOSIT_MESSAGES.keyReused);
      return first.id;
    }
    // The member's own deposit limits, on a new order only (a replay answers the first): the approval
    // checks them again where it credits (docs/0102). A refusal takes the order back with it.
    await assertDepositRoom(trx, { memberId: member.memberId, amountMinor: req.amountMinor, now: deps.clock() });
    if (runner && autoSettle !== null) {
      await runner.send<TDepositSettleJob>(
        DEPOSIT_SETTLE_QUEUE,
        { merchantId: merchant.id, depositId: inserted.id },
        { trx, idempotencyKey: `deposit:${inserted.id}:settle`, startAfter: new Date(Date.now() + autoSettle * 1000) },
      );
    }
    return inserted.id;
  });
  const { memberId: _m, username: _u, firstApprovedBy: _f, ...deposit } = (await depositById(deps.db, merchant.id, id))!;
  return deposit;
}

/** Who decides a deposit: an operator (audited) or the settle job (null). */
export type TDepositDecider = { op: TSessionOperator; ip: string } | null;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Four eyes on manual approvals (docs/0066): whether crediting this deposit on one operator's word
 * would take the member's deposits approved by one operator alone in the last 24 hours above the
 * merchant's `deposit_four_eyes_minor`. The member's row is locked first, so parallel approvals of
 * one member's deposits are counted one after the other (splitting does not pass).
 */
async function needsSecondApprover(trx: Transaction<DB>, at: { merchantId: number; memberId: number; amountMinor: number; now: Date }): Promise<boolean> {
  await lockMembers(trx, [at.memberId]);
  const [m, solo] = await Promise.all([
    trx.selectFrom('merchants').select('deposit_four_eyes_minor').where('id', '=', at.merchantId).executeTakeFirstOrThrow(),
    trx
      .selectFrom('deposits')
      .select(sql<number>`coalesce(sum(amount_minor), 0)::bigint`.as('total'))
      .where('member_id', '=', at.memberId)
      .where('status', '=', 'approved')
      .where('decided_by', 'is not', null)
      .where('first_approved_by', 'is', null)
      .where('decided_at', '>', new Date(at.now.getTime() - DAY_MS))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(solo.total) + at.amountMinor > m.deposit_four_eyes_minor;
}

/**
 * Approves or rejects a pending deposit in the caller's transaction: locks the deposit row, checks
 * it is pending, then (approve) moves the amount from the merchant's deposit clearing to the
 * member's wallet with the key `deposit:<id>` owned by the system, so the operator and the settle
 * job can never both credit it. Answers false (and changes nothing) when it is not pending.
 * An operator's approval above the four-eyes limit only records the first approver; a different
 * operator's approval then credits it, and the first approver's is refused (docs/0066).
 */
export async function decideDepositIn(
  trx: Transaction<DB>,
  at: { merchantId: number; depositId: number; decision: 'approve' | 'reject'; remark?: string; by: TDepositDecider },
): Promise<boolean> {
  const row = await trx
    .selectFrom('deposits')
    .innerJoin('merchants', 'merchants.id', 'deposits.merchant_id')
    .select([
      'deposits.id',
      'deposits.member_id',
      'deposits.amount_minor',
      'deposits.status',
      'deposits.reference',
      'deposits.first_approved_by',
      'merchants.currency',
    ])
    .where('deposits.merchant_id', '=', at.merchantId)
    .where('deposits.id', '=', at.depositId)
    // The deposit row only: a lock on the joined merchant row would make every money path of the merchant wait behind it (docs/0080).
    .forNoKeyUpdate('deposits')
    .executeTakeFirst();
  if (!row) throw wpsErrors.notFound();
  if (row.status !== 'pending') return false;
  if (at.decision === 'approve' && at.by) {
    if (row.first_approved_by === at.by.op.operatorId) throw new WpsError(403, DEPOSIT_MESSAGES.depositSecondOperator);
    const now = new Date();
    if (
      row.first_approved_by === null &&
      (await needsSecondApprover(trx, { merchantId: at.merchantId, memberId: row.member_id, amountMinor: row.amount_minor, now }))
    ) {
      await trx.updateTable('deposits').set({ first_approved_by: at.by.op.operatorId, first_approved_at: now }).where('id', '=', row.id).execute();
      await recordOperatorAudit(trx, {
        merchantId: at.merchantId,
        actor: at.by.op,
        ip: at.by.ip,
        action: 'deposit.approve.first',
        before: { depositId: row.id, reference: row.reference, status: 'pending' },
        after: {
          depositId: row.id,
          reference: row.reference,
          status: 'pending',
          amountMinor: row.amount_minor,
          memberId: row.member_id,
          awaitsSecondOperator: true,
        },
        configVersion: null,
      });
      return true;
    }
  }
  let transactionId: number | null = null;
  const approvedAt = new Date();
  // The member's deposit limits, in the crediting transaction (docs/0102): an order placed before a limit is refused here.
  if (at.decision === 'approve') await assertNotExcluded(trx, at.merchantId, row.member_id, 'deposit_approval', approvedAt);
  if (at.decision === 'approve') await assertDepositRoom(trx, { memberId: row.member_id, amountMinor: row.amount_minor, now: approvedAt });
  // The member's account state, under the lock assertDepositRoom took (docs/rules/protection.md#p-31).
  if (at.decision === 'approve') await assertAccountAllows(trx, row.member_id, 'deposit');
  // The owner's emergency stop of money movement (docs/rules/operator.md#o-12): nothing is credited; a rejection still is.
  if (at.decision === 'approve') await assertNotStopped(trx, at.merchantId, 'money');
  // A joined deposit match (docs/0096): the member locked before the ledger (docs/0080), paid in this transaction.
  const match =
    at.decision === 'approve' ? await depositMatchFor(trx, at.merchantId, { memberId: row.member_id, amountMinor: row.amount_minor, now: approvedAt }) : null;
  if (match) await lockMembers(trx, [row.member_id], at.merchantId);
  if (at.decision === 'approve') {
    const merchant = { id: at.merchantId, currency: row.currency };
    const clearing = await accountFor(trx, merchant, 'deposit_clearing');
    const wallet = await accountFor(trx, merchant, 'member_wallet', { memberId: row.member_id });
    const result = await transfer(trx, {
      from: clearing,
      to: wallet,
      amountMinor: row.amount_minor,
      owner: { kind: 'system', id: 0 },
      idempotencyKey: `deposit:${row.id}`,
      kind: 'deposit',
      meta: { depositId: row.id },
    });
    transactionId = result.transactionId;
  }
  const status = at.decision === 'approve' ? 'approved' : 'rejected';
  await trx
    .updateTable('deposits')
    .set({
      status,
      ledger_transaction_id: transactionId,
      decided_by: at.by?.op.operatorId ?? null,
      decided_at: new Date(),
      ...(at.remark ? { remark: at.remark } : {}),
    })
    .where('id', '=', row.id)
    .execute();
  if (match)
    await awardDepositMatch(trx, { id: at.merchantId, currency: row.currency }, match, {
      memberId: row.member_id,
      depositId: row.id,
      amountMinor: row.amount_minor,
      now: approvedAt,
    });
  if (at.by) {
    await recordOperatorAudit(trx, {
      merchantId: at.merchantId,
      actor: at.by.op,
      ip: at.by.ip,
      action: `deposit.${at.decision}`,
      before: { depositId: row.id, reference: row.reference, status: 'pending' },
      after: {
        depositId: row.id,
        reference: row.reference,
        status,
        amountMinor: row.amount_minor,
        memberId: row.member_id,
        ...(at.remark ? { remark: at.remark } : {}),
      },
      configVersion: null,
    });
  }
  return true;
}

/** The operator approves or rejects a deposit; a deposit already decided answers 409 deposit_not_pending. */
export async function decideDeposit(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: { depositId: number; decision: 'approve' | 'reject'; remark?: string },
): Promise<TOperatorDeposit> {
  try {
    const changed = await inTransaction(deps.db, (trx) =>
      decideDepositIn(trx, { merchantId: merchant.id, depositId: req.depositId, decision: req.decision, remark: req.remark ?? '', by: { op, ip } }),
    );
    if (!changed) throw conflict(DEPOSIT_MESSAGES.notPending);
  } catch (error) {
    if (error instanceof LedgerError) throw new WpsError(WPS_CODES.internal, `ledger_${error.reason}`);
    throw error;
  }
  const decided = (await depositById(deps.db, merchant.id, req.depositId))!;
  // An approved deposit may reach a VIP level: upgrades are immediate (docs/0091).
  if (decided.status === 'approved') await upgradeIfQualified(deps.db, merchant, decided.memberId, deps.clock());
  // A referred friend's deposit may complete the referral's conditions: settled now, not at the next run (docs/0097).
  if (decided.status === 'approved') await settleFriend(deps.db, merchant, decided.memberId, deps.clock());
  return decided;
}

/** The operator's deposit list (pending by default). */
export function operatorDeposits(deps: TPlatformDeps, merchant: TMerchant, q: TOperatorDepositsQuery) {
  return merchantDeposits(deps.db, merchant.id, q);
}
