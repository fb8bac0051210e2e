import type { Kysely, Transaction } from 'kysely';
import type { TDeposit, TDepositChannel, TDepositListQuery, TDepositListResponse, TOperatorDeposit } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

type TDb = Kysely<DB> | Transaction<DB>;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** The merchant's enabled deposit channels in their order (docs/rules/money.md#m-6 depositv2). */
export async function enabledChannels(db: TDb, merchantId: number): Promise<TDepositChannel[]> {
  const rows = await db
    .selectFrom('deposit_channels')
    .select(['id', 'code', 'name', 'min_minor', 'max_minor', 'quick_amounts_minor', 'auto_settle_seconds'])
    .where('merchant_id', '=', merchantId)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    minMinor: r.min_minor,
    maxMinor: r.max_minor,
    quickAmountsMinor: r.quick_amounts_minor,
    autoSettleSeconds: r.auto_settle_seconds,
  }));
}

/** Every channel of the merchant, enabled or not (money settings). */
export function allChannels(db: TDb, merchantId: number) {
  return db
    .selectFrom('deposit_channels')
    .select(['id', 'code', 'name', 'min_minor', 'max_minor', 'quick_amounts_minor', 'auto_settle_seconds', 'enabled'])
    .where('merchant_id', '=', merchantId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

function depositColumns(db: TDb) {
  return db
    .selectFrom('deposits')
    .innerJoin('deposit_channels', 'deposit_channels.id', 'deposits.channel_id')
    .innerJoin('members', 'members.id', 'deposits.member_id')
    .leftJoin('operators as first_approver', 'first_approver.id', 'deposits.first_approved_by')
    .select([
      'deposits.id',
      'deposits.reference',
      'deposit_channels.code as channelCode',
      'deposit_channels.name as channelName',
      'deposits.amount_minor',
      'deposits.status',
      'deposits.remark',
      'deposits.created_at',
      'deposits.decided_at',
      'deposits.member_id',
      'members.username',
      'first_approver.username as firstApprovedBy',
    ]);
}

type TDepositRow = Awaited<ReturnType<ReturnType<typeof depositColumns>['executeTakeFirstOrThrow']>>;

function toDeposit(r: TDepositRow): TDeposit {
  return {
    id: r.id,
    reference: r.reference,
    channelCode: r.channelCode,
    channelName: r.channelName,
    amountMinor: r.amount_minor,
    status: r.status,
    remark: r.remark,
    createdAt: iso(r.created_at)!,
    decidedAt: iso(r.decided_at),
  };
}

function toOperatorDeposit(r: TDepositRow): TOperatorDeposit {
  return { ...toDeposit(r), memberId: r.member_id, username: r.username, firstApprovedBy: r.firstApprovedBy };
}

/** One deposit of a merchant with its member, or undefined. */
export async function depositById(db: TDb, merchantId: number, depositId: number): Promise<TOperatorDeposit | undefined> {
  const row = await depositColumns(db).where('deposits.merchant_id', '=', merchantId).where('deposits.id', '=', depositId).executeTakeFirst();
  return row ? toOperatorDeposit(row) : undefined;
}

/**
 * A member's own deposits, newest first, optionally one status (the deposit record page; the
 * records helper reuses it). Only ever the given member's rows.
 */
export async function memberDeposits(db: TDb, memberId: number, q: TDepositListQuery): Promise<TDepositListResponse> {
  let base = db.selectFrom('deposits').where('deposits.member_id', '=', memberId);
  if (q.status) base = base.where('deposits.status', '=', q.status);
  let rows = depositColumns(db).where('deposits.member_id', '=', memberId);
  if (q.status) rows = rows.where('deposits.status', '=', q.status);
  const [page, count] = await Promise.all([
    rows
      .orderBy('deposits.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { deposits: page.map(toDeposit), total: Number(count.n) };
}

/** The merchant's deposits of one status for the operator: pending oldest first (a queue), others newest first. */
export async function merchantDeposits(db: TDb, merchantId: number, q: { status: TDeposit['status']; pageNo: number; pageSize: number }) {
  const base = db.selectFrom('deposits').where('merchant_id', '=', merchantId).where('status', '=', q.status);
  const [page, count] = await Promise.all([
    depositColumns(db)
      .where('deposits.merchant_id', '=', merchantId)
      .where('deposits.status', '=', q.status)
      .orderBy('deposits.id', q.status === 'pending' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { deposits: page.map(toOperatorDeposit), total: Number(count.n) };
}
