import { sql, type AliasedRawBuilder, type InferResult, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import {
  GAME_ENGINES,
  OPERATOR_STUCK_AFTER_MS,
  type TGameEngine,
  type TOperatorRound,
  type TOperatorRoundsQuery,
  type TOperatorRoundsResponse,
  type TRoundOutcomeSummary,
  ZRoundOutcomeSummary,
} from '@wl/schemas';
import { SLOT_LINES, type TSlotSpin } from '@wl/schemas/games/slot';
import type { DB } from '../db/schema.ts';
import type { TPlatformDeps } from '../http/deps.ts';

/**
 * Where the built-in games keep their rounds, keyed by engine (docs/0043). A source answers every
 * round of its engines as the same columns (those of gameRoundsSelect below), so the console's
 * filters, paging and totals are written once over their union. An engine that writes `game_rounds`
 * (as the slot does) only adds its name to `gameRoundsSource`'s engines; one with a table of its own
 * adds a source.
 */
type TRoundSource = {
  engines: readonly TGameEngine[];
  /** `now` is the server's clock (a crash round's seed and point are secret until it crashed). */
  select: (db: Kysely<DB>, merchantId: number, engines: readonly TGameEngine[], now: Date) => TRoundSelect;
};
/** The columns every source answers (those of `game_rounds`), whatever tables it reads. */
type TRoundRow = InferResult<ReturnType<typeof gameRoundsSelect>>[number];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the sources join different tables; only their columns must agree.
type TRoundSelect = SelectQueryBuilder<any, any, TRoundRow>;

/** Rounds in `game_rounds` (migration 0018), with their seed and the member's username. */
function gameRoundsSelect(db: Kysely<DB>, merchantId: number, engines: readonly TGameEngine[]) {
  return db
    .selectFrom('game_rounds as r')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .innerJoin('game_seeds as s', 's.id', 'r.seed_id')
    .leftJoin('members as m', 'm.id', 'r.member_id')
    .where('r.merchant_id', '=', merchantId)
    .where('g.engine', 'in', [...engines])
    .select([
      sql<string>`r.id::text`.as('round_id'),
      sql<string>`r.id::bigint`.as('seq'),
      sql<TGameEngine>`g.engine`.as('engine'),
      'g.node_id',
      'g.name_en',
      'g.name_bn',
      sql<string>`coalesce(m.username, '')`.as('username'),
      'r.mode',
      sql<string>`r.state`.as('state'),
      'r.stake_minor',
      'r.payout_minor',
      's.server_seed_hash',
      sql<string | null>`case when s.revealed_at is null then null else s.server_seed end`.as('server_seed'),
      's.client_seed',
      'r.nonce',
      'r.outcome',
      'r.created_at',
      'r.settled_at',
      // When the round was due to settle: a spin at once.
      sql<Date>`r.created_at`.as('due_at'),
    ]);
}

/** The built-in provider's shared round table: the slot's rounds. */
const gameRoundsSource: TRoundSource = { engines: ['slot'], select: gameRoundsSelect };

/**
 * The columns of a source of bets, in gameRoundsSelect's order (a union matches them by place), with
 * `b` the bets, `g` their game and `m` the member: one row per bet, `<prefix><bet id>` as the
 * wallet's `WLG-<prefix><bet id>`; `own` are the engine's payout, seeds, nonce and outcome, `dueAt`
 * when the bet was due to settle.
 */
function betColumns<T extends readonly AliasedRawBuilder<unknown, string>[]>(prefix: 'L' | 'C', own: T, dueAt: RawBuilder<Date>) {
  return [
    sql<string>`${sql.lit(prefix)} || b.id::text`.as('round_id'),
    sql<string>`b.id::bigint`.as('seq'),
    sql<TGameEngine>`g.engine`.as('engine'),
    sql<string>`g.node_id`.as('node_id'),
    sql<string>`g.name_en`.as('name_en'),
    sql<string>`g.name_bn`.as('name_bn'),
    sql<string>`coalesce(m.username, '')`.as('username'),
    sql<TRoundRow['mode']>`b.mode`.as('mode'),
    sql<string>`b.state`.as('state'),
    sql<TRoundRow['stake_minor']>`b.stake_minor`.as('stake_minor'),
    ...own,
    sql<TRoundRow['created_at']>`b.created_at`.as('created_at'),
    sql<TRoundRow['settled_at']>`b.settled_at`.as('settled_at'),
    dueAt.as('due_at'),
  ] as const;
}

/**
 * The lottery's bets (migration 0019). The seed is the draw's, revealed once it is drawn; the
 * client seed is the draw's, the nonce 0. A bet is due when its draw closes.
 */
const lotteryBetsSource: TRoundSource = {
  engines: ['lottery'],
  select: (db, merchantId) =>
    db
      .selectFrom('lottery_bets as b')
      .innerJoin('lottery_draws as d', 'd.id', 'b.draw_id')
      .innerJoin('games as g', 'g.id', 'b.game_id')
      .leftJoin('members as m', 'm.id', 'b.member_id')
      .where('b.merchant_id', '=', merchantId)
      .where('d.merchant_id', '=', merchantId)
      .where('g.engine', '=', 'lottery')
      .select(
        betColumns(
          'L',
          [
            sql<number>`coalesce(b.win_minor, 0)`.as('payout_minor'),
            sql<string>`d.server_seed_hash`.as('server_seed_hash'),
            sql<string | null>`case when d.state = 'open' then null else d.server_seed end`.as('server_seed'),
            sql<string>`d.client_seed`.as('client_seed'),
            sql<number>`0`.as('nonce'),
            sql<unknown>`jsonb_build_object('numero', d.numero, 'betType', b.bet_type, 'pick', b.pick, 'result', case when d.state = 'open' then null else d.result end, 'payoutX100', b.payout_x100)`.as(
              'outcome',
            ),
          ],
          sql<Date>`d.closes_at`,
        ),
      ),
};

/**
 * The crash game's bets (migration 0020). The round's seed and crash point show once it crashed by
 * the server's clock; the client seed is the game code and the nonce the round number (docs/0042's
 * formula). A bet is due when its round crashes (a cash-out is paid at once, but the crash settles
 * it at the latest).
 */
const crashBetsSource: TRoundSource = {
  engines: ['crash'],
  select: (db, merchantId, _engines, now) =>
    db
      .selectFrom('crash_bets as b')
      .innerJoin('crash_rounds as c', 'c.id', 'b.round_id')
      .innerJoin('games as g', 'g.id', 'b.game_id')
      .leftJoin('members as m', 'm.id', 'b.member_id')
      .where('b.merchant_id', '=', merchantId)
      .where('c.merchant_id', '=', merchantId)
      .where('g.engine', '=', 'crash')
      .select(
        betColumns(
          'C',
          [
            sql<number>`coalesce(b.payout_minor, 0)`.as('payout_minor'),
            sql<string>`c.server_seed_hash`.as('server_seed_hash'),
            sql<string | null>`case when c.crashes_at <= ${now} then c.server_seed else null end`.as('server_seed'),
            sql<string>`g.game_code`.as('client_seed'),
            sql<number>`c.round_no`.as('nonce'),
            sql<unknown>`jsonb_build_object('roundNo', c.round_no, 'crashX100', case when c.crashes_at <= ${now} then c.crash_x100 else null end, 'autoCashOutX100', b.auto_cash_out_x100, 'cashOutX100', b.cash_out_x100)`.as(
              'outcome',
            ),
          ],
          sql<Date>`c.crashes_at`,
        ),
      ),
};

export const ROUND_SOURCES: readonly TRoundSource[] = [gameRoundsSource, lotteryBetsSource, crashBetsSource];

/** Per engine: the few facts of a round's stored outcome the console prints. */
export const ROUND_SUMMARIES: Partial<Record<TGameEngine, (outcome: unknown) => TRoundOutcomeSummary | null>> = {
  slot: (outcome) => {
    const spin = outcome as Partial<TSlotSpin> | null;
    if (!spin || !Array.isArray(spin.stops) || !Array.isArray(spin.lines) || typeof spin.stakeMinor !== 'number') return null;
    return { engine: 'slot', stops: spin.stops, winningLines: spin.lines.length, betPerLineMinor: Math.round(spin.stakeMinor / SLOT_LINES.length) };
  },
  // Built by the lottery source's select (its facts live in the bet and draw rows).
  lottery: (outcome) => {
    const parsed = ZRoundOutcomeSummary.safeParse({ engine: 'lottery', ...(outcome as object) });
    return parsed.success ? parsed.data : null;
  },
  // Built by the crash source's select.
  crash: (outcome) => {
    const parsed = ZRoundOutcomeSummary.safeParse({ engine: 'crash', ...(outcome as object) });
    return parsed.success ? parsed.data : null;
  },
};

const parseOutcome = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The merchant's real-money plays of every game still open or placed OPERATOR_STUCK_AFTER_MS after they
 * were due: the alert of the console's rounds view. The sweeps retry them with the same ids; a play that
 * stays here has a wallet that refuses it (a refused win of a taken stake is never expected) or is away.
 */
async function stuckPlays(deps: TPlatformDeps, merchantId: number): Promise<{ stuck: number; stuckSince: string | null }> {
  const [first, ...rest] = ROUND_SOURCES.map((source) => source.select(deps.db, merchantId, source.engines, deps.clock()));
  const union = rest.reduce((all, next) => all.unionAll(next), first!);
  const row = await deps.db
    .selectFrom(union.as('x'))
    .where('x.mode', '=', 'real')
    .where('x.state', 'in', ['open', 'placed'])
    .where('x.due_at', '<', new Date(deps.clock().getTime() - OPERATOR_STUCK_AFTER_MS))
    .select([sql<string>`count(*)`.as('n'), sql<Date | null>`min(x.due_at)`.as('since')])
    .executeTakeFirstOrThrow();
  return { stuck: Number(row.n), stuckSince: iso(row.since) };
}

/**
 * A page of the merchant's rounds of the built-in games, newest first, with each round's provably
 * fair data, and the totals over the whole filter: stakes the wallet took (placed or settled) and
 * wins it paid (settled). Another merchant's rounds are never in any source's select. A lottery or
 * crash "round" is one bet.
 */
export async function operatorGameRounds(deps: TPlatformDeps, merchantId: number, q: TOperatorRoundsQuery): Promise<TOperatorRoundsResponse> {
  const db = deps.db;
  const wanted = q.engine ? [q.engine] : GAME_ENGINES;
  const selects = ROUND_SOURCES.flatMap((source) => {
    const engines = source.engines.filter((e) => wanted.includes(e));
    return engines.length === 0 ? [] : [source.select(db, merchantId, engines, deps.clock())];
  });
  const games = await db
    .selectFrom('games')
    .select(['node_id', 'engine', 'name_en', 'name_bn'])
    .where('merchant_id', '=', merchantId)
    .where('engine', 'is not', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const gameList = games.map((g) => ({ nodeId: g.node_id, engine: g.engine!, nameEn: g.name_en, nameBn: g.name_bn }));
  const stuck = await stuckPlays(deps, merchantId);
  const empty = { rounds: [], total: 0, pageNo: q.pageNo, pageSize: q.pageSize, betMinor: 0, winMinor: 0, games: gameList, ...stuck };
  const [first, ...rest] = selects;
  if (!first) return empty;
  const union = rest.reduce((all, next) => all.unionAll(next), first);
  const filtered = () => {
    let query = db
      .selectFrom(union.as('x'))
      .where('x.mode', '=', q.mode)
      .where('x.created_at', '>=', new Date(q.from))
      .where('x.created_at', '<', new Date(q.to));
    if (q.nodeId) query = query.where('x.node_id', '=', q.nodeId);
    if (q.state) query = query.where('x.state', '=', q.state);
    if (q.account) query = query.where(sql<string>`lower(x.username)`, '=', q.account.trim().toLowerCase());
    return query;
  };
  const totals = await filtered()
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`coalesce(sum(case when x.state in ('placed', 'settled') then x.stake_minor else 0 end), 0)`.as('bet'),
      sql<string>`coalesce(sum(case when x.state = 'settled' then x.payout_minor else 0 end), 0)`.as('win'),
    ])
    .executeTakeFirstOrThrow();
  const rows = await filtered()
    .selectAll('x')
    .orderBy('x.created_at', 'desc')
    // Ids are per table: the engine breaks a tie between sources, so pages never overlap.
    .orderBy('x.seq', 'desc')
    .orderBy('x.engine')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    ...empty,
    total: Number(totals.total),
    betMinor: Number(totals.bet),
    winMinor: Number(totals.win),
    rounds: rows.map((r): TOperatorRound => ({
      roundId: r.round_id,
      engine: r.engine,
      nodeId: r.node_id,
      nameEn: r.name_en,
      nameBn: r.name_bn,
      username: r.username,
      mode: r.mode,
      state: r.state as TOperatorRound['state'],
      stakeMinor: Number(r.stake_minor),
      payoutMinor: Number(r.payout_minor),
      serverSeedHash: r.server_seed_hash,
      serverSeed: r.server_seed,
      clientSeed: r.client_seed,
      nonce: r.nonce,
      outcome: ROUND_SUMMARIES[r.engine]?.(parseOutcome(r.outcome)) ?? null,
      playedAt: iso(r.created_at)!,
      settledAt: iso(r.settled_at),
    })),
  };
}
