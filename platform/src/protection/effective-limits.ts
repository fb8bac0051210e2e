import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { BET_LIMIT_PERIODS, PROTECTION_LIMIT_KINDS, type TProtectionLimitKind } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** The limits a bet is checked against (docs/0104): loss and stake over their periods, and the session's length. */
export const STAKE_GATE_KINDS = [...BET_LIMIT_PERIODS.map((p) => p.kind), 'session_minutes'] as const;

/** The limits in force for a member, by kind (absent: none), and its reality-check interval in minutes (null: none). */
export type TEffectiveLimits = {
  limits: Partial<Record<TProtectionLimitKind, number>>;
  realityCheckMinutes: number | null;
};

/** The operator's limits of one kind: for this member, for every member of the merchant. */
export type TOperatorLimits = Record<TProtectionLimitKind, { member: number | null; merchant: number | null }>;

/** The lower of two limits, either absent (null: no limit). */
export const lowerLimit = (a: number | null | undefined, b: number | null | undefined): number | null =>
  a === null || a === undefined ? (b ?? null) : b === null || b === undefined ? a : Math.min(a, b);

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
 * The member's limits in force now (docs/0104, docs/rules/protection.md#p-32): of each kind, the
 * lowest of the member's own limit and the operator's limits for this member and for the whole
 * merchant; and its reality-check interval (its own choice; without one, the merchant's default).
 * The one place every check reads limits from (the deposit room, the stake gate, the session), so an
 * operator's limit binds wherever the member's own would. A new kind of limit must also be seen by
 * `stakeGateNeeded` below.
 */
export async function effectiveLimits(db: TDb, merchantId: number, memberId: number): Promise<TEffectiveLimits> {
  const [rows, ops, own, merchant] = await Promise.all([
    db.selectFrom('protection_limits').select(['kind', 'value']).where('member_id', '=', memberId).execute(),
    operatorLimits(db, merchantId, memberId),
    db.selectFrom('protection_reality_checks').select('interval_minutes').where('member_id', '=', memberId).where('chosen', '=', true).executeTakeFirst(),
    db.selectFrom('protection_settings').select('reality_check_minutes').where('merchant_id', '=', merchantId).executeTakeFirst(),
  ]);
  const limits: TEffectiveLimits['limits'] = {};
  for (const k of PROTECTION_LIMIT_KINDS) {
    const v = lowerLimit(ops[k].member, ops[k].merchant);
    if (v !== null) limits[k] = v;
  }
  for (const r of rows) limits[r.kind as TProtectionLimitKind] = lowerLimit(limits[r.kind as TProtectionLimitKind], Number(r.value))!;
  return { limits, realityCheckMinutes: own ? own.interval_minutes : (merchant?.reality_check_minutes ?? null) };
}

/**
 * Whether a bet of the member must pass the stake gate at all, as one SQL expression a statement of
 * the bet already runs can carry (lockBetSlot's RETURNING): a loss, stake or session limit (its own
 * or an operator's), a reality check (the member's own, or the merchant's default when the member
 * never chose), a closed account (docs/0105) or an operator's block of its bets (docs/0106). A member
 * with none of them costs the bet a few index probes and nothing else (docs/0104).
 */
export function stakeGateNeeded(merchantId: number, memberId: number): RawBuilder<boolean> {
  const kinds = sql.join(STAKE_GATE_KINDS.map((k) => sql.lit(k)));
  // A closed account: its own open closure, or another's whose person matches its mobile or e-mail
  // (the keys kernel/closure.ts personKeys makes, here in SQL).
  const closed = sql<boolean>`exists (select 1 from protection_exclusions e, members m where m.id = ${memberId} and e.reopened_at is null
    and (e.member_id = m.id or e.mobile_key = right(regexp_replace(m.mobile_num, '\D', '', 'g'), 10) or e.email_key = lower(trim(m.email))))`;
  const blocked = sql<boolean>`exists (select 1 from member_account_states where member_id = ${memberId} and (bet_blocked or suspended or full_block))`;
  const operator = sql<boolean>`exists (select 1 from protection_operator_limits where merchant_id = ${merchantId}
    and (member_id is null or member_id = ${memberId}) and kind in (${kinds}))`;
  // docs/rules/operator.md#o-12: the owner stopped all gaming.
  const stopped = sql<boolean>`exists (select 1 from emergency_stops where merchant_id = ${merchantId} and part = 'gaming')`;
  return sql<boolean>`(${closed} or ${blocked} or ${operator} or ${stopped} or exists (select 1 from protection_limits where member_id = ${memberId} and kind in (${kinds}))
    or exists (select 1 from protection_reality_checks where member_id = ${memberId} and chosen and interval_minutes is not null)
    or (not exists (select 1 from protection_reality_checks where member_id = ${memberId} and chosen)
        and exists (select 1 from protection_settings where merchant_id = ${merchantId} and reality_check_minutes is not null)))`;
}
