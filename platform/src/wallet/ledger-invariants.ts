import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The money invariants of the ledger (docs/0026 "Done when"), read from the database: what breaks
 * each one. All empty (and the total unchanged) means the ledger is exact. Used by the property
 * test and the crash test.
 */
export type TLedgerViolations = {
  /** Member-owned accounts below zero. */
  negative: number[];
  /** Accounts whose balance is not the sum of their entries. */
  mismatched: number[];
  /** Transactions that are not two entries summing to zero. */
  unbalanced: number[];
  /** Idempotency keys written more than once for one owner. */
  duplicateKeys: string[];
};

export async function ledgerViolations(db: Kysely<DB>): Promise<TLedgerViolations> {
  const negative = await db.selectFrom('ledger_accounts').select('id').where('member_id', 'is not', null).where('balance_minor', '<', 0).execute();
  // An account kept in shards (docs/0089) is its row's balance plus its shards': the view sums them.
  const mismatched = await sql<{ id: number }>`
    select a.account_id as id from ledger_balances a left join ledger_entries e on e.account_id = a.account_id
    group by a.account_id, a.balance_minor having a.balance_minor <> coalesce(sum(e.amount_minor), 0)`.execute(db);
  const unbalanced = await sql<{ id: number }>`
    select t.id from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id having coalesce(sum(e.amount_minor), 0) <> 0 or count(e.id) <> 2`.execute(db);
  const duplicateKeys = await sql<{ key: string }>`
    select owner_kind || ':' || owner_id || ':' || idempotency_key as key from ledger_transactions
    group by merchant_id, owner_kind, owner_id, idempotency_key having count(*) > 1`.execute(db);
  return {
    negative: negative.map((r) => r.id),
    mismatched: mismatched.rows.map((r) => r.id),
    unbalanced: unbalanced.rows.map((r) => r.id),
    duplicateKeys: duplicateKeys.rows.map((r) => r.key),
  };
}

export const NO_VIOLATIONS: TLedgerViolations = { negative: [], mismatched: [], unbalanced: [], duplicateKeys: [] };

/** The sum of every account's balance (shards included, docs/0089): double entry moves money between accounts, never makes it. */
export async function ledgerTotal(db: Kysely<DB>): Promise<number> {
  const row = await sql<{ total: string | number }>`select coalesce(sum(balance_minor), 0) as total from ledger_balances`.execute(db);
  return Number(row.rows[0]!.total);
}
