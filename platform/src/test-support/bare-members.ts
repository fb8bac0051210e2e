import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * `count` members of the seeded merchant named `<prefix><i>`, with no password and no profile: the
 * accounts of ledger loads (property test, crash test, `pnpm bench`). Answers the merchant and the
 * member ids in order.
 */
export async function insertBareMembers(db: Kysely<DB>, count: number, prefix: string): Promise<{ merchant: { id: number; currency: string }; ids: number[] }> {
  const merchant = await db.selectFrom('merchants').select(['id', 'currency']).executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('members')
    .values(
      Array.from({ length: count }, (_, i) => ({
        merchant_id: merchant.id,
        username: `${prefix}${i}`,
        nickname: `${prefix.slice(0, 1)}${i}`,
        password_hash: '-',
        type: 0,
      })),
    )
    .returning('id')
    .execute();
  return { merchant, ids: rows.map((r) => r.id) };
}
