import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../db/schema.ts';
import { turnoverOf } from '../bonus/wagering.ts';

type TRows<T> = Promise<{ rows: T[] }>;
/** The rebate rate the money property test sets at every level and game type, in basis points. */
export const REBATE_BP = 100;
const rows = async <T>(q: TRows<T>) => (await q).rows;

/**
 * What must hold after a random money run with the engagement engine (the money property test,
 * docs/0095): each bonus ended once and left no money behind, turnover credited exactly, no stake
 * above a bonus's maximum accepted, every rebate claim and cashback payout paid by one ledger
 * movement of its amount (and one payout per promotion, member and period), every withdrawal hold
 * equal to its pending withdrawals, each deposit matched at most once. Then that the run did what it
 * says: conversions, expiries, cancellations, bonus stakes, rebates, cashback and both withdrawal
 * decisions all happened.
 */
export async function moneyRunChecks(db: Kysely<DB>, memberIds: number[]): Promise<void> {
  const twice = await rows(
    sql<{ key: string }>`
      select idempotency_key as key from ledger_transactions
      where idempotency_key like 'bonus-convert:%' or idempotency_key like 'bonus-end:%' group by idempotency_key having count(*) > 1`.execute(db),
  );
  expect(twice).toEqual([]);
  const audits = await rows(
    sql<{ detail: string }>`
      select split_part(detail, ' ', 1) as detail from member_audit
      where action in ('bonus_converted', 'bonus_expired', 'bonus_cancelled', 'bonus_forfeited') group by 1 having count(*) > 1`.execute(db),
  );
  expect(audits).toEqual([]);
  // No bonus money stays behind a bonus that ended: the bonus wallet holds money only with an active bonus.
  const stranded = await rows(
    sql<{ member_id: number }>`
      select a.member_id from ledger_accounts a join ledger_balances b on b.account_id = a.id
      where a.kind = 'member_bonus' and b.balance_minor <> 0
        and not exists (select 1 from bonus_awards w where w.member_id = a.member_id and w.state = 'active')`.execute(db),
  );
  expect(stranded).toEqual([]);
  await turnoverChecks(db);
  await payoutChecks(db);
  // Each deposit paid one match at most (the award's source key is the deposit).
  const matched = await rows(
    sql<{ key: string }>`select source_key as key from bonus_awards where source = 'deposit_match' group by member_id, source_key having count(*) > 1`.execute(
      db,
    ),
  );
  expect(matched).toEqual([]);
  // The run did what it says.
  const states = (await db.selectFrom('bonus_awards').select('state').where('member_id', 'in', memberIds).execute()).map((s) => s.state);
  for (const state of ['converted', 'expired', 'cancelled'] as const) expect(states).toContain(state);
  const did = await rows(
    sql<{ stakes: number; claims: number; cashback: number; paid: number; rejected: number; matches: number }>`
      select (select count(*)::int from bonus_stakes where bonus_minor > 0) as stakes,
             (select count(*)::int from rebate_claims) as claims,
             (select count(*)::int from cashback_payouts where state = 'paid') as cashback,
             (select count(*)::int from withdrawals where status = 'paid') as paid,
             (select count(*)::int from withdrawals where status = 'rejected') as rejected,
             (select count(*)::int from bonus_awards where source = 'deposit_match') as matches`.execute(db),
  );
  for (const [what, n] of Object.entries(did[0]!)) expect({ what, some: n > 0 }).toEqual({ what, some: true });
}

/** Turnover: each bet's credit is its valid amount × weight, each award's the sum of its bets', no stake above the max. */
async function turnoverChecks(db: Kysely<DB>): Promise<void> {
  const stakes = await db
    .selectFrom('bonus_stakes as s')
    .innerJoin('seamless_transactions as w', (j) =>
      j
        .onRef('w.provider_id', '=', 's.provider_id')
        .on('w.kind', '=', 'win')
        .onRef('w.round_id', '=', sql`'R:' || s.bet_transaction_id`),
    )
    .select(['s.stake_minor', 's.turnover_minor', 'w.amount_minor as payout'])
    .where('s.turnover_minor', '>', 0)
    .execute();
  for (const s of stakes) expect(Number(s.turnover_minor)).toBe(turnoverOf(Number(s.stake_minor), Number(s.payout), 100));
  const sums = await rows(
    sql<{ id: number }>`
      select a.id from bonus_awards a left join bonus_stakes s on s.award_id = a.id
      group by a.id having a.turnover_done_minor <> coalesce(sum(s.turnover_minor), 0)`.execute(db),
  );
  expect(sums).toEqual([]);
  const overMax = await rows(
    sql<{ n: number }>`
      select count(*)::int as n from bonus_stakes s join bonus_awards a on a.id = s.award_id where a.max_stake_minor is not null and s.stake_minor > a.max_stake_minor`.execute(
      db,
    ),
  );
  expect(overMax[0]!.n).toBe(0);
}

/** Ledger movements of `kind` that no row of `table` names: money moved with nothing to say why. */
async function unexplained(db: Kysely<DB>, kind: 'rebate' | 'cashback', table: 'rebate_claims' | 'cashback_payouts'): Promise<number> {
  const found = await sql<{ n: number }>`
    select count(*)::int as n from ledger_transactions t
    where t.kind = ${kind} and not exists (select 1 from ${sql.table(table)} c where c.ledger_transaction_id = t.id)`.execute(db);
  return found.rows[0]!.n;
}

/** Rebate claims and cashback payouts: one ledger movement of the row's amount each, to the row's member; withdrawal holds. */
async function payoutChecks(db: Kysely<DB>): Promise<void> {
  const claims = await rows(
    sql<{ id: number }>`
      select c.id from rebate_claims c left join ledger_transactions t on t.id = c.ledger_transaction_id
      where t.id is null or t.kind <> 'rebate' or t.owner_id <> c.member_id
         or (select sum(e.amount_minor) from ledger_entries e where e.transaction_id = t.id and e.amount_minor > 0) <> c.amount_minor`.execute(db),
  );
  expect(claims).toEqual([]);
  expect(await unexplained(db, 'rebate', 'rebate_claims')).toBe(0);
  // Each claim paid exactly its rounds: per game type, the valid amounts of the settled rounds it
  // marked (each round in one claim at most: the mark's key) × the rate (1 % at every level here).
  const misPaid = await rows(
    sql<{ id: number }>`
      select c.id from rebate_claims c
      where c.amount_minor <> coalesce((
        select sum(t.amount) from (
          select floor(sum(least(w.settled_stake_minor, abs(w.amount_minor - w.settled_stake_minor))) * ${REBATE_BP} / 10000) as amount
          from rebated_settlements m join seamless_transactions w on w.id = m.win_id and w.kind = 'win'
          where m.claim_id = c.id
          group by (select g.game_type from games g where g.game_code = w.game_code order by g.id limit 1)) t), -1)`.execute(db),
  );
  expect(misPaid).toEqual([]);
  const cashback = await rows(
    sql<{ id: number }>`
      select c.id from cashback_payouts c left join ledger_transactions t on t.id = c.ledger_transaction_id
      where (c.state = 'paid') <> (t.id is not null) or (t.id is not null and (t.kind <> 'cashback'
         or (select sum(e.amount_minor) from ledger_entries e where e.transaction_id = t.id and e.amount_minor > 0) <> c.amount_minor))`.execute(db),
  );
  expect(cashback).toEqual([]);
  const periods = await rows(
    sql<{
      n: number;
    }>`select count(*)::int as n from (select 1 from cashback_payouts group by promotion_id, member_id, period_start having count(*) > 1) d`.execute(db),
  );
  expect(periods[0]!.n).toBe(0);
  expect(await unexplained(db, 'cashback', 'cashback_payouts')).toBe(0);
  const holds = await rows(
    sql<{ member_id: number }>`
      select a.member_id from ledger_accounts a join ledger_balances b on b.account_id = a.id
      where a.kind = 'member_withdrawal_hold'
        and b.balance_minor <> coalesce((select sum(w.amount_minor) from withdrawals w where w.member_id = a.member_id and w.status = 'pending'), 0)`.execute(
      db,
    ),
  );
  expect(holds).toEqual([]);
}
