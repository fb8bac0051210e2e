import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** One entry of a member's security audit trail (migration 0014). */
export type TMemberAuditEntry = { merchantId: number; memberId: number; action: string; detail?: string; ip: string };

/**
 * Appends to the member's security audit trail, in the change's transaction. Detail and IP are cut
 * to their columns' widths here, so no caller can fail a change by auditing a long value.
 */
export async function recordMemberAudit(db: Kysely<DB> | Transaction<DB>, e: TMemberAuditEntry): Promise<void> {
  await db
    .insertInto('member_audit')
    .values({ merchant_id: e.merchantId, member_id: e.memberId, action: e.action, detail: (e.detail ?? '').slice(0, 200), ip: e.ip.slice(0, 64) })
    .execute();
}
