import type { Transaction, Updateable } from 'kysely';
import { WITHDRAW_MESSAGES, type TOperatorWithdrawal } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { conflict } from '../http/errors.ts';
import { accountFor, inTransaction, transfer } from '../wallet/ledger.service.ts';
import { merchantMoney, toWithdrawal, withProofs, withdrawalRows, type TWithdrawalRow } from './withdraw.queries.ts';
import { CONFIRM_QUEUE } from './withdraw.service.ts';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import { assertNotStopped } from '../kernel/emergency-stop.ts';

/** Ledger keys derived from a withdrawal are the system's, not a member's or an operator's (docs/0026). */
const SYSTEM_OWNER = { kind: 'system', id: 0 } as const;

function toOperatorWithdrawal(r: TWithdrawalRow, proofIds: string[]): TOperatorWithdrawal {
  return { ...toWithdrawal(r, proofIds), memberId: r.member_id, username: r.username, holderName: r.holder_name };
}

/** The operator's lists: pending withdrawals, oldest first; disputes (docs/0029), latest answers first. */
export async function operatorWithdrawals(
  deps: TPlatformDeps,
  merchantId: number,
  view: 'pending' | 'disputes',
): Promise<{ withdrawals: TOperatorWithdrawal[] }> {
  const base = withdrawalRows(deps.db).where('w.merchant_id', '=', merchantId);
  const rows =
    view === 'pending'
      ? await base.where('w.status', '=', 'pending').orderBy('w.created_at').orderBy('w.id').limit(200).execute()
      : await base
          .where('w.status', 'in', ['partly_received', 'not_received', 'auto_received'])
          .orderBy('w.answered_at', 'desc')
          .orderBy('w.id', 'desc')
          .limit(200)
          .execute();
  const withP = await withProofs(deps.db, rows);
  return { withdrawals: rows.map((r, i) => toOperatorWithdrawal(r, withP[i]!.proofIds)) };
}

async function lockPending(trx: Transaction<DB>, merchantId: number, withdrawalId: number) {
  const w = await trx
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', withdrawalId)
    .where('merchant_id', '=', merchantId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!w) throw wpsErrors.notFound();
  if (w.status !== 'pending') throw conflict(WITHDRAW_MESSAGES.notPending);
  return w;
}

async function operatorView(trx: Transaction<DB>, withdrawalId: number): Promise<TOperatorWithdrawal> {
  const row = await withdrawalRows(trx).where('w.id', '=', withdrawalId).executeTakeFirstOrThrow();
  return toOperatorWithdrawal(row, []);
}

type TPendingRow = Awaited<ReturnType<typeof lockPending>>;

/**
 * What an operator's decision does to the member's withdrawal hold: paying moves it to the payout
 * account (withdraw_payout), rejecting back to the wallet (withdraw_reject); the key
 * `withdrawal:<id>:<decision>` is the system's.
 */
const DECISIONS = {
  pay: {
    status: 'paid',
    kind: 'withdraw_payout',
    action: 'withdrawal.pay',
    to: (trx: Transaction<DB>, merchant: TMerchant, _w: TPendingRow) => accountFor(trx, merchant, 'withdrawal_payout'),
  },
  reject: {
    status: 'rejected',
    kind: 'withdraw_reject',
    action: 'withdrawal.reject',
    to: (trx: Transaction<DB>, merchant: TMerchant, w: TPendingRow) => accountFor(trx, merchant, 'member_wallet', { memberId: w.member_id }),
  },
} as const;

/**
 * Decides a pending withdrawal in one transaction: locks it (not pending → 409), moves the hold as
 * the decision says, sets the status with the decider and what `finish` adds, and audits it.
 */
async function decidePending(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  d: { withdrawalId: number; decision: keyof typeof DECISIONS },
  finish: (trx: Transaction<DB>, w: TPendingRow) => Promise<{ set: Updateable<DB['withdrawals']>; after: Record<string, unknown> }>,
): Promise<TOperatorWithdrawal> {
  const decision = DECISIONS[d.decision];
  return inTransaction(deps.db, async (trx) => {
    const w = await lockPending(trx, merchant.id, d.withdrawalId);
    // The owner's emergency stop of money movement (docs/rules/operator.md#o-12): nothing is paid out; a rejection returns the hold.
    if (d.decision === 'pay') await assertNotStopped(trx, merchant.id, 'money');
    const hold = await accountFor(trx, merchant, 'member_withdrawal_hold', { memberId: w.member_id });
    await transfer(trx, {
      from: hold,
      to: await decision.to(trx, merchant, w),
      amountMinor: Number(w.amount_minor),
      owner: SYSTEM_OWNER,
      idempotencyKey: `withdrawal:${w.id}:${d.decision}`,
      kind: decision.kind,
      meta: { withdrawalId: w.id },
    });
    const { set, after } = await finish(trx, w);
    await trx
      .updateTable('withdrawals')
      .set({ ...set, status: decision.status, decided_by: op.operatorId })
      .where('id', '=', w.id)
      .execute();
    // The audit's after is its before with the new status and what the decision added.
    const before = { withdrawalId: w.id, status: 'pending' };
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: decision.action,
      before,
      after: { ...before, status: decision.status, ...after },
      configVersion: null,
    });
    return operatorView(trx, w.id);
  });
}

/**
 * The operator pays (money.write): hold → withdrawal payout (withdraw_payout), paid_at and
 * confirm_due_at = paid_at + the merchant's window; the confirmation job is enqueued in the same
 * transaction, to run when the window ends. Audited. A second pay is refused (not pending).
 */
export async function payWithdrawal(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  withdrawalId: number,
): Promise<TOperatorWithdrawal> {
  const runner = deps.jobs ? await deps.jobs() : null;
  const now = deps.clock();
  return decidePending(deps, merchant, op, ip, { withdrawalId, decision: 'pay' }, async (trx, w) => {
    const settings = await merchantMoney(trx, merchant.id);
    const due = new Date(now.getTime() + settings.withdraw_confirm_minutes * 60_000);
    if (runner) await runner.send(CONFIRM_QUEUE, { withdrawalId: w.id }, { trx, startAfter: due, idempotencyKey: `withdrawal:${w.id}:confirm` });
    return { set: { paid_at: now, confirm_due_at: due }, after: { amountMinor: Number(w.amount_minor), confirmDueAt: due.toISOString() } };
  });
}

/** The operator rejects (money.write): hold → wallet (withdraw_reject), with a remark. Audited. */
export async function rejectWithdrawal(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: { withdrawalId: number; remark: string },
): Promise<TOperatorWithdrawal> {
  const now = deps.clock();
  return decidePending(deps, merchant, op, ip, { withdrawalId: req.withdrawalId, decision: 'reject' }, async () => ({
    set: { remark: req.remark, answered_at: null },
    after: { remark: req.remark, at: now.toISOString() },
  }));
}
