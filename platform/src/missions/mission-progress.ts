import { sql, type Kysely, type Transaction } from 'kysely';
import type { TMissionTask } from '@wl/schemas';
import type { DB, TMissionTaskRow } from '../db/schema.ts';
import { dayOf, localDaySql, weekOf } from '../kernel/local-day.ts';
import { settledRounds, VALID } from '../rewards/settled-rounds.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/*
 * A mission's progress (docs/0119), counted from the server's own records over the mission's
 * period, never from anything the member sends: valid turnover and rounds from the settled rounds of
 * docs/0099 (a win row closes a round; its game type is the game code's), deposits from approved
 * (credited) deposits by their decision time, login days from the member's sessions by the local day
 * of their login. Periods are the merchant's local days (docs/0125: `merchants.tz_offset_minutes`,
 * the offset its agent periods use): a daily mission's day, a weekly mission's week from Monday
 * 00:00, a one-off mission's time since it was created.
 */

const DAY_MS = 86_400_000;

export type TPeriod = { start: Date; end: Date | null };

/** A mission's period holding `now`, in the merchant's local days. */
export function missionPeriod(m: { cadence: 'daily' | 'weekly' | 'once'; created_at: Date | string }, now: Date, offsetMinutes: number): TPeriod {
  if (m.cadence === 'daily') return dayOf(now, offsetMinutes);
  if (m.cadence === 'weekly') return weekOf(now, offsetMinutes);
  return { start: new Date(m.created_at), end: null };
}

/**
 * Whether a claim whose period began at `claimedStart` covers part of `p`: the same period, or (after
 * the merchant's offset changed, or the UTC days before docs/0125) one overlapping it. A mission
 * pays once for any instant.
 */
export function claimCovers(cadence: 'daily' | 'weekly' | 'once', claimedStart: Date, p: TPeriod): boolean {
  if (cadence === 'once') return true;
  const length = (cadence === 'daily' ? 1 : 7) * DAY_MS;
  return claimedStart.getTime() < p.end!.getTime() && claimedStart.getTime() + length > p.start.getTime();
}

/** A member's figures over a period: valid turnover and rounds by game type, deposits, login days. */
export type TFigures = { byType: Map<string, { valid: number; rounds: number }>; depositMinor: number; loginDays: number };

export async function memberFigures(db: TDb, memberId: number, p: TPeriod, offsetMinutes: number): Promise<TFigures> {
  const end = p.end ?? new Date(8_640_000_000_000_000);
  const [rounds, other] = await Promise.all([
    sql<{ game_type: string; valid: string | number; rounds: string | number }>`
      select r.game_type, sum(${VALID}) as valid, count(*) as rounds
      from ${settledRounds(sql`w.member_id = ${memberId} and w.created_at >= ${p.start} and w.created_at < ${end}`, { gameType: true })} r
      group by r.game_type`.execute(db),
    sql<{ deposit: string | number; days: string | number }>`
      select
        coalesce((select sum(d.amount_minor) from deposits d
          where d.member_id = ${memberId} and d.status = 'approved' and d.decided_at >= ${p.start} and d.decided_at < ${end}), 0) as deposit,
        (select count(distinct ${localDaySql(sql`s.started_at`, offsetMinutes)}) from sessions s
          where s.member_id = ${memberId} and s.started_at >= ${p.start} and s.started_at < ${end}) as days`.execute(db),
  ]);
  return {
    byType: new Map(rounds.rows.map((r) => [r.game_type, { valid: Number(r.valid), rounds: Number(r.rounds) }])),
    depositMinor: Number(other.rows[0]?.deposit ?? 0),
    loginDays: Number(other.rows[0]?.days ?? 0),
  };
}

/** How far a task is (never above its target). */
export function taskDone(t: TMissionTask | TMissionTaskRow, f: TFigures): number {
  const of = (pick: (x: { valid: number; rounds: number }) => number) =>
    t.gameType ? pick(f.byType.get(t.gameType) ?? { valid: 0, rounds: 0 }) : [...f.byType.values()].reduce((sum, x) => sum + pick(x), 0);
  const done = t.kind === 'turnover' ? of((x) => x.valid) : t.kind === 'rounds' ? of((x) => x.rounds) : t.kind === 'deposit' ? f.depositMinor : f.loginDays;
  return Math.min(done, t.target);
}

/** Figures of each distinct period asked for, read once each. */
export function figuresCache(db: TDb, memberId: number, offsetMinutes: number): (p: TPeriod) => Promise<TFigures> {
  const seen = new Map<string, Promise<TFigures>>();
  return (p) => {
    const key = `${p.start.toISOString()}/${p.end?.toISOString() ?? ''}`;
    let f = seen.get(key);
    if (!f) seen.set(key, (f = memberFigures(db, memberId, p, offsetMinutes)));
    return f;
  };
}
