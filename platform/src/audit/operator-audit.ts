import type { Transaction } from 'kysely';
import type { TOperatorAuditAction } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TSessionOperator } from '../http/auth.ts';

/** One operator mutation for the audit log; written in the transaction of the change itself. */
export type TAuditRecord = {
  merchantId: number;
  actor: Pick<TSessionOperator, 'operatorId' | 'username'>;
  ip: string;
  action: TOperatorAuditAction;
  before: unknown;
  after: unknown;
  configVersion: number | null;
};

/** Bumps the merchant's config version in the caller's transaction; returns the new version. */
export async function bumpConfigVersion(trx: Transaction<DB>, merchantId: number): Promise<number> {
  const { config_version } = await trx
    .updateTable('merchants')
    .set((eb) => ({ config_version: eb('config_version', '+', 1) }))
    .where('id', '=', merchantId)
    .returning('config_version')
    .executeTakeFirstOrThrow();
  return config_version;
}

/** Appends to the operator audit log (config_audit); `detail` keeps the state after, as before docs/0010. */
export async function recordOperatorAudit(trx: Transaction<DB>, r: TAuditRecord): Promise<void> {
  await trx
    .insertInto('config_audit')
    .values({
      merchant_id: r.merchantId,
      operator_id: r.actor.operatorId,
      operator_username: r.actor.username,
      ip: r.ip.slice(0, 64),
      action: r.action,
      detail: JSON.stringify(r.after),
      before: JSON.stringify(r.before),
      after: JSON.stringify(r.after),
      config_version: r.configVersion,
    })
    .execute();
}

/**
 * The tail of every audited console configuration change, in the change's own transaction: bumps
 * config_version (so gateways reload) and audits the change with the version it produced.
 */
export async function auditedConfigChange(trx: Transaction<DB>, r: Omit<TAuditRecord, 'configVersion'>): Promise<void> {
  const configVersion = await bumpConfigVersion(trx, r.merchantId);
  await recordOperatorAudit(trx, { ...r, configVersion });
}
