import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { accountFor } from './ledger.service.ts';

/**
 * The main wallet accounts of many members of a merchant in one read (the daily money jobs pay a
 * chunk of members, docs/0099); a member without one gets it created, as accountFor would.
 */
export async function memberWallets(
  trx: Transaction<DB>,
  merchant: { id: number; currency: string },
  memberIds: readonly number[],
): Promise<Map<number, number>> {
  const found = await sql<{ member_id: number; id: number }>`
    select member_id, id from ledger_accounts
    where merchant_id = ${merchant.id} and kind = 'member_wallet' and code = '' and member_id = any(${`{${memberIds.join(',')}}`}::int[])`.execute(trx);
  const wallets = new Map(found.rows.map((r) => [Number(r.member_id), Number(r.id)]));
  for (const id of memberIds) if (!wallets.has(id)) wallets.set(id, await accountFor(trx, merchant, 'member_wallet', { memberId: id }));
  return wallets;
}
