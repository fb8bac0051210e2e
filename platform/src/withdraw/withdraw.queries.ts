import type { Kysely, Transaction } from 'kysely';
import type { TWithdrawal } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { maskAccountNumber } from '../kernel/masks.ts';

type TDb = Kysely<DB> | Transaction<DB>;

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** Columns a withdrawal is shown with (joined with its bank account). */
export function withdrawalRows(db: TDb) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('member_bank_accounts as b', 'b.id', 'w.bank_account_id')
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .select([
      'w.id',
      'w.merchant_id',
      'w.member_id',
      'w.reference',
      'w.amount_minor',
      'w.status',
      'w.received_minor',
      'w.remark',
      'w.paid_at',
      'w.confirm_due_at',
      'w.answered_at',
      'w.created_at',
      'b.bank_name',
      'b.account_number',
      'b.holder_name',
      'm.username',
    ]);
}

/** The merchant's withdrawal limits, confirmation window and payout-account cooling-off. */
export function merchantMoney(db: TDb, merchantId: number) {
  return db
    .selectFrom('merchants')
    .select(['withdraw_min_minor', 'withdraw_max_minor', 'withdraw_daily_count', 'withdraw_confirm_minutes', 'payout_cooling_minutes'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
}

export type TWithdrawalRow = Awaited<ReturnType<ReturnType<typeof withdrawalRows>['executeTakeFirstOrThrow']>>;

/** The proof ids of some withdrawals, oldest first. */
export async function proofIdsOf(db: TDb, withdrawalIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (withdrawalIds.length === 0) return out;
  const rows = await db
    .selectFrom('withdrawal_proofs')
    .select(['id', 'withdrawal_id'])
    .where('withdrawal_id', 'in', withdrawalIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(Number(r.withdrawal_id), [...(out.get(Number(r.withdrawal_id)) ?? []), r.id]);
  return out;
}

/** A row as the wire shape (docs/rules/money.md#m-11: the remaining amount of a partly received one). */
export function toWithdrawal(r: TWithdrawalRow, proofIds: string[]): TWithdrawal {
  const amount = Number(r.amount_minor);
  const received = r.received_minor === null ? null : Number(r.received_minor);
  return {
    id: Number(r.id),
    reference: r.reference,
    amountMinor: amount,
    status: r.status,
    receivedMinor: received,
    remainingMinor: r.status === 'partly_received' && received !== null ? amount - received : null,
    remark: r.remark,
    bankName: r.bank_name,
    maskedNumber: maskAccountNumber(r.account_number),
    createdAt: iso(r.created_at)!,
    paidAt: iso(r.paid_at),
    confirmDueAt: iso(r.confirm_due_at),
    answeredAt: iso(r.answered_at),
    proofIds,
  };
}

/** Rows with their proofs, as wire shapes. */
export async function withProofs(db: TDb, rows: TWithdrawalRow[]): Promise<TWithdrawal[]> {
  const proofs = await proofIdsOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => toWithdrawal(r, proofs.get(Number(r.id)) ?? []));
}
