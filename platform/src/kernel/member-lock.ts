import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Locks members' rows, in id order, before the ledger (the one lock order of every money path,
 * docs/0080): parallel money moves of one member queue here, and none holds a ledger account while
 * it waits for a member. FOR NO KEY UPDATE, never FOR UPDATE: an insert that references the member
 * (an audit row, a seamless record, a settlement) takes only a key-share lock, which this one does
 * not block, so such rows may be written after the ledger without a cycle. Throws when a member is
 * missing (or, with `merchantId`, of another merchant).
 */
export async function lockMembers(trx: Transaction<DB>, memberIds: readonly number[], merchantId?: number): Promise<void> {
  const ids = [...new Set(memberIds)];
  let query = trx.selectFrom('members').select('id').where('id', 'in', ids);
  if (merchantId !== undefined) query = query.where('merchant_id', '=', merchantId);
  const locked = await query.orderBy('id').forNoKeyUpdate().execute();
  if (locked.length !== ids.length) throw new Error(`member lock: ${ids.join(',')} not all found`);
}
