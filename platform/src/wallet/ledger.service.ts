import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The only way money moves (DESIGN.md house rule): a double-entry transfer with an idempotency key. */
export type TTransferArgs = {
  /** Ledger account ids. */
  from: number;
  to: number;
  amountMinor: number;
  idempotencyKey: string;
  kind: string;
};

/** Result of a transfer: the transaction id and whether this call created it (false on a replay). */
export type TTransferResult = { transactionId: number; created: boolean };

/** A transfer the ledger refuses; nothing was written. */
export class LedgerError extends Error {
  constructor(
    readonly reason: 'insufficient_funds' | 'invalid_amount' | 'unknown_account' | 'same_account' | 'key_reused',
  ) {
    super(`ledger refused the transfer: ${reason}`);
    this.name = 'LedgerError';
  }
}

const CHECK_VIOLATION = '23514';

/**
 * Moves amountMinor from one account to another. The same idempotency key twice yields one
 * transaction (the second call returns it with created=false); an overdraft of a member wallet is
 * refused by the database CHECK and rolls everything back. Runs inside the given transaction, or in
 * its own when given the database.
 */
export async function transfer(db: Kysely<DB> | Transaction<DB>, args: TTransferArgs): Promise<TTransferResult> {
  if (!Number.isSafeInteger(args.amountMinor) || args.amountMinor <= 0) throw new LedgerError('invalid_amount');
  if (args.from === args.to) throw new LedgerError('same_account');
  if (args.idempotencyKey.length === 0 || args.idempotencyKey.length > 200) throw new LedgerError('invalid_amount');
  if (db.isTransaction) return transferIn(db as Transaction<DB>, args);
  return db.transaction().execute((trx) => transferIn(trx, args));
}

async function transferIn(trx: Transaction<DB>, args: TTransferArgs): Promise<TTransferResult> {
  const accounts = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'merchant_id'])
    .where('id', 'in', [args.from, args.to])
    .execute();
  const from = accounts.find((a) => a.id === args.from);
  const to = accounts.find((a) => a.id === args.to);
  if (!from || !to || from.merchant_id !== to.merchant_id) throw new LedgerError('unknown_account');

  // ON CONFLICT waits for a concurrent holder of the same key, then answers nothing: a replay.
  const inserted = await trx
    .insertInto('ledger_transactions')
    .values({ merchant_id: from.merchant_id, idempotency_key: args.idempotencyKey, kind: args.kind })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const existing = await trx
      .selectFrom('ledger_transactions')
      .select(['id', 'kind'])
      .where('idempotency_key', '=', args.idempotencyKey)
      .executeTakeFirstOrThrow();
    if (existing.kind !== args.kind) throw new LedgerError('key_reused');
    return { transactionId: existing.id, created: false };
  }
  try {
    await trx
      .updateTable('ledger_accounts')
      .set((eb) => ({ balance_minor: eb('balance_minor', '-', args.amountMinor) }))
      .where('id', '=', args.from)
      .execute();
  } catch (err) {
    if ((err as { code?: string }).code === CHECK_VIOLATION) throw new LedgerError('insufficient_funds');
    throw err;
  }
  await trx
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance_minor: eb('balance_minor', '+', args.amountMinor) }))
    .where('id', '=', args.to)
    .execute();
  await trx
    .insertInto('ledger_entries')
    .values([
      { transaction_id: inserted.id, account_id: args.from, amount_minor: -args.amountMinor },
      { transaction_id: inserted.id, account_id: args.to, amount_minor: args.amountMinor },
    ])
    .execute();
  return { transactionId: inserted.id, created: true };
}

/** A member's wallet account id (created with the member). */
export async function memberWalletId(db: Kysely<DB> | Transaction<DB>, memberId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'member_wallet')
    .executeTakeFirst();
  return row?.id;
}

/** The merchant's house account: the counterparty of credits and debits. */
export async function houseAccountId(db: Kysely<DB> | Transaction<DB>, merchantId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'house')
    .executeTakeFirst();
  return row?.id;
}
