import { sql, type Transaction } from 'kysely';
import { POINTS_DEPOSIT_PLAY_THROUGH_DAYS, type TPointSource } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { settledRounds, VALID } from '../rewards/settled-rounds.ts';
import { changePoints, earnRates, SOURCE_OF_GAME_TYPE } from './points.queries.ts';

/** `ids` as a bigint[] literal parameter. */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

type TEarned = { id: number; memberId: number; source: TPointSource | null; amountMinor: number };

/** Points for an amount at a rate of points per 100 units of currency (10,000 minor units), rounded down. */
export function pointsFor(amountMinor: number, pointsPer100: number): number {
  return Math.floor((amountMinor * pointsPer100) / 10_000);
}

/**
 * The members' approved deposits of the last POINTS_DEPOSIT_PLAY_THROUGH_DAYS, each with `played_through`
 * (docs/0128): every deposit's amount must be matched by valid turnover settled after it, in the
 * order the deposits were approved, turnover with no deposit waiting counting for none — a queue
 * served by play. Deposit k is through when, for every earlier deposit j of the window (j = k
 * included), the turnover settled since j's approval covers the deposits from j to k:
 * min over j ≤ k of (turnover since j + deposits before j) ≥ deposits up to k. So a deposit
 * withdrawn and deposited again earns only once it has been played through again: cycling money
 * earns nothing without the play every deposit needs.
 */
export function playedThroughDeposits(merchantId: number, memberIds: readonly number[], now: Date) {
  const since = new Date(now.getTime() - POINTS_DEPOSIT_PLAY_THROUGH_DAYS * 86_400_000);
  return sql`
    select c.id, c.member_id, c.amount_minor,
      min(c.covered) over (partition by c.member_id order by c.decided_at, c.id rows between unbounded preceding and current row) >= c.upto as played_through
    from (
      select d.id, d.member_id, d.amount_minor, d.decided_at, d.upto,
        d.upto - d.amount_minor + coalesce((
          select sum(${VALID}) from ${settledRounds(sql`w.member_id = d.member_id and w.created_at >= d.decided_at`)} r), 0) as covered
      from (
        select d.id, d.member_id, d.amount_minor, d.decided_at,
          sum(d.amount_minor) over (partition by d.member_id order by d.decided_at, d.id) as upto
        from deposits d
        where d.merchant_id = ${merchantId} and d.member_id = any(${idArray(memberIds)}) and d.status = 'approved' and d.decided_at >= ${since}
      ) d
    ) c`;
}

/**
 * Credits the points the members' settled rounds and played-through deposits earned (docs/0113, docs/0128), each
 * round and each deposit once. The rounds are the one definition rebates and VIP turnover read
 * (settled-rounds.ts, docs/0099), their valid amounts by the source of their game type. The marks
 * are inserted first, `on conflict do nothing` (points_rounds, points_deposits): a round another
 * transaction marked is not this one's, and one marked by a transaction still running waits for
 * it, so a rerun, a race with the member's own call or a run after a crash credits nothing twice.
 * Then per member and source one record row for the sum, rounded down; a sum still worth 0 points
 * gives its marks back (it adds up with later rounds), a source without a rate keeps them (it
 * never earns). Closed accounts are not passed in (docs/rules/protection.md#p-25).
 */
export async function creditEarnedPoints(
  trx: Transaction<DB>,
  merchantId: number,
  memberIds: readonly number[],
  now: Date,
): Promise<{ memberId: number; points: number }[]> {
  if (memberIds.length === 0) return [];
  const rounds = await sql<{ win_id: number | string }>`
    insert into points_rounds (win_id)
    select r.win_id from ${settledRounds(sql`p.merchant_id = ${merchantId} and w.member_id = any(${idArray(memberIds)}) and not exists (select 1 from points_rounds x where x.win_id = w.id)`)} r
    order by r.win_id
    on conflict (win_id) do nothing
    returning win_id`.execute(trx);
  const deposits = await sql<{ deposit_id: number | string }>`
    insert into points_deposits (deposit_id)
    select q.id from (${playedThroughDeposits(merchantId, memberIds, now)}) q
    where q.played_through and not exists (select 1 from points_deposits x where x.deposit_id = q.id)
    order by q.id
    on conflict (deposit_id) do nothing
    returning deposit_id`.execute(trx);
  const earned: TEarned[] = [];
  if (rounds.rows.length > 0) {
    const r = await sql<{ win_id: number | string; member_id: number; source: TPointSource | null; valid: number | string }>`
      select r.win_id, r.member_id, ${SOURCE_OF_GAME_TYPE} as source, ${VALID} as valid
      from ${settledRounds(sql`w.id = any(${idArray(rounds.rows.map((x) => Number(x.win_id)))})`, { gameType: true })} r`.execute(trx);
    for (const row of r.rows) earned.push({ id: Number(row.win_id), memberId: Number(row.member_id), source: row.source, amountMinor: Number(row.valid) });
  }
  const depositEarned: TEarned[] = [];
  if (deposits.rows.length > 0) {
    const d = await trx
      .selectFrom('deposits')
      .select(['id', 'member_id', 'amount_minor'])
      .where(
        'id',
        'in',
        deposits.rows.map((x) => Number(x.deposit_id)),
      )
      .execute();
    for (const row of d) depositEarned.push({ id: Number(row.id), memberId: row.member_id, source: 'deposit', amountMinor: Number(row.amount_minor) });
  }
  const rates = await earnRates(trx, merchantId);
  const credited = new Map<number, number>();
  for (const [list, table, column] of [
    [earned, 'points_rounds', 'win_id'],
    [depositEarned, 'points_deposits', 'deposit_id'],
  ] as const) {
    // Per member and source, in member order (the balances' rows are taken in one order).
    const groups = new Map<string, TEarned[]>();
    for (const e of [...list].sort((a, b) => a.memberId - b.memberId || a.id - b.id)) {
      const key = `${e.memberId}:${e.source ?? ''}`;
      groups.set(key, [...(groups.get(key) ?? []), e]);
    }
    for (const group of groups.values()) {
      const { memberId, source } = group[0]!;
      const rate = source === null ? 0 : (rates.get(source) ?? 0);
      if (rate === 0 || source === null) continue;
      const ids = group.map((g) => g.id);
      const points = pointsFor(
        group.reduce((sum, g) => sum + g.amountMinor, 0),
        rate,
      );
      if (points === 0) {
        await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = any(${idArray(ids)})`.execute(trx);
        continue;
      }
      const reference = source === 'deposit' ? `DEP-${ids[ids.length - 1]}` : `BET-${ids[ids.length - 1]}`;
      const entry = (await changePoints(trx, { merchantId, memberId, type: source, points, reference, remark: `${ids.length}` }))!;
      await sql`update ${sql.table(table)} set entry_id = ${entry.entryId} where ${sql.ref(column)} = any(${idArray(ids)})`.execute(trx);
      credited.set(memberId, (credited.get(memberId) ?? 0) + points);
    }
  }
  return [...credited].map(([memberId, points]) => ({ memberId, points }));
}
