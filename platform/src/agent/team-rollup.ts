import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';

/**
 * The rollup of the team figures (docs/0058, docs/0082, docs/0087): the ledger entries after the
 * watermark, added per UTC hour and per 5-minute slot to each member's sums (`team_member_hours`,
 * `team_member_slots`), to each agent's team sums (`team_ancestor_hours`, `team_ancestor_slots`), to
 * each member's bet hours (`team_member_months`) and to the agents' active counts already asked for
 * (`team_active_memo`).
 *
 * The watermark is a position in (xact_id, id) order: an entry is rolled when its (writer's xid, id)
 * is at or below (`rolled_xact`, `rolled_to_entry_id`). Only entries whose writer is older than the
 * oldest transaction running when the run starts (`pg_snapshot_xmin`) are rolled: those writers have
 * all ended, so no entry can still commit at or below the watermark, and later writers get higher
 * xids. No lock is taken on the ledger: a writer never waits for the rollup.
 */

/** Ledger kinds of the team figures (docs/0046, docs/0051). */
export const TEAM_FIGURE_KINDS = ['deposit', 'withdraw_payout', 'bet', 'rollback', 'win'] as const;
export const ACCOUNT_KINDS = ['member_wallet', 'member_withdrawal_hold'] as const;

/** Queue of the rollup; every minute, one run per slot across processes, a second runner waits its turn. */
export const TEAM_FIGURES_QUEUE = 'agent.team-figures-rollup';
export const TEAM_FIGURES_CRON = '* * * * *';

/** Entries per rollup transaction: a big backlog (a restore, a bulk import) is rolled in bounded steps. */
const DEFAULT_BATCH = 200_000;
/** The UTC month of `d.hour`, and the hour's number in it (its bit in team_member_months). */
const MONTH_OF_HOUR = sql`date_trunc('month', d.hour at time zone 'UTC') at time zone 'UTC'`;
const HOUR_IN_MONTH = sql`(extract(epoch from (d.hour - (date_trunc('month', d.hour at time zone 'UTC') at time zone 'UTC'))) / 3600)::int`;
/** Entries rolled in one run above which the rollup's statistics are refreshed. */
const ANALYZE_AFTER = 100_000;
const HOUR_OF = (column: RawBuilder<unknown>) => sql`date_bin('1 hour', ${column}, timestamptz '2000-01-01 00:00:00+00')`;
/** The 5-minute slot of an instant (docs/0087). */
const SLOT_OF = (column: RawBuilder<unknown>) => sql`date_bin('5 minutes', ${column}, timestamptz '2000-01-01 00:00:00+00')`;

/** A position in (writer's xid, entry id) order. */
export type TWatermark = { xact: number; id: number };

/** The entries of `e` strictly after `w`, in (xact_id, id) order (index ledger_entries_xact_idx). */
export const afterMark = (w: TWatermark) => sql<boolean>`(e.xact_id, e.id) > (${w.xact}::bigint, ${w.id}::bigint)`;
/** The entries of `e` at or before `w`. */
export const upToMark = (w: TWatermark) => sql<boolean>`(e.xact_id, e.id) <= (${w.xact}::bigint, ${w.id}::bigint)`;

/** The watermark as the given transaction (or connection) sees it. */
export async function readWatermark(db: Kysely<DB>): Promise<TWatermark> {
  const s = await db.selectFrom('team_figures_state').select(['rolled_xact', 'rolled_to_entry_id']).where('id', '=', 1).executeTakeFirstOrThrow();
  return { xact: Number(s.rolled_xact), id: Number(s.rolled_to_entry_id) };
}

/**
 * The oldest transaction still running (or the next xid when none is): every writer with a lower xid
 * has committed or rolled back. One statement of its own, before the run takes any lock, so the run's
 * own transaction is not among the running ones.
 */
async function snapshotHorizon(db: Kysely<DB>): Promise<number> {
  const r = await sql<{ xmin: string | number }>`select (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint as xmin`.execute(db);
  return Number(r.rows[0]!.xmin);
}

/**
 * Moves the active counts asked for at watermark `w` on to `next`: each gains the members of its team
 * with a bet among the step's entries in its slots and none rolled there before (docs/0087: the
 * counts span whole 5-minute slots, of which whole hours are a case). Must run before the
 * step's entries are added to team_member_slots (it reads them as they were at `w`). One statement, so
 * a count made by a reader meanwhile is either moved with its gains or left at `w` (stale, unread).
 */
async function moveActiveCounts(trx: Kysely<DB>, w: TWatermark, next: TWatermark): Promise<void> {
  await sql`
    with b as (
      select distinct a.member_id, ${SLOT_OF(sql`e.created_at`)} as slot
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      join ledger_transactions x on x.id = e.transaction_id
      where ${afterMark(w)} and ${upToMark(next)} and a.member_id is not null and a.kind = 'member_wallet' and x.kind = 'bet'
    ), fresh as (
      select q.ancestor_id, q.from_hour, q.to_hour, count(distinct b.member_id) as n
      from b
      join member_tree t on t.descendant_id = b.member_id and t.depth >= 1
      join team_active_memo q on q.ancestor_id = t.ancestor_id and b.slot >= q.from_hour and b.slot < q.to_hour
      where q.rolled_xact = ${w.xact} and q.rolled_id = ${w.id}
        and not exists (
          select 1 from team_member_slots h
          where h.member_id = b.member_id and h.slot >= q.from_hour and h.slot < q.to_hour and h.bets > 0
        )
      group by 1, 2, 3
    )
    update team_active_memo q
    set active = q.active + coalesce((select f.n from fresh f where f.ancestor_id = q.ancestor_id and f.from_hour = q.from_hour and f.to_hour = q.to_hour), 0),
        rolled_xact = ${next.xact}, rolled_id = ${next.id}
    where q.rolled_xact = ${w.xact} and q.rolled_id = ${w.id}`.execute(trx);
}

/** Adds the entries in (w, next] to the hourly tables and the 5-minute slots (docs/0087). */
async function rollStep(trx: Kysely<DB>, w: TWatermark, next: TWatermark): Promise<void> {
  const sums = (t: string) =>
    sql.raw(
      ['bets', 'bet_minor', 'valid_bet_minor', 'payout_minor', 'deposit_minor', 'withdraw_minor'].map((c) => `${c} = ${t}.${c} + excluded.${c}`).join(', '),
    );
  const summed = sql.raw(
    ['bets', 'bet_minor', 'valid_bet_minor', 'payout_minor', 'deposit_minor', 'withdraw_minor'].map((c) => `sum(${c}) as ${c}`).join(', '),
  );
  const columns = sql`bets, bet_minor, valid_bet_minor, payout_minor, deposit_minor, withdraw_minor`;
  /** Adds the rows of `source` (key, grain, the sums) to `table`'s rows of the same key and grain. */
  const upsert = (table: string, key: string, grain: string, source: RawBuilder<unknown>) =>
    sql`insert into ${sql.table(table)} (${sql.ref(key)}, ${sql.ref(grain)}, ${columns}) ${source}
      on conflict (${sql.ref(key)}, ${sql.ref(grain)}) do update set ${sums(table)}`;
  // The step's entries per (member, slot), added to the members' slots and hours, to every agent
  // above each member (the closure table now), per slot and per hour, and to the members' bet-hour bits.
  await sql`
    with d as materialized (
      select a.member_id,
             ${SLOT_OF(sql`e.created_at`)} as slot,
             count(*) filter (where x.kind = 'bet' and a.kind = 'member_wallet') as bets,
             coalesce(sum(-e.amount_minor) filter (where x.kind = 'bet' and a.kind = 'member_wallet'), 0) as bet_minor,
             coalesce(sum(-e.amount_minor) filter (where x.kind in ('bet', 'rollback') and a.kind = 'member_wallet'), 0) as valid_bet_minor,
             coalesce(sum(e.amount_minor) filter (where x.kind = 'win' and a.kind = 'member_wallet'), 0) as payout_minor,
             coalesce(sum(e.amount_minor) filter (where x.kind = 'deposit' and a.kind = 'member_wallet'), 0) as deposit_minor,
             coalesce(sum(-e.amount_minor) filter (where x.kind = 'withdraw_payout' and a.kind = 'member_withdrawal_hold'), 0) as withdraw_minor
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      join ledger_transactions x on x.id = e.transaction_id
      where ${afterMark(w)} and ${upToMark(next)}
        and a.member_id is not null
        and a.kind in (${sql.join(ACCOUNT_KINDS)})
        and x.kind in (${sql.join(TEAM_FIGURE_KINDS)})
      group by 1, 2
    ), h as materialized (
      select member_id, ${HOUR_OF(sql`slot`)} as hour, ${summed} from d group by 1, 2
    ), ad as materialized (
      select t.ancestor_id, d.slot, ${summed}
      from d join member_tree t on t.descendant_id = d.member_id and t.depth >= 1
      group by 1, 2
    ), members_slots as (
      ${upsert('team_member_slots', 'member_id', 'slot', sql`select member_id, slot, ${columns} from d order by 1, 2`)}
    ), members_hours as (
      ${upsert('team_member_hours', 'member_id', 'hour', sql`select member_id, hour, ${columns} from h`)}
    ), agents_slots as (
      ${upsert('team_ancestor_slots', 'ancestor_id', 'slot', sql`select ancestor_id, slot, ${columns} from ad order by 1, 2`)}
    ), agents_hours as (
      ${upsert('team_ancestor_hours', 'ancestor_id', 'hour', sql`select ancestor_id, ${HOUR_OF(sql`slot`)}, ${summed} from ad group by 1, 2`)}
    )
    insert into team_member_months (member_id, month, hours)
    select d.member_id, ${MONTH_OF_HOUR}, bit_or(set_bit(B'0'::bit(744), ${HOUR_IN_MONTH}, 1))
    from h d where d.bets > 0
    group by 1, 2
    on conflict (member_id, month) do update set hours = team_member_months.hours | excluded.hours`.execute(trx);
}

/**
 * Rolls the finished entries after the watermark and moves it, in steps of `batch` entries, each in one
 * transaction that holds the state row: runs racing from several runners take turns and none rolls
 * an entry twice. `horizon` (tests only) replaces the snapshot's oldest running xid. Answers the
 * watermark before and after, and the entries rolled.
 */
export async function rollUpTeamFigures(
  db: Kysely<DB>,
  opts: { batch?: number; horizon?: number } = {},
): Promise<{ from: TWatermark; to: TWatermark; entries: number }> {
  const batch = opts.batch ?? DEFAULT_BATCH;
  const horizon = opts.horizon ?? (await snapshotHorizon(db));
  let first: TWatermark | null = null;
  let entries = 0;
  for (;;) {
    const step = await db.transaction().execute(async (trx) => {
      await trx.selectFrom('team_figures_state').select('id').where('id', '=', 1).forNoKeyUpdate().execute();
      const w = await readWatermark(trx);
      const last = await sql<{ xact_id: number | string; id: number | string; n: number | string }>`
        select s.xact_id, s.id, count(*) over () as n
        from (
          select e.xact_id, e.id from ledger_entries e
          where ${afterMark(w)} and e.xact_id < ${horizon}
          order by e.xact_id, e.id limit ${batch}
        ) s
        order by s.xact_id desc, s.id desc limit 1`.execute(trx);
      const row = last.rows[0];
      if (!row) return { w, next: w, n: 0 };
      const next = { xact: Number(row.xact_id), id: Number(row.id) };
      await moveActiveCounts(trx, w, next);
      await rollStep(trx, w, next);
      // Counts made at another watermark are stale for good; the others are remade hourly, so the
      // table holds only the periods being read.
      await sql`delete from team_active_memo where not (rolled_xact = ${next.xact} and rolled_id = ${next.id}) or made_at < now() - interval '1 hour'`.execute(
        trx,
      );
      await trx
        .updateTable('team_figures_state')
        .set({ rolled_xact: next.xact, rolled_to_entry_id: next.id, rolled_at: sql<Date>`now()` })
        .where('id', '=', 1)
        .execute();
      return { w, next, n: Number(row.n) };
    });
    first ??= step.w;
    entries += step.n;
    if (step.n < batch) {
      // After a big step (a backlog, a bulk import) the planner's row counts are refreshed at once, not
      // when autovacuum comes by: with an empty table's statistics it sorts a million rows to disk.
      if (entries >= ANALYZE_AFTER)
        for (const table of ['team_member_hours', 'team_ancestor_hours', 'team_member_months', 'team_member_slots', 'team_ancestor_slots'])
          await sql`analyze ${sql.table(table)}`.execute(db);
      return { from: first, to: step.next, entries };
    }
  }
}

/** Registers the rollup on a runner. Re-running is harmless (the watermark decides), so no `once`. */
export async function defineTeamFiguresRollup(runner: JobRunner): Promise<void> {
  await runner.define(
    TEAM_FIGURES_QUEUE,
    async (job) => {
      await rollUpTeamFigures(job.db);
    },
    { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 600, policy: 'short' },
  );
}
