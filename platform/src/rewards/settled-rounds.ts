import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/*
 * The one definition of a settled real-money round (docs/0099), read by rebates, VIP turnover and
 * cashback alike: the seamless wallet's record, so every provider's bets count, the built-in slot,
 * crash and lottery included (they bet through the same wallet; game_rounds is not read, so none
 * counts twice). A round is settled by its win row (a win of 0 closes a lost round): the win settled
 * the member's placed bets of that round (their slots 'settled'; a rolled-back or void bet is never
 * settled, so it earns nothing). Stake = those bets' sum (kept on the win row by the win itself,
 * `settled_stake_minor`), payout = the win's amount, time = the win's, game type = the game code's
 * among the merchant's games. The win's id is the round's key.
 * Only real members reach the wallet (seamlessWallet refuses trial accounts), so every round is real money.
 */

/** Settled rounds of wins matching `where` (on the win row `w` and its provider `p`), with `game_type` when asked. */
export function settledRounds(where: RawBuilder<unknown>, opts: { gameType?: boolean } = {}): RawBuilder<unknown> {
  const gameType = opts.gameType
    ? sql`, coalesce((select g.game_type from games g where g.merchant_id = p.merchant_id and g.game_code = w.game_code order by g.id limit 1), '') as game_type`
    : sql``;
  return sql`(
    select w.id as win_id, p.merchant_id, w.member_id, w.created_at as settled_at, w.amount_minor as payout_minor, w.settled_stake_minor as stake_minor ${gameType}
    from seamless_transactions w
    join seamless_providers p on p.id = w.provider_id
    where w.kind = 'win' and ${where}
  )`;
}

/** A round's valid amount (docs/0091): the lesser of the stake and what it won or lost, |payout − stake|. */
export const VALID = sql`least(r.stake_minor, abs(r.payout_minor - r.stake_minor))`;

/** `ids` as a bigint[] literal parameter (one parameter however many). */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

/** A member's approved deposits and valid turnover since `since` (the VIP thresholds' figures), up to `until` when given (a referral's window, docs/0097). */
export async function vipFigures(db: TDb, memberId: number, since: Date, until?: Date): Promise<{ depositMinor: number; turnoverMinor: number }> {
  return (await membersFigures(db, [memberId], since, until)).get(memberId)!;
}

/** vipFigures of many members in one statement (the daily review, docs/0099). */
export async function membersFigures(
  db: TDb,
  memberIds: readonly number[],
  since: Date,
  until?: Date,
): Promise<Map<number, { depositMinor: number; turnoverMinor: number }>> {
  const end = until ?? null;
  const rows = await sql<{ id: number; deposit: string | number; turnover: string | number }>`
    select m.id,
      coalesce((select sum(d.amount_minor) from deposits d
        where d.member_id = m.id and d.status = 'approved' and d.decided_at >= ${since} and (${end}::timestamptz is null or d.decided_at <= ${end})), 0) as deposit,
      coalesce((select sum(${VALID}) from ${settledRounds(sql`w.member_id = m.id and w.created_at >= ${since} and (${end}::timestamptz is null or w.created_at <= ${end})`)} r), 0) as turnover
    from members m
    where m.id = any(${idArray(memberIds)})`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.id), { depositMinor: Number(r.deposit), turnoverMinor: Number(r.turnover) }]));
}

/** The member's settled rounds not yet rebated, their valid amounts summed by game type. */
export async function unrebatedByGameType(db: TDb, memberId: number): Promise<{ gameType: string; validMinor: number }[]> {
  const rows = await sql<{ game_type: string; valid: string | number }>`
    select r.game_type, sum(${VALID}) as valid
    from ${settledRounds(sql`w.member_id = ${memberId} and not exists (select 1 from rebated_settlements x where x.win_id = w.id)`, { gameType: true })} r
    group by r.game_type`.execute(db);
  return rows.rows.map((r) => ({ gameType: r.game_type, validMinor: Number(r.valid) }));
}

/**
 * Rebate claims of many members in one statement (docs/0099): each member's unrebated settled
 * rounds, their valid amounts summed by game type, times the rate of the member's level, rounded
 * down per game type; a claim row for each member whose total is above zero (unique per member and
 * key: a member who already has one under the key gets none), and every round of a new claim marked
 * (the win's id is the marker's primary key: a round joins one claim, ever). One snapshot decides the
 * rounds, the amounts and the marks, so a win settling meanwhile is in none of them. The caller holds
 * the members' locks and pays each claim returned in the same transaction.
 */
export async function insertRebateClaims(
  trx: Transaction<DB>,
  merchantId: number,
  memberIds: readonly number[],
  claim: { key: string; source: 'member' | 'job' },
): Promise<{ id: number; memberId: number; amountMinor: number }[]> {
  if (memberIds.length === 0) return [];
  const rows = await sql<{ id: number | string; member_id: number; amount_minor: number | string }>`
    with due as (
      select r.win_id, r.member_id, r.game_type, ${VALID} as valid
      from ${settledRounds(sql`w.member_id = any(${idArray(memberIds)}) and not exists (select 1 from rebated_settlements x where x.win_id = w.id)`, { gameType: true })} r
    ), lines as (
      select d.member_id, d.game_type, sum(d.valid) as valid from due d group by d.member_id, d.game_type
    ), amounts as (
      select l.member_id, sum(floor(l.valid * coalesce(rr.rate_bp, 0) / 10000))::bigint as amount
      from lines l
      join members m on m.id = l.member_id
      left join rebate_rates rr on rr.merchant_id = ${merchantId} and rr.level = m.vip_rank and rr.game_type = l.game_type
      group by l.member_id
    ), claims as (
      insert into rebate_claims (merchant_id, member_id, idempotency_key, source, amount_minor)
      select ${merchantId}::integer, a.member_id, ${claim.key}::text, ${claim.source}::text, a.amount from amounts a where a.amount > 0 order by a.member_id
      on conflict (member_id, idempotency_key) do nothing
      returning id, member_id, amount_minor
    ), marks as (
      insert into rebated_settlements (win_id, claim_id) select d.win_id, c.id from due d join claims c on c.member_id = d.member_id
    )
    select id, member_id, amount_minor from claims order by member_id`.execute(trx);
  return rows.rows.map((r) => ({ id: Number(r.id), memberId: Number(r.member_id), amountMinor: Number(r.amount_minor) }));
}

/**
 * Each member's net loss (stakes − payouts) over the merchant's rounds settled in [start, end), where
 * above zero and not yet in a cashback row of the promotion and period. The members already paid
 * are read apart and left out here: an anti-join in the statement, planned on statistics taken
 * before a run's own rows, can scan those rows once per round (minutes at 1,000,000 rounds).
 */
export async function netLosses(
  db: TDb,
  p: { id: number; merchantId: number },
  period: { start: Date; end: Date },
): Promise<{ memberId: number; netMinor: number }[]> {
  const [rows, done] = await Promise.all([
    sql<{ member_id: number; net: string | number }>`
      select r.member_id, sum(r.stake_minor - r.payout_minor) as net
      from ${settledRounds(sql`p.merchant_id = ${p.merchantId} and w.created_at >= ${period.start} and w.created_at < ${period.end}`)} r
      group by r.member_id
      having sum(r.stake_minor - r.payout_minor) > 0
      order by r.member_id`.execute(db),
    db.selectFrom('cashback_payouts').select('member_id').where('promotion_id', '=', p.id).where('period_start', '=', period.start).execute(),
  ]);
  const paid = new Set(done.map((d) => d.member_id));
  return rows.rows.filter((r) => !paid.has(Number(r.member_id))).map((r) => ({ memberId: Number(r.member_id), netMinor: Number(r.net) }));
}
