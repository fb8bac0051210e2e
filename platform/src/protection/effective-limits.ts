import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { BET_LIMIT_PERIODS, type TProtectionLimitKind } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** The limits a bet is checked against (docs/0104): loss and stake over their periods, and the session's length. */
export const STAKE_GATE_KINDS = [...BET_LIMIT_PERIODS.map((p) => p.kind), 'session_minutes'] as const;

/** The limits in force for a member, by kind (absent: none), and its reality-check interval in minutes (null: none). */
export type TEffectiveLimits = {
  limits: Partial<Record<TProtectionLimitKind, number>>;
  realityCheckMinutes: number | null;
};

/**
 * The member's limits in force now (docs/0104): today its own limits, and its reality-check interval
 * (its own choice; without one, the merchant's default). The one place a bet, a session or a page
 * reads them, so operator limits can be folded in here (the lowest of the member's and the
 * operator's) without touching the callers. When an operator limit is added, `stakeGateNeeded`
 * below must also see it.
 */
export async function effectiveLimits(db: TDb, merchantId: number, memberId: number): Promise<TEffectiveLimits> {
  const [rows, own, merchant] = await Promise.all([
    db.selectFrom('protection_limits').select(['kind', 'value']).where('member_id', '=', memberId).execute(),
    db.selectFrom('protection_reality_checks').select('interval_minutes').where('member_id', '=', memberId).where('chosen', '=', true).executeTakeFirst(),
    db.selectFrom('protection_settings').select('reality_check_minutes').where('merchant_id', '=', merchantId).executeTakeFirst(),
  ]);
  const limits: TEffectiveLimits['limits'] = {};
  for (const r of rows) limits[r.kind as TProtectionLimitKind] = Number(r.value);
  return { limits, realityCheckMinutes: own ? own.interval_minutes : (merchant?.reality_check_minutes ?? null) };
}

/**
 * Whether a bet of the member must pass the stake gate at all, as one SQL expression a statement of
 * the bet already runs can carry (lockBetSlot's RETURNING): a loss, stake or session limit, or a
 * reality check (the member's own, or the merchant's default when the member never chose), or a
 * closed account. A member
 * with none of them costs the bet three index probes and nothing else (docs/0104).
 */
export function stakeGateNeeded(merchantId: number, memberId: number): RawBuilder<boolean> {
  const kinds = sql.join(STAKE_GATE_KINDS.map((k) => sql.lit(k)));
  // A closed account (docs/0105): its own open closure, or another's whose person matches its mobile
  // or e-mail (the keys kernel/closure.ts personKeys makes, here in SQL).
  const closed = sql<boolean>`exists (select 1 from protection_exclusions e, members m where m.id = ${memberId} and e.reopened_at is null
    and (e.member_id = m.id or e.mobile_key = right(regexp_replace(m.mobile_num, '\D', '', 'g'), 10) or e.email_key = lower(trim(m.email))))`;
  return sql<boolean>`(${closed} or exists (select 1 from protection_limits where member_id = ${memberId} and kind in (${kinds}))
    or exists (select 1 from protection_reality_checks where member_id = ${memberId} and chosen and interval_minutes is not null)
    or (not exists (select 1 from protection_reality_checks where member_id = ${memberId} and chosen)
        and exists (select 1 from protection_settings where merchant_id = ${merchantId} and reality_check_minutes is not null)))`;
}
