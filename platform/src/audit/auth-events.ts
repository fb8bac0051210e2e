import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The auth trail (`auth_events`): logins, codes sent, password and authenticator changes, of members
 * and operators alike. The kernel's, so the session, registration, verification and the operator
 * console write it without importing each other.
 */

/** Appends one event to the auth trail. */
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
