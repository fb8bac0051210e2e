import type { Kysely, Transaction } from 'kysely';
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

/** The cached balance of one ledger account. */
export async function accountBalance(db: Kysely<DB> | Transaction<DB>, accountId: number): Promise<number> {
  const row = await db.selectFrom('ledger_accounts').select('balance_minor').where('id', '=', accountId).executeTakeFirstOrThrow();
  return Number(row.balance_minor);
}
