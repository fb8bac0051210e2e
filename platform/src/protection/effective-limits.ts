import type { Kysely, Transaction } from 'kysely';
import { PROTECTION_LIMIT_KINDS, type TProtectionLimitKind } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** Each limit kind's value in force (minor units, or minutes for the session); null: no limit of that kind. */
export type TEffectiveLimits = Record<TProtectionLimitKind, number | null>;

/** The operator's limits of one kind: for this member, for every member of the merchant. */
export type TOperatorLimits = Record<TProtectionLimitKind, { member: number | null; merchant: number | null }>;

const lower = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.min(a, b));

/** The operator's limits that bear on a member: its own (member_id) and the merchant's (member_id null), docs/0106. */
export async function operatorLimits(db: TDb, merchantId: number, memberId: number | null): Promise<TOperatorLimits> {
  let q = db.selectFrom('protection_operator_limits').select(['member_id', 'kind', 'value']).where('merchant_id', '=', merchantId);
  q = memberId === null ? q.where('member_id', 'is', null) : q.where((eb) => eb.or([eb('member_id', 'is', null), eb('member_id', '=', memberId)]));
  const rows = await q.execute();
  const out = Object.fromEntries(PROTECTION_LIMIT_KINDS.map((k) => [k, { member: null, merchant: null }])) as TOperatorLimits;
  for (const r of rows) out[r.kind as TProtectionLimitKind][r.member_id === null ? 'merchant' : 'member'] = Number(r.value);
  return out;
}

/**
 * The limits in force for a member (docs/rules/protection.md#p-32): of each kind, the lowest of the
 * member's own limit and the operator's limits for this member and for the whole merchant. The one
 * place every check reads limits from (the deposit room, the stake and loss checks), so an operator's
 * limit binds wherever the member's own would.
 */
export async function effectiveLimits(db: TDb, merchantId: number, memberId: number): Promise<TEffectiveLimits> {
  const [own, ops] = await Promise.all([
    db.selectFrom('protection_limits').select(['kind', 'value']).where('member_id', '=', memberId).execute(),
    operatorLimits(db, merchantId, memberId),
  ]);
  const out = Object.fromEntries(PROTECTION_LIMIT_KINDS.map((k) => [k, lower(ops[k].member, ops[k].merchant)])) as TEffectiveLimits;
  for (const r of own) out[r.kind as TProtectionLimitKind] = lower(out[r.kind as TProtectionLimitKind], Number(r.value));
  return out;
}
