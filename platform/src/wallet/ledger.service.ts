import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isCheckViolation, isRetryableTransactionError } from '../db/errors.ts';
import type { DB, TLedgerAccountKind } from '../db/schema.ts';
import { checkCommitDeadline } from '../db/call-deadline.ts';

/** What a ledger account is for (migration 0010, docs/0026). */
export type TLedgerPurpose = TLedgerAccountKind;

/** Purposes that belong to one member (balance never below zero). */
export const MEMBER_PURPOSES: readonly TLedgerPurpose[] = ['member_wallet', 'member_withdrawal_hold', 'member_merchant_wallet', 'agent_wallet', 'member_bonus'];

/**
 * Who sent an idempotency key. Keys are unique per (merchant, owner): a member's key never collides
 * with, or answers for, another member's or an operator's transaction.
 */
export type TLedgerOwner = { kind: 'member' | 'operator' | 'system' | 'provider'; id: number };

/** Plain values stored beside a transaction (what it is about: a deposit id, a remark). */
export type TLedgerMeta = Readonly<Record<string, string | number | boolean | null>>;

/** The only way money moves (DESIGN.md house rule): a double-entry transfer with an idempotency key. */
export type TTransferArgs = {
  /** Ledger account ids (see accountFor). */
  from: number;
  to: number;
  /** Positive integer in minor units. */
  amountMinor: number;
  owner: TLedgerOwner;
  idempotencyKey: string;
  /** What kind of movement this is (deposit, withdraw_hold, transfer_upline, …): the record's type. */
  kind: string;
  meta?: TLedgerMeta;
};

/**
 * Result of a transfer: the transaction id, whether this call created it (false on a replay), and
 * both accounts' balances after it (on a replay, as they are now). An account kept in shards (no
 * member, docs/0089) answers null: its balance is the sum of shards other transfers move meanwhile
 * (read it with accountBalance). A member's account always answers its balance.
 */
export type TTransferResult = { transactionId: number; created: boolean; fromBalanceMinor: number | null; toBalanceMinor: number | null };

/** The balance a transfer answered for a member's account, which is never kept in shards (docs/0089). */
export function memberBalance(balanceMinor: number | null): number {
  if (balanceMinor === null) throw new Error('a member account answered no balance: it is kept in shards');
  return balanceMinor;
}

export type TLedgerRefusal = 'insufficient_funds' | 'invalid_amount' | 'invalid_key' | 'unknown_account' | 'same_account' | 'key_reused';

/** A transfer the ledger refuses; nothing was written. */
export class LedgerError extends Error {
  constructor(readonly reason: TLedgerRefusal) {
    super(`ledger refused the transfer: ${reason}`);
    this.name = 'LedgerError';
  }
}

const MAX_ATTEMPTS = 5;
export const MAX_KEY_LENGTH = 200;

/**
 * Runs `work` in a transaction, again (at most 5 times) when the database aborted it for a deadlock
 * or a serialization failure. `work` must be safe to run again: everything it wrote was rolled back.
 * Business rows first, ledger last (transfer locks its accounts in id order) keeps deadlocks rare.
 * A gateway call whose deadline passed by the commit is rolled back and answered busy (docs/0078).
 */
export async function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        const result = await work(trx);
        // Past the gateway's deadline nothing commits: the caller's retry finds no trace (docs/0078).
        await checkCommitDeadline(db);
        return result;
      });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
    }
  }
}

/** What makes two sends of one key the same request. */
function requestHash(args: TTransferArgs): string {
  const meta = Object.entries(args.meta ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([args.from, args.to, args.amountMinor, args.kind, meta]))
    .digest('base64url');
}

/** Checks what needs no database; throws LedgerError. */
function checkArgs(args: TTransferArgs): void {
  if (!Number.isSafeInteger(args.amountMinor) || args.amountMinor <= 0) throw new LedgerError('invalid_amount');
  if (args.from === args.to) throw new LedgerError('same_account');
  const key = args.idempotencyKey;
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH || key.includes('\u0000')) throw new LedgerError('invalid_key');
  if (!Number.isSafeInteger(args.owner.id)) throw new LedgerError('invalid_key');
}

/**
 * Moves amountMinor from one account to another, exactly once per (owner, key). The same key with
 * the same request answers the first transaction (created=false); with a different request it is
 * refused (key_reused). A member-owned account never goes below zero (a CHECK in the database);
 * a refusal writes nothing. Both accounts are locked in id order, so opposite transfers never
 * deadlock. One statement (docs/0080), which also answers both balances after it; callers lock in
 * that record's order (members before the ledger, audits after). Runs inside the given
 * transaction, or in its own (retried on deadlock) when given the database.
 */
export async function transfer(db: Kysely<DB> | Transaction<DB>, args: TTransferArgs): Promise<TTransferResult> {
  checkArgs(args);
  if (db.isTransaction) return transferIn(db as Transaction<DB>, args);
  return inTransaction(db, (trx) => transferIn(trx, args));
}

/** What wl_ledger_transfer answers (migrations 0033, 0037). */
type TTransferRow = {
  transaction_id: number | string | null;
  created: boolean;
  refusal: 'unknown_account' | 'key_reused' | null;
  from_balance: number | string | null;
  to_balance: number | string | null;
};

/**
 * A string as an SQL literal: E'…' with every backslash and quote escaped, which reads back as the
 * same string whatever standard_conforming_strings says. A NUL (which ends a query's text) is refused.
 */
export function textLiteral(value: string): string {
  if (value.includes('\u0000')) throw new LedgerError('invalid_key');
  return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** A safe integer as an SQL literal (anything else is refused before it could reach the text). */
function integerLiteral(value: number): string {
  if (!Number.isSafeInteger(value)) throw new LedgerError('invalid_amount');
  return String(value);
}

/**
 * One statement per transfer (docs/0080): the steps and their lock order are in migrations 0033 and
 * 0037. Its values are written into its text as checked literals (docs/0089): a statement without
 * parameters goes through the simple protocol, one message where PGlite's extended protocol takes
 * six (parse, describe, bind, describe, execute, sync), which cost a fifth of a transfer there.
 */
async function transferIn(trx: Transaction<DB>, args: TTransferArgs): Promise<TTransferResult> {
  let row: TTransferRow;
  try {
    const values = [
      `${integerLiteral(args.from)}::integer`,
      `${integerLiteral(args.to)}::integer`,
      `${integerLiteral(args.amountMinor)}::bigint`,
      `${textLiteral(args.owner.kind)}::text`,
      `${integerLiteral(args.owner.id)}::integer`,
      `${textLiteral(args.idempotencyKey)}::text`,
      `${textLiteral(requestHash(args))}::text`,
      `${textLiteral(args.kind)}::text`,
      `${textLiteral(JSON.stringify(args.meta ?? {}))}::jsonb`,
    ];
    const result = await sql.raw<TTransferRow>(`select * from wl_ledger_transfer(${values.join(', ')})`).execute(trx);
    row = result.rows[0]!;
  } catch (error) {
    if (isCheckViolation(error)) throw new LedgerError('insufficient_funds');
    throw error;
  }
  if (row.refusal !== null) throw new LedgerError(row.refusal);
  return {
    transactionId: Number(row.transaction_id),
    created: row.created,
    fromBalanceMinor: row.from_balance === null ? null : Number(row.from_balance),
    toBalanceMinor: row.to_balance === null ? null : Number(row.to_balance),
  };
}

/**
 * Whether an owner already used an idempotency key: the ledger will answer that call as the first
 * one. A rule checked before a transfer (a deposit limit) must not refuse the replay of a transfer
 * it let through (docs/0102).
 */
export async function ledgerKeyUsed(db: Kysely<DB> | Transaction<DB>, owner: TLedgerOwner, idempotencyKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The ledger account for a purpose, created on first use: per member for member purposes, per
 * merchant otherwise; `code` names the merchant wallet or the game vendor ('' for the rest).
 */
export async function accountFor(
  db: Kysely<DB> | Transaction<DB>,
  merchant: { id: number; currency: string },
  purpose: TLedgerPurpose,
  options: { memberId?: number; code?: string } = {},
): Promise<number> {
  const memberId = options.memberId ?? null;
  const code = options.code ?? '';
  if (MEMBER_PURPOSES.includes(purpose) !== (memberId !== null))
    throw new Error(`ledger purpose ${purpose} ${memberId === null ? 'needs' : 'takes no'} member`);
  const find = () => {
    let query = db.selectFrom('ledger_accounts').select('id').where('merchant_id', '=', merchant.id).where('kind', '=', purpose).where('code', '=', code);
    query = memberId === null ? query.where('member_id', 'is', null) : query.where('member_id', '=', memberId);
    return query.executeTakeFirst();
  };
  const found = await find();
  if (found) return found.id;
  // A racing creator wins on the unique index; then its row is read.
  await db
    .insertInto('ledger_accounts')
    .values({ merchant_id: merchant.id, member_id: memberId, kind: purpose, code, currency: merchant.currency })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await find())!.id;
}

/** A member's main wallet account id (created with the member). */
export async function memberWalletId(db: Kysely<DB> | Transaction<DB>, memberId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'member_wallet')
    .where('code', '=', '')
    .executeTakeFirst();
  return row?.id;
}

/** The merchant's opening-equity account (seed credits). */
export async function houseAccountId(db: Kysely<DB> | Transaction<DB>, merchantId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'house')
    .where('member_id', 'is', null)
    .executeTakeFirst();
  return row?.id;
}
