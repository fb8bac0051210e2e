import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import { ACCOUNT_KINDS, afterMark, readWatermark, TEAM_FIGURE_KINDS, upToMark, type TWatermark } from './team-rollup.ts';

/**
 * The team figures at scale (docs/0058): rollups per UTC hour filled from the append-only ledger
 * entries up to a watermark (`team_figures_state`, migrations 0024 and 0034, team-rollup.ts) — each agent's
 * team sums (`team_ancestor_hours`), each member's own sums (`team_member_hours`, for the filters) and
 * each member's bet hours as bits per month (`team_member_months`, for the distinct active count) —
 * and the same sums per 5-minute slot (`team_ancestor_slots`, `team_member_slots`, migration 0035,
 * docs/0087) for the parts of a period that are not whole hours of one bucket; reads add the rolled
 * hours and slots to the entries the rollup does not hold yet (the tail after the watermark) and to
 * the entries of the period's edges that are not whole slots (at most 5 minutes each). Exact at any
 * moment: an entry is counted either in its hour's or slot's rows or read directly, never both, because
 * the watermark and the rows are read in one snapshot and the rollup moves both in one transaction.
 */

const HOUR = 3_600_000;
/** The rollup's finer bucket (docs/0087): every UTC offset in use is whole 5 minutes. */
const SLOT = 300_000;

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
 * that straddle two buckets (an offset that is not whole hours, `skip`), then whole 5-minute slots
 * (`slots`, docs/0087) of the rest except those that straddle two buckets (an offset that is not
 * whole 5 minutes), and what is read from the ledger: the rest (`raw`), at most 5 minutes at each
 * edge. Intervals are merged.
 */
export function planPeriod(from: number, to: number, bucket: 'hour' | 'day' | null, offsetMinutes: number) {
  const fullFrom = Math.ceil(from / HOUR) * HOUR;
  const fullTo = Math.max(fullFrom, Math.floor(to / HOUR) * HOUR);
  const raw: [number, number][] = [];
  const slots: [number, number][] = [];
  const skip: number[] = [];
  const add = (into: [number, number][], a: number, b: number) => {
    if (a >= b) return;
    const last = into[into.length - 1];
    if (last && last[1] === a) last[1] = b;
    else into.push([a, b]);
  };
  const straddles = (at: number, width: number) =>
    bucket !== null && bucketLabel(at, bucket, offsetMinutes) !== bucketLabel(at + width - 1, bucket, offsetMinutes);
  // A part the hours do not answer: its whole slots from the slots, the rest from the ledger.
  const rest = (a: number, b: number) => {
    const slotFrom = Math.ceil(a / SLOT) * SLOT;
    const slotTo = Math.floor(b / SLOT) * SLOT;
    if (slotFrom >= slotTo) return add(raw, a, b);
    add(raw, a, slotFrom);
    for (let s = slotFrom; s < slotTo; s += SLOT) add(offsetMinutes % 5 !== 0 && straddles(s, SLOT) ? raw : slots, s, s + SLOT);
    add(raw, slotTo, b);
  };
  if (fullFrom >= Math.floor(to / HOUR) * HOUR) {
    rest(from, to);
    return { fullFrom, fullTo: fullFrom, raw, slots, skip };
  }
  rest(from, fullFrom);
  if (bucket !== null && offsetMinutes % 60 !== 0) {
    for (let h = fullFrom; h < fullTo; h += HOUR) {
      if (straddles(h, HOUR)) {
        skip.push(h);
        rest(h, h + HOUR);
      }
    }
  }
  rest(fullTo, to);
  return { fullFrom, fullTo, raw, slots, skip };
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

/** One entry's part of each figure (e, a and x: the entry, its account, its transaction), as the rollup sums them. */
const ENTRY_FIGURES = sql`
  case when x.kind = 'bet' and a.kind = 'member_wallet' then 1 else 0 end as bets,
  case when x.kind = 'bet' and a.kind = 'member_wallet' then -e.amount_minor else 0 end as bet_minor,
  case when x.kind in ('bet', 'rollback') and a.kind = 'member_wallet' then -e.amount_minor else 0 end as valid_bet_minor,
  case when x.kind = 'win' and a.kind = 'member_wallet' then e.amount_minor else 0 end as payout_minor,
  case when x.kind = 'deposit' and a.kind = 'member_wallet' then e.amount_minor else 0 end as deposit_minor,
  case when x.kind = 'withdraw_payout' and a.kind = 'member_withdrawal_hold' then -e.amount_minor else 0 end as withdraw_minor`;

/** `instant` as a timestamptz literal of the statement. */
export const isoSql = (t: number) => sql`${new Date(t).toISOString()}::timestamptz`;

/**
 * The active members of the whole team over the whole 5-minute slots [slotFrom, slotTo) as rolled up
 * to `w` (docs/0082, docs/0087): the count the rollup keeps moving, or, the first time a period is
 * asked (or after a move of the team), counted from the members' bet-hour bits over the whole hours
 * [fullFrom, fullTo) and the bettors of the slots outside them that had no bet in those hours, and
 * kept. Inside the caller's snapshot.
 */
async function rolledActive(
  trx: Kysely<DB>,
  agentId: number,
  span: { slotFrom: number; slotTo: number; fullFrom: number; fullTo: number },
  w: TWatermark,
): Promise<{ active: number; made: boolean }> {
  const { slotFrom, slotTo, fullFrom, fullTo } = span;
  const memo = await trx
    .selectFrom('team_active_memo')
    .select('active')
    .where('ancestor_id', '=', agentId)
    .where('from_hour', '=', new Date(slotFrom))
    .where('to_hour', '=', new Date(slotTo))
    .where('rolled_xact', '=', w.xact)
    .where('rolled_id', '=', w.id)
    .executeTakeFirst();
  if (memo) return { active: memo.active, made: false };
  const whole = fullFrom < fullTo;
  const hoursActive = whole
    ? sql`(select count(distinct t.descendant_id) from member_tree t join team_member_months b on b.member_id = t.descendant_id
        where t.ancestor_id = ${agentId} and t.depth >= 1 and (${sql.join(
          monthMasks(fullFrom, fullTo).map(([month, mask]) => sql`(b.month = ${isoSql(month)} and (b.hours & ${mask}::bit(744)) <> B'0'::bit(744))`),
          sql` or `,
        )}))`
    : sql`0`;
  const edges = (
    whole
      ? [
          [slotFrom, fullFrom],
          [fullTo, slotTo],
        ]
      : [[slotFrom, slotTo]]
  ).filter(([a, b]) => a! < b!);
  const edgeActive =
    edges.length > 0
      ? sql`(select count(distinct s.member_id) from team_member_slots s
          where s.bets > 0 and (${sql.join(
            edges.map(([a, b]) => sql`(s.slot >= ${isoSql(a!)} and s.slot < ${isoSql(b!)})`),
            sql` or `,
          )})
            and exists (select 1 from member_tree t where t.ancestor_id = ${agentId} and t.descendant_id = s.member_id and t.depth >= 1)
            ${
              whole
                ? sql`and not exists (select 1 from team_member_hours h where h.member_id = s.member_id and h.hour >= ${isoSql(fullFrom)} and h.hour < ${isoSql(fullTo)} and h.bets > 0)`
                : sql``
            })`
      : sql`0`;
  const r = await sql<{ n: number | string }>`select ${hoursActive} + ${edgeActive} as n`.execute(trx);
  return { active: n(r.rows[0]?.n), made: true };
}

/** Keeps a count made by a read for the rollup to move on; a stale one is simply never read (docs/0082). */
async function keepActive(db: Kysely<DB>, agentId: number, from: number, to: number, w: TWatermark, active: number): Promise<void> {
  await db
    .insertInto('team_active_memo')
    .values({ ancestor_id: agentId, from_hour: new Date(from), to_hour: new Date(to), rolled_xact: w.xact, rolled_id: w.id, active })
    .onConflict((oc) =>
      oc.columns(['ancestor_id', 'from_hour', 'to_hour']).doUpdateSet({ rolled_xact: w.xact, rolled_id: w.id, active, made_at: sql<Date>`now()` }),
    )
    .execute();
}

/**
 * The end of a period that ends inside an hour (as every period ending now does), moved to the hour's
 * end when the ledger holds no entry at all from it to the hour's end in this snapshot: the figures
 * are the same, and the hour is read from the rollup instead of entry by entry (docs/0082). One probe
 * of the (created_at, id) index, which stops at the first entry.
 */
async function hourEndWhenQuiet(trx: Kysely<DB>, to: number): Promise<number> {
  const hourEnd = Math.ceil(to / HOUR) * HOUR;
  if (hourEnd === to) return to;
  const r = await sql`select 1 from ledger_entries e where e.created_at >= ${isoSql(to)} and e.created_at < ${isoSql(hourEnd)} limit 1`.execute(trx);
  return r.rows.length === 0 ? hourEnd : to;
}

/**
 * The team's figures in [from, to): totals with the active members (distinct downlines with a bet;
 * `active: false` leaves them 0 and skips their work), and, with `bucket`, the sums per local hour or
 * day. One REPEATABLE READ transaction reads the watermark and then the rolled hours and the entries,
 * so a rollup committing meanwhile is not seen half.
 */
export async function teamFigures(
  db: Kysely<DB>,
  f: TTeamFilter,
  bucket: { bucket: 'hour' | 'day'; offsetMinutes: number } | null,
  opts: { active?: boolean } = {},
): Promise<TTeamFigures> {
  const from = f.from.getTime();
  const to = f.to.getTime();
  const wantActive = opts.active ?? true;
  const level = f.level ?? 0;
  const filtered = level > 0 || !!f.username;
  const kept: { made?: { w: TWatermark; active: number; from: number; to: number } } = {};
  const result = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const w = await readWatermark(trx);
      const end = await hourEndWhenQuiet(trx, to);
      const plan = planPeriod(from, end, bucket?.bucket ?? null, bucket?.offsetMinutes ?? 0);
      const whole = plan.fullFrom < plan.fullTo;
      // The whole slots of the period: the rolled part of the active count (docs/0087).
      const slotFrom = Math.ceil(from / SLOT) * SLOT;
      const span = { slotFrom, slotTo: Math.max(slotFrom, Math.floor(end / SLOT) * SLOT), fullFrom: plan.fullFrom, fullTo: plan.fullTo };
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
        select a.member_id, date_bin('1 minute', e.created_at, timestamptz '2000-01-01 00:00:00+00') as at, ${ENTRY_FIGURES}
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions x on x.id = e.transaction_id
        join team on team.member_id = a.member_id
        where a.merchant_id = ${f.merchantId} and a.kind in (${sql.join(ACCOUNT_KINDS)}) and x.kind in (${sql.join(TEAM_FIGURE_KINDS)})
          and e.created_at >= ${f.from} and e.created_at < ${isoSql(end)} and ${where}`;
      const parts = [
        // The tail: entries the rollup has not reached.
        entries(afterMark(w)),
      ];
      if (plan.raw.length > 0) {
        const inRaw = sql.join(
          plan.raw.map(([a, b]) => sql`(e.created_at >= ${isoSql(a)} and e.created_at < ${isoSql(b)})`),
          sql` or `,
        );
        parts.push(entries(sql`${upToMark(w)} and (${inRaw})`));
      }
      const notSkipped = (column: RawBuilder<unknown>) => (plan.skip.length > 0 ? sql`and ${column} not in (${sql.join(plan.skip.map(isoSql))})` : sql``);
      // The whole 5-minute slots of the parts that are not whole hours (docs/0087).
      const inSlots = (column: RawBuilder<unknown>) =>
        sql`(${sql.join(
          plan.slots.map(([a, b]) => sql`(${column} >= ${isoSql(a)} and ${column} < ${isoSql(b)})`),
          sql` or `,
        )})`;
      const anySlots = plan.slots.length > 0;
      const figures = (filter: RawBuilder<unknown>) => sql`
        coalesce(sum(g.bets) filter (where ${filter}), 0) as bets, coalesce(sum(g.bet_minor) filter (where ${filter}), 0) as bet,
        coalesce(sum(g.valid_bet_minor) filter (where ${filter}), 0) as valid_bet, coalesce(sum(g.payout_minor) filter (where ${filter}), 0) as payout,
        coalesce(sum(g.deposit_minor) filter (where ${filter}), 0) as deposit, coalesce(sum(g.withdraw_minor) filter (where ${filter}), 0) as withdraw`;
      const perLabel = (filter: RawBuilder<unknown>) =>
        bucket
          ? sql`union all select ${bucketSql(sql`g.at`, bucket.bucket, bucket.offsetMinutes)} as label, ${figures(sql`true`)}, null as active from g where ${filter} group by 1`
          : sql``;
      type TRow = Record<string, unknown> & { label: string | null; active: string | number | null };
      let rows: TRow[];
      let rolled = 0;
      if (!filtered) {
        // The whole team: the agent's own hours and slots; the active members are those of the rolled
        // whole slots and the bettors read directly that had no rolled bet in those slots.
        const agentHours = whole
          ? sql`union all
            select h.hour, h.bets, h.bet_minor, h.valid_bet_minor, h.payout_minor, h.deposit_minor, h.withdraw_minor
            from team_ancestor_hours h
            where h.ancestor_id = ${f.agentId} and h.hour >= ${isoSql(plan.fullFrom)} and h.hour < ${isoSql(plan.fullTo)} ${notSkipped(sql`h.hour`)}`
          : sql``;
        const agentSlots = anySlots
          ? sql`union all
            select s.slot, s.bets, s.bet_minor, s.valid_bet_minor, s.payout_minor, s.deposit_minor, s.withdraw_minor
            from team_ancestor_slots s where s.ancestor_id = ${f.agentId} and ${inSlots(sql`s.slot`)}`
          : sql``;
        const notRolled =
          span.slotFrom < span.slotTo
            ? sql`and not exists (
              select 1 from team_member_slots h where h.member_id = raw.member_id and h.slot >= ${isoSql(span.slotFrom)} and h.slot < ${isoSql(span.slotTo)} and h.bets > 0)`
            : sql``;
        const activeSql = wantActive ? sql`(select count(distinct raw.member_id) from raw where raw.bets > 0 ${notRolled})` : sql`0`;
        rows = (
          await sql<TRow>`
            with team as not materialized (${team}),
            raw as materialized (${sql.join(parts, sql` union all `)}),
            g as materialized (
              select raw.at, raw.bets, raw.bet_minor, raw.valid_bet_minor, raw.payout_minor, raw.deposit_minor, raw.withdraw_minor from raw
              ${agentHours}
              ${agentSlots}
            )
            select null as label, ${figures(sql`true`)}, ${activeSql} as active from g
            ${perLabel(sql`true`)}`.execute(trx)
        ).rows;
        if (wantActive && span.slotFrom < span.slotTo) {
          const r = await rolledActive(trx, f.agentId, span, w);
          rolled = r.active;
          if (r.made) kept.made = { w, active: r.active, from: span.slotFrom, to: span.slotTo };
        }
      } else {
        // A level or one downline: the members' own hours, grouped by instant (and by member for the active count).
        if (whole) {
          parts.push(sql`
            select f.member_id, f.hour as at, f.bets, f.bet_minor, f.valid_bet_minor, f.payout_minor, f.deposit_minor, f.withdraw_minor
            from team_member_hours f join team on team.member_id = f.member_id
            where f.hour >= ${isoSql(plan.fullFrom)} and f.hour < ${isoSql(plan.fullTo)} ${notSkipped(sql`f.hour`)}`);
        }
        if (anySlots) {
          parts.push(sql`
            select f.member_id, f.slot as at, f.bets, f.bet_minor, f.valid_bet_minor, f.payout_minor, f.deposit_minor, f.withdraw_minor
            from team_member_slots f join team on team.member_id = f.member_id
            where ${inSlots(sql`f.slot`)}`);
        }
        rows = (
          await sql<TRow>`
            with team as materialized (${team}),
            g as materialized (
              select src.at, ${wantActive ? sql`grouping(src.member_id)` : sql`1`} as by_at,
                sum(src.bets) as bets, sum(src.bet_minor) as bet_minor, sum(src.valid_bet_minor) as valid_bet_minor,
                sum(src.payout_minor) as payout_minor, sum(src.deposit_minor) as deposit_minor, sum(src.withdraw_minor) as withdraw_minor
              from (${sql.join(parts, sql` union all `)}) src
              group by grouping sets ((src.at) ${wantActive ? sql`, (src.member_id)` : sql``})
            )
            select null as label, ${figures(sql`g.by_at = 1`)}, count(*) filter (where g.by_at = 0 and g.bets > 0) as active from g
            ${perLabel(sql`g.by_at = 1`)}`.execute(trx)
        ).rows;
      }
      const byLabel = new Map<string, TFigureSums>();
      let total: TTeamFigures['total'] = { bets: 0, bet: 0, validBet: 0, payout: 0, deposit: 0, withdraw: 0, active: 0 };
      for (const r of rows) {
        if (r.label === null) total = { ...sums(r), active: n(r.active) + rolled };
        else byLabel.set(r.label, sums(r));
      }
      return { total, byLabel };
    });
  if (kept.made) await keepActive(db, f.agentId, kept.made.from, kept.made.to, kept.made.w, kept.made.active);
  return result;
}

/** One member's own figures over all its history: its rolled hours and its entries after the watermark (docs/0082). */
export async function memberLifetime(db: Kysely<DB>, merchantId: number, memberId: number): Promise<TFigureSums> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const w = await readWatermark(trx);
      const r = await sql<Record<string, unknown>>`
        with src as (
          select h.bets, h.bet_minor, h.valid_bet_minor, h.payout_minor, h.deposit_minor, h.withdraw_minor from team_member_hours h where h.member_id = ${memberId}
          union all
          select ${ENTRY_FIGURES}
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          join ledger_transactions x on x.id = e.transaction_id
          where a.member_id = ${memberId} and a.merchant_id = ${merchantId} and a.kind in (${sql.join(ACCOUNT_KINDS)})
            and x.kind in (${sql.join(TEAM_FIGURE_KINDS)}) and ${afterMark(w)}
        )
        select coalesce(sum(g.bets), 0) as bets, coalesce(sum(g.bet_minor), 0) as bet, coalesce(sum(g.valid_bet_minor), 0) as valid_bet,
          coalesce(sum(g.payout_minor), 0) as payout, coalesce(sum(g.deposit_minor), 0) as deposit, coalesce(sum(g.withdraw_minor), 0) as withdraw
        from src g`.execute(trx);
      return sums(r.rows[0] ?? {});
    });
}
