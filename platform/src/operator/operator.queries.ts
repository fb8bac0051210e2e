import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** An operator by username, case-insensitive. */
export function operatorByUsername(db: Kysely<DB>, merchantId: number, username: string) {
  return db
    .selectFrom('operators')
    .select(['id', 'name', 'password_hash'])
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

/** Bumps the merchant's config version and writes the audit row, in the caller's transaction. */
export async function bumpConfigVersion(
  trx: Transaction<DB>,
  merchantId: number,
  operatorId: number,
  action: string,
  detail: unknown,
): Promise<number> {
  const { config_version } = await trx
    .updateTable('merchants')
    .set((eb) => ({ config_version: eb('config_version', '+', 1) }))
    .where('id', '=', merchantId)
    .returning('config_version')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('config_audit')
    .values({ merchant_id: merchantId, operator_id: operatorId, action, detail: JSON.stringify(detail), config_version })
    .execute();
  return config_version;
}
