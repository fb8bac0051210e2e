import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** A member by username, case-insensitive. */
export function memberByUsername(db: Kysely<DB>, merchantId: number, username: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'password_hash', 'type', 'first_time_login', 'password_expires_at'])
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

/** Failed logins for a username key since `since` (the counting window). */
export async function recentFailures(db: Kysely<DB>, merchantId: number, key: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_throttle')
    .select('failures')
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', key)
    .where('updated_at', '>', since)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

/** Counts one more failure (a stale window restarts at 1); returns the new count. */
export async function addFailure(db: Kysely<DB>, merchantId: number, key: string, now: Date, since: Date): Promise<number> {
  const row = await db
    .insertInto('login_throttle')
    .values({ merchant_id: merchantId, username_key: key, failures: 1, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'username_key']).doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('login_throttle.updated_at', '>', since)
          .then(eb('login_throttle.failures', '+', 1))
          .else(1)
          .end(),
        updated_at: now,
      })),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

/** Appends to the auth audit table. */
export function recordAuthEvent(
  db: Kysely<DB>,
  e: { merchantId: number; memberId?: number | null; operatorId?: number | null; username: string; kind: string; ip: string },
) {
  return db
    .insertInto('auth_events')
    .values({
      merchant_id: e.merchantId,
      member_id: e.memberId ?? null,
      operator_id: e.operatorId ?? null,
      username: e.username.slice(0, 200),
      kind: e.kind,
      ip: e.ip,
    })
    .execute();
}
