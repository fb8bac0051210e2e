import { sql, type Kysely } from 'kysely';
import {
  GAME_ENGINES,
  type TGameEngine,
  type TOperatorRound,
  type TOperatorRoundsQuery,
  type TOperatorRoundsResponse,
  type TRoundOutcomeSummary,
} from '@wl/schemas';
import { SLOT_LINES, type TSlotSpin } from '@wl/schemas/games/slot';
import type { DB } from '../db/schema.ts';
import type { TPlatformDeps } from '../http/deps.ts';

/**
 * Where the built-in games keep their rounds, keyed by engine (docs/0043). A source answers every
 * round of its engines as the same columns (ROUND_COLUMNS below), so the console's filters, paging
 * and totals are written once over their union. An engine that writes `game_rounds` (as the slot
 * does) only adds its name to `gameRoundsSource`'s engines; one with a table of its own adds a source.
 */
type TRoundSource = {
  engines: readonly TGameEngine[];
  select: (db: Kysely<DB>, merchantId: number, engines: readonly TGameEngine[]) => ReturnType<typeof gameRoundsSelect>;
};

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
    ]);
}

/** The built-in provider's shared round table: the slot today; the crash game and the lottery may join it. */
const gameRoundsSource: TRoundSource = { engines: ['slot'], select: gameRoundsSelect };

export const ROUND_SOURCES: readonly TRoundSource[] = [gameRoundsSource];

/** Per engine: the few facts of a round's stored outcome the console prints. */
export const ROUND_SUMMARIES: Partial<Record<TGameEngine, (outcome: unknown) => TRoundOutcomeSummary | null>> = {
  slot: (outcome) => {
    const spin = outcome as Partial<TSlotSpin> | null;
    if (!spin || !Array.isArray(spin.stops) || !Array.isArray(spin.lines) || typeof spin.stakeMinor !== 'number') return null;
    return { engine: 'slot', stops: spin.stops, winningLines: spin.lines.length, betPerLineMinor: Math.round(spin.stakeMinor / SLOT_LINES.length) };
  },
};

const parseOutcome = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * A page of the merchant's rounds of the built-in games, newest first, with each round's provably
 * fair data, and the totals over the whole filter: stakes the wallet took (placed or settled) and
 * wins it paid (settled). Another merchant's rounds are never in any source's select.
 */
export async function operatorGameRounds(deps: TPlatformDeps, merchantId: number, q: TOperatorRoundsQuery): Promise<TOperatorRoundsResponse> {
  const db = deps.db;
  const wanted = q.engine ? [q.engine] : GAME_ENGINES;
  const selects = ROUND_SOURCES.flatMap((source) => {
    const engines = source.engines.filter((e) => wanted.includes(e));
    return engines.length === 0 ? [] : [source.select(db, merchantId, engines)];
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
  const empty = { rounds: [], total: 0, pageNo: q.pageNo, pageSize: q.pageSize, betMinor: 0, winMinor: 0, games: gameList };
  const [first, ...rest] = selects;
  if (!first) return empty;
  const union = rest.reduce((all, next) => all.unionAll(next), first);
  const filtered = () => {
    let query = db.selectFrom(union.as('x')).where('x.mode', '=', q.mode).where('x.created_at', '>=', new Date(q.from)).where('x.created_at', '<', new Date(q.to));
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
    .orderBy(sql`x.round_id::bigint`, 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    ...empty,
    total: Number(totals.total),
    betMinor: Number(totals.bet),
    winMinor: Number(totals.win),
    rounds: rows.map(
      (r): TOperatorRound => ({
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
      }),
    ),
  };
}
