import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The cached balance of a member's wallet (kept equal to the sum of its entries by the ledger). */
export async function walletBalance(db: Kysely<DB>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'member_wallet')
    .executeTakeFirst();
  return row?.balance_minor ?? 0;
}

/** The balance of one ledger account, its shards summed when it is kept in shards (docs/0089). */
export async function accountBalance(db: Kysely<DB> | Transaction<DB>, accountId: number): Promise<number> {
  const { rows } = await sql<{ balance_minor: number | string }>`select balance_minor from ledger_balances where account_id = ${accountId}`.execute(db);
  if (rows.length === 0) throw new Error(`no ledger account ${accountId}`);
  return Number(rows[0]!.balance_minor);
}
