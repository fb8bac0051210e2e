import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/*
 * The merchant's local day (docs/0125): `merchants.tz_offset_minutes` east of UTC, the offset its
 * agent periods already use. Missions, leaderboards and the login days of tickets count in it, so a
 * member's "today" is the day on its own clock.
 */

type TDb = Kysely<DB> | Transaction<DB>;
const DAY_MS = 86_400_000;

/** The merchant's offset east of UTC in minutes: its local day (docs/0125). */
export async function merchantOffsetMinutes(db: TDb, merchantId: number): Promise<number> {
  const row = await db.selectFrom('merchants').select('tz_offset_minutes').where('id', '=', merchantId).executeTakeFirstOrThrow();
  return row.tz_offset_minutes;
}

/** The local day (`offsetMinutes` east of UTC) holding `now`. */
export function dayOf(now: Date, offsetMinutes: number): { start: Date; end: Date } {
  const offset = offsetMinutes * 60_000;
  const start = new Date(Math.floor((now.getTime() + offset) / DAY_MS) * DAY_MS - offset);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** The local week (Monday 00:00 to Monday 00:00, `offsetMinutes` east of UTC) holding `now`. */
export function weekOf(now: Date, offsetMinutes: number): { start: Date; end: Date } {
  const day = dayOf(now, offsetMinutes).start;
  const sinceMonday = (new Date(day.getTime() + offsetMinutes * 60_000).getUTCDay() + 6) % 7;
  const start = new Date(day.getTime() - sinceMonday * DAY_MS);
  return { start, end: new Date(start.getTime() + 7 * DAY_MS) };
}

/** The local day of a timestamp column as 'YYYY-MM-DD', `offsetMinutes` east of UTC (a number, or a column of minutes). */
export function localDaySql(column: RawBuilder<unknown>, offsetMinutes: number | RawBuilder<unknown>): RawBuilder<string> {
  const offset =
    typeof offsetMinutes === 'number' ? sql`interval ${sql.lit(`${Math.trunc(offsetMinutes)} minutes`)}` : sql`make_interval(mins => ${offsetMinutes})`;
  return sql<string>`to_char((${column} at time zone 'UTC') + ${offset}, 'YYYY-MM-DD')`;
}
