import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';

/**
 * The team figures at scale (docs/0058): rollups per UTC hour filled from the append-only ledger
 * entries up to a watermark (`team_figures_state.rolled_to_entry_id`, migration 0024) — each agent's
 * team sums (`team_ancestor_hours`), each member's own sums (`team_member_hours`, for the filters) and
 * each member's bet hours as bits per month (`team_member_months`, for the distinct active count) —
 * and reads that add the rolled hours to the entries the rollup does not hold yet (the tail after the
 * watermark) and to the entries of the period's parts that are not whole hours of one bucket. Exact
 * at any moment: an entry is counted either in its hour's rows or read directly, never both, because
 * the watermark and the rows are read in one snapshot and the rollup moves both in one transaction.
 */

const HOUR = 3_600_000;
/** Ledger kinds of the team figures (docs/0046, docs/0051). */
export const TEAM_FIGURE_KINDS = ['deposit', 'withdraw_payout', 'bet', 'rollback', 'win'] as const;
const ACCOUNT_KINDS = ['member_wallet', 'member_withdrawal_hold'] as const;

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

function sqlState(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}

/**
 * The highest entry id below which every entry is final: taken under a SHARE lock on ledger_entries,
 * which waits for the transactions still writing entries (they hold ROW EXCLUSIVE until they end) and
 * holds new writers for the one `max(id)` read. Ids come from the entries' own sequence inside the
 * insert, so any later entry gets a higher id. The lock is given up at once; `null` when writers did
 * not finish within `lockTimeoutMs` (the next run tries again; the figures stay exact meanwhile).
 */
async function safeHorizon(db: Kysely<DB>, lockTimeoutMs: number): Promise<number | null> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true)`.execute(trx);
      await sql`lock table ledger_entries in share mode`.execute(trx);
      const r = await sql<{ max: string | number | null }>`select max(id) as max from ledger_entries`.execute(trx);
      return Number(r.rows[0]?.max ?? 0);
    });
  } catch (error) {
    if (sqlState(error) === '55P03') return null;
    throw error;
  }
}

/**
 * Rolls the entries after the watermark into team_member_hours and moves the watermark, in steps of
 * `batch` ids, each in one transaction that holds the state row: runs racing from several runners
 * take turns and none rolls an entry twice. Answers the watermark before and after.
 */
export async function rollUpTeamFigures(db: Kysely<DB>, opts: { batch?: number; lockTimeoutMs?: number } = {}): Promise<{ from: number; to: number }> {
  const batch = opts.batch ?? DEFAULT_BATCH;
  const horizon = await safeHorizon(db, opts.lockTimeoutMs ?? 2_000);
  let first: number | null = null;
  for (;;) {
    const step = await db.transaction().execute(async (trx) => {
      const state = await trx.selectFrom('team_figures_state').select('rolled_to_entry_id').where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
      const w = Number(state.rolled_to_entry_id);
      if (horizon === null || w >= horizon) return { w, next: w };
      const next = Math.min(horizon, w + batch);
      const sums = (t: string) =>
        sql.raw(
          ['bets', 'bet_minor', 'valid_bet_minor', 'payout_minor', 'deposit_minor', 'withdraw_minor'].map((c) => `${c} = ${t}.${c} + excluded.${c}`).join(', '),
        );
      // The step's entries per (member, hour), added to the members' hours, to every agent above
      // each member (the closure table now) and to the members' bet-hour bits.
      await sql`
        with d as materialized (
          select a.member_id,
                 date_bin('1 hour', e.created_at, timestamptz '2000-01-01 00:00:00+00') as hour,
                 count(*) filter (where x.kind = 'bet' and a.kind = 'member_wallet') as bets,
                 coalesce(sum(-e.amount_minor) filter (where x.kind = 'bet' and a.kind = 'member_wallet'), 0) as bet_minor,
                 coalesce(sum(-e.amount_minor) filter (where x.kind in ('bet', 'rollback') and a.kind = 'member_wallet'), 0) as valid_bet_minor,
                 coalesce(sum(e.amount_minor) filter (where x.kind = 'win' and a.kind = 'member_wallet'), 0) as payout_minor,
                 coalesce(sum(e.amount_minor) filter (where x.kind = 'deposit' and a.kind = 'member_wallet'), 0) as deposit_minor,
                 coalesce(sum(-e.amount_minor) filter (where x.kind = 'withdraw_payout' and a.kind = 'member_withdrawal_hold'), 0) as withdraw_minor
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          join ledger_transactions x on x.id = e.transaction_id
          where e.id > ${w} and e.id <= ${next}
            and a.member_id is not null
            and a.kind in (${sql.join(ACCOUNT_KINDS)})
            and x.kind in (${sql.join(TEAM_FIGURE_KINDS)})
          group by 1, 2
        ), members_hours as (
          insert into team_member_hours (member_id, hour, bets, bet_minor, valid_bet_minor, payout_minor, deposit_minor, withdraw_minor)
          select member_id, hour, bets, bet_minor, valid_bet_minor, payout_minor, deposit_minor, withdraw_minor from d
          on conflict (member_id, hour) do update set ${sums('team_member_hours')}
        ), agents_hours as (
          insert into team_ancestor_hours (ancestor_id, hour, bets, bet_minor, valid_bet_minor, payout_minor, deposit_minor, withdraw_minor)
          select t.ancestor_id, d.hour, sum(d.bets), sum(d.bet_minor), sum(d.valid_bet_minor), sum(d.payout_minor), sum(d.deposit_minor), sum(d.withdraw_minor)
          from d join member_tree t on t.descendant_id = d.member_id and t.depth >= 1
          group by 1, 2
          on conflict (ancestor_id, hour) do update set ${sums('team_ancestor_hours')}
        )
        insert into team_member_months (member_id, month, hours)
        select d.member_id, ${MONTH_OF_HOUR}, bit_or(set_bit(B'0'::bit(744), ${HOUR_IN_MONTH}, 1))
        from d where d.bets > 0
        group by 1, 2
        on conflict (member_id, month) do update set hours = team_member_months.hours | excluded.hours`.execute(trx);
      await trx
        .updateTable('team_figures_state')
        .set({ rolled_to_entry_id: next, rolled_at: sql<Date>`now()` })
        .where('id', '=', 1)
        .execute();
      return { w, next };
    });
    first ??= step.w;
    if (horizon === null || step.next >= horizon || step.next === step.w) {
      // After a big step (a backlog, a bulk import) the planner's row counts are refreshed at once, not
      // when autovacuum comes by: with an empty table's statistics it sorts a million rows to disk.
      if (step.next - first >= ANALYZE_AFTER)
        for (const table of ['team_member_hours', 'team_ancestor_hours', 'team_member_months']) await sql`analyze ${sql.table(table)}`.execute(db);
      return { from: first, to: step.next };
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

/** A label of an instant in the agent's local time: 'YYYY-MM-DD HH:00' per hour, 'YYYY-MM-DD' per day. */
export function bucketLabel(instant: number, bucket: 'hour' | 'day', offsetMinutes: number): string {
  const iso = new Date(instant + offsetMinutes * 60_000).toISOString();
  return bucket === 'hour' ? `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00` : iso.slice(0, 10);
}

/** The same label in SQL. */
export function bucketSql(column: RawBuilder<unknown>, bucket: 'hour' | 'day', offsetMinutes: number): RawBuilder<string> {
  const offset = sql.lit(`${offsetMinutes} minutes`);
  const format = sql.lit(bucket === 'hour' ? 'YYYY-MM-DD HH24:00' : 'YYYY-MM-DD');
  return sql<string>`to_char((${column} at time zone 'UTC') + interval ${offset}, ${format})`;
}

/**
 * Which parts of [from, to) the rollup answers: the whole UTC hours [fullFrom, fullTo) except those
 * that straddle two buckets (an offset that is not whole hours), and what is read from the ledger:
 * the rest, as merged intervals.
 */
export function planPeriod(from: number, to: number, bucket: 'hour' | 'day' | null, offsetMinutes: number) {
  const fullFrom = Math.ceil(from / HOUR) * HOUR;
  const fullTo = Math.floor(to / HOUR) * HOUR;
  const raw: [number, number][] = [];
  const skip: number[] = [];
  const add = (a: number, b: number) => {
    if (a >= b) return;
    const last = raw[raw.length - 1];
    if (last && last[1] === a) last[1] = b;
    else raw.push([a, b]);
  };
  if (fullFrom >= fullTo) {
    add(from, to);
    return { fullFrom, fullTo: fullFrom, raw, skip };
  }
  add(from, fullFrom);
  if (bucket !== null && offsetMinutes % 60 !== 0) {
    for (let h = fullFrom; h < fullTo; h += HOUR) {
      if (bucketLabel(h, bucket, offsetMinutes) !== bucketLabel(h + HOUR - 1, bucket, offsetMinutes)) {
        skip.push(h);
        add(h, h + HOUR);
      }
    }
  }
  add(fullTo, to);
  return { fullFrom, fullTo, raw, skip };
}

/** For each UTC month that [from, to) (whole hours) touches: the month's start and the bits of its hours inside. */
export function monthMasks(from: number, to: number): [number, string][] {
  const out: [number, string][] = [];
  let month = Date.UTC(new Date(from).getUTCFullYear(), new Date(from).getUTCMonth(), 1);
  while (month < to) {
    const d = new Date(month);
    const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    const bits = Array.from({ length: 744 }, (_, i) => {
      const h = month + i * HOUR;
      return h >= from && h < to && h < next ? '1' : '0';
    }).join('');
    if (bits.includes('1')) out.push([month, bits]);
    month = next;
  }
  return out;
}

export type TTeamFilter = {
  merchantId: number;
  agentId: number;
  from: Date;
  to: Date;
  /** Only downlines this many steps below the agent; 0 for all. */
  level?: number;
  /** Only the downline with this username (case-insensitive). */
  username?: string;
};

export type TFigureSums = { bets: number; bet: number; validBet: number; payout: number; deposit: number; withdraw: number };
export type TTeamFigures = { total: TFigureSums & { active: number }; byLabel: Map<string, TFigureSums> };

const n = (v: unknown) => Number(v ?? 0);
const sums = (r: Record<string, unknown>): TFigureSums => ({
  bets: n(r.bets),
  bet: n(r.bet),
  validBet: n(r.valid_bet),
  payout: n(r.payout),
  deposit: n(r.deposit),
  withdraw: n(r.withdraw),
});

/**
 * The team's figures in [from, to): totals with the active members (distinct downlines with a bet),
 * and, with `bucket`, the sums per local hour or day. One REPEATABLE READ transaction reads the
 * watermark and then the rolled hours and the entries, so a rollup committing meanwhile is not seen
 * half.
 */
export async function teamFigures(db: Kysely<DB>, f: TTeamFilter, bucket: { bucket: 'hour' | 'day'; offsetMinutes: number } | null): Promise<TTeamFigures> {
  const from = f.from.getTime();
  const to = f.to.getTime();
  const plan = planPeriod(from, to, bucket?.bucket ?? null, bucket?.offsetMinutes ?? 0);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const state = await trx.selectFrom('team_figures_state').select('rolled_to_entry_id').where('id', '=', 1).executeTakeFirstOrThrow();
      const w = Number(state.rolled_to_entry_id);
      const level = f.level ?? 0;
      const filtered = level > 0 || !!f.username;
      // The whole team is the agent's closure rows (one merchant: the tree's triggers refuse another
      // merchant's upline, and the agent is the session's member); a filter reads the members too.
      const team = filtered
        ? sql`
          select t.descendant_id as member_id from member_tree t join members m on m.id = t.descendant_id
          where t.ancestor_id = ${f.agentId} and t.depth >= 1 and m.merchant_id = ${f.merchantId}
          ${level > 0 ? sql`and t.depth = ${level}` : sql``}
          ${f.username ? sql`and lower(m.username) = ${f.username.toLowerCase()}` : sql``}`
        : sql`select t.descendant_id as member_id from member_tree t where t.ancestor_id = ${f.agentId} and t.depth >= 1`;
      const entries = (where: RawBuilder<unknown>) => sql`
        select a.member_id, date_bin('1 minute', e.created_at, timestamptz '2000-01-01 00:00:00+00') as at,
          case when x.kind = 'bet' and a.kind = 'member_wallet' then 1 else 0 end as bets,
          case when x.kind = 'bet' and a.kind = 'member_wallet' then -e.amount_minor else 0 end as bet_minor,
          case when x.kind in ('bet', 'rollback') and a.kind = 'member_wallet' then -e.amount_minor else 0 end as valid_bet_minor,
          case when x.kind = 'win' and a.kind = 'member_wallet' then e.amount_minor else 0 end as payout_minor,
          case when x.kind = 'deposit' and a.kind = 'member_wallet' then e.amount_minor else 0 end as deposit_minor,
          case when x.kind = 'withdraw_payout' and a.kind = 'member_withdrawal_hold' then -e.amount_minor else 0 end as withdraw_minor
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions x on x.id = e.transaction_id
        join team on team.member_id = a.member_id
        where a.merchant_id = ${f.merchantId} and a.kind in (${sql.join(ACCOUNT_KINDS)}) and x.kind in (${sql.join(TEAM_FIGURE_KINDS)})
          and e.created_at >= ${f.from} and e.created_at < ${f.to} and ${where}`;
      const iso = (t: number) => sql`${new Date(t).toISOString()}::timestamptz`;
      const parts = [
        // The tail: entries the rollup has not reached.
        entries(sql`e.id > ${w}`),
      ];
      if (plan.raw.length > 0) {
        const inRaw = sql.join(
          plan.raw.map(([a, b]) => sql`(e.created_at >= ${iso(a)} and e.created_at < ${iso(b)})`),
          sql` or `,
        );
        parts.push(entries(sql`e.id <= ${w} and (${inRaw})`));
      }
      const notSkipped = (column: RawBuilder<unknown>) => (plan.skip.length > 0 ? sql`and ${column} not in (${sql.join(plan.skip.map(iso))})` : sql``);
      const figures = (filter: RawBuilder<unknown>) => sql`
        coalesce(sum(g.bets) filter (where ${filter}), 0) as bets, coalesce(sum(g.bet_minor) filter (where ${filter}), 0) as bet,
        coalesce(sum(g.valid_bet_minor) filter (where ${filter}), 0) as valid_bet, coalesce(sum(g.payout_minor) filter (where ${filter}), 0) as payout,
        coalesce(sum(g.deposit_minor) filter (where ${filter}), 0) as deposit, coalesce(sum(g.withdraw_minor) filter (where ${filter}), 0) as withdraw`;
      const perLabel = (filter: RawBuilder<unknown>) =>
        bucket
          ? sql`union all select ${bucketSql(sql`g.at`, bucket.bucket, bucket.offsetMinutes)} as label, ${figures(sql`true`)}, null as active from g where ${filter} group by 1`
          : sql``;
      const whole = plan.fullFrom < plan.fullTo;
      type TRow = Record<string, unknown> & { label: string | null; active: string | number | null };
      let rows: TRow[];
      if (!filtered) {
        // The whole team: the agent's own hours, and the members' bet-hour bits for the active count.
        const agentHours = whole
          ? sql`union all
            select h.hour, h.bets, h.bet_minor, h.valid_bet_minor, h.payout_minor, h.deposit_minor, h.withdraw_minor
            from team_ancestor_hours h
            where h.ancestor_id = ${f.agentId} and h.hour >= ${iso(plan.fullFrom)} and h.hour < ${iso(plan.fullTo)} ${notSkipped(sql`h.hour`)}`
          : sql``;
        const masks = whole ? monthMasks(plan.fullFrom, plan.fullTo) : [];
        const bitsActive =
          masks.length > 0
            ? sql`union
              select b.member_id from member_tree t join team_member_months b on b.member_id = t.descendant_id
              where t.ancestor_id = ${f.agentId} and t.depth >= 1 and (${sql.join(
                masks.map(([month, mask]) => sql`(b.month = ${iso(month)} and (b.hours & ${mask}::bit(744)) <> B'0'::bit(744))`),
                sql` or `,
              )})`
            : sql``;
        rows = (
          await sql<TRow>`
            with team as not materialized (${team}),
            raw as materialized (${sql.join(parts, sql` union all `)}),
            g as materialized (
              select raw.at, raw.bets, raw.bet_minor, raw.valid_bet_minor, raw.payout_minor, raw.deposit_minor, raw.withdraw_minor from raw
              ${agentHours}
            ),
            active as (select raw.member_id from raw where raw.bets > 0 ${bitsActive})
            select null as label, ${figures(sql`true`)}, (select count(*) from active) as active from g
            ${perLabel(sql`true`)}`.execute(trx)
        ).rows;
      } else {
        // A level or one downline: the members' own hours, grouped by instant and by member in one pass.
        if (whole) {
          parts.push(sql`
            select f.member_id, f.hour as at, f.bets, f.bet_minor, f.valid_bet_minor, f.payout_minor, f.deposit_minor, f.withdraw_minor
            from team_member_hours f join team on team.member_id = f.member_id
            where f.hour >= ${iso(plan.fullFrom)} and f.hour < ${iso(plan.fullTo)} ${notSkipped(sql`f.hour`)}`);
        }
        rows = (
          await sql<TRow>`
            with team as materialized (${team}),
            g as materialized (
              select src.at, grouping(src.member_id) as by_at,
                sum(src.bets) as bets, sum(src.bet_minor) as bet_minor, sum(src.valid_bet_minor) as valid_bet_minor,
                sum(src.payout_minor) as payout_minor, sum(src.deposit_minor) as deposit_minor, sum(src.withdraw_minor) as withdraw_minor
              from (${sql.join(parts, sql` union all `)}) src
              group by grouping sets ((src.at), (src.member_id))
            )
            select null as label, ${figures(sql`g.by_at = 1`)}, count(*) filter (where g.by_at = 0 and g.bets > 0) as active from g
            ${perLabel(sql`g.by_at = 1`)}`.execute(trx)
        ).rows;
      }
      const byLabel = new Map<string, TFigureSums>();
      let total: TTeamFigures['total'] = { bets: 0, bet: 0, validBet: 0, payout: 0, deposit: 0, withdraw: 0, active: 0 };
      for (const r of rows) {
        if (r.label === null) total = { ...sums(r), active: n(r.active) };
        else byLabel.set(r.label, sums(r));
      }
      return { total, byLabel };
    });
}
