import { sql, type Kysely, type Transaction } from 'kysely';
import type { TPointEntryType, TPointSource } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** A merchant's exchange ratio and minimum; a merchant without a row has conversion closed. */
export type TPointsSettings = { exchangePoints: number; exchangeMinor: number; minConvertPoints: number };

export async function pointsSettings(db: TDb, merchantId: number): Promise<TPointsSettings> {
  const row = await db.selectFrom('points_settings').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
  return row
    ? { exchangePoints: row.exchange_points, exchangeMinor: Number(row.exchange_minor), minConvertPoints: Number(row.min_convert_points) }
    : { exchangePoints: 0, exchangeMinor: 0, minConvertPoints: 1 };
}

/** The merchant's earn rates by source (points per 100 units of currency); a source without a row earns nothing. */
export async function earnRates(db: TDb, merchantId: number): Promise<Map<TPointSource, number>> {
  const rows = await db.selectFrom('points_earn_rates').select(['source', 'points_per_100']).where('merchant_id', '=', merchantId).execute();
  return new Map(rows.map((r) => [r.source, r.points_per_100]));
}

/** A member's points (0 before the first change). */
export async function pointsBalance(db: TDb, memberId: number): Promise<number> {
  const row = await db.selectFrom('points_balances').select('balance').where('member_id', '=', memberId).executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

/** One change of a member's points: signed, with what it is and what it refers to. */
export type TPointsChange = { merchantId: number; memberId: number; type: TPointEntryType; points: number; reference: string; remark?: string | null };

/**
 * Changes a member's points and appends the record row, in one statement (docs/0113): a credit
 * adds to the balance (creating it), a debit is guarded (`balance >= points`, re-checked by the
 * database after any wait for the row), so parallel debits can never overdraw. Null when a debit
 * finds too few points: nothing was written. Answers the record row's id and the balance after.
 */
export async function changePoints(trx: Transaction<DB>, c: TPointsChange): Promise<{ entryId: number; balance: number } | null> {
  if (!Number.isSafeInteger(c.points) || c.points === 0) throw new Error(`points change of ${c.points}`);
  const moved =
    c.points > 0
      ? sql`insert into points_balances (member_id, merchant_id, balance) values (${c.memberId}, ${c.merchantId}, ${c.points})
            on conflict (member_id) do update set balance = points_balances.balance + excluded.balance
            returning balance`
      : sql`update points_balances set balance = balance + ${c.points} where member_id = ${c.memberId} and balance >= ${-c.points} returning balance`;
  const { rows } = await sql<{ id: number | string; balance_after: number | string }>`
    with b as (${moved})
    insert into points_entries (merchant_id, member_id, type, points, balance_after, reference, remark)
    select ${c.merchantId}::integer, ${c.memberId}::integer, ${c.type}::text, ${c.points}::bigint, b.balance, ${c.reference}::text, ${c.remark ?? null}::text from b
    returning id, balance_after`.execute(trx);
  const row = rows[0];
  return row ? { entryId: Number(row.id), balance: Number(row.balance_after) } : null;
}

/** The source of points a game type earns under (SPEC §3: live, lott, pvp, rng, sports); docs/0113 maps the other categories. */
export const SOURCE_OF_GAME_TYPE = sql`case r.game_type
  when 'LIVE' then 'live'
  when 'LOTT' then 'lott' when 'ELOTT' then 'lott'
  when 'PVP' then 'pvp' when 'COCKFIGHT' then 'pvp'
  when 'RNG' then 'rng' when 'FISH' then 'rng' when 'CRASH' then 'rng'
  when 'SPORTS' then 'sports' when 'ESPORTS' then 'sports'
  else null end`;
