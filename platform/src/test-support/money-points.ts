import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../db/schema.ts';

/**
 * What must hold of the points mall after a random money run (docs/0113): every member's points
 * are the sum of its record rows and the last row's balance, never below zero; each round and
 * deposit earned once (their marks are primary keys, and each credited mark belongs to one entry);
 * each conversion is one ledger transfer of its amount under its member's key into that member's
 * wallet; each order's points are one redeem row. Then that the run did it: points earned on play,
 * conversions and orders made.
 */
export async function pointsRunChecks(db: Kysely<DB>, memberIds: number[]): Promise<void> {
  const ids = sql.join(memberIds);
  const drift = await sql<{ member_id: number }>`
    select b.member_id from points_balances b
    left join (select member_id, sum(points) as total, (array_agg(balance_after order by id desc))[1] as last from points_entries group by member_id) e
      on e.member_id = b.member_id
    where b.balance < 0 or coalesce(e.total, 0) <> b.balance or coalesce(e.last, 0) <> b.balance`.execute(db);
  expect(drift.rows).toEqual([]);
  const conversions = await sql<{ id: number; n: string }>`
    select c.id, count(t.id) as n from points_conversions c
    left join ledger_transactions t on t.owner_kind = 'member' and t.owner_id = c.member_id and t.idempotency_key = 'points-convert:' || c.idempotency_key
      and t.kind = 'points_convert' and t.id = c.ledger_transaction_id
      and exists (select 1 from ledger_entries e join ledger_accounts a on a.id = e.account_id
                  where e.transaction_id = t.id and a.member_id = c.member_id and a.kind = 'member_wallet' and e.amount_minor = c.amount_minor)
    group by c.id having count(t.id) <> 1`.execute(db);
  expect(conversions.rows).toEqual([]);
  const strayConversions = await sql<{ id: number }>`
    select t.id from ledger_transactions t where t.kind = 'points_convert'
      and not exists (select 1 from points_conversions c where c.ledger_transaction_id = t.id)`.execute(db);
  expect(strayConversions.rows).toEqual([]);
  const orders = await sql<{ id: number }>`
    select o.id from points_orders o join points_entries e on e.id = o.entry_id
    where e.type <> 'redeem' or e.points <> -o.points or e.member_id <> o.member_id`.execute(db);
  expect(orders.rows).toEqual([]);
  const did = await sql<{ earned: number; converted: number; ordered: number }>`
    select (select count(*)::int from points_entries where type = 'rng' and member_id in (${ids})) as earned,
           (select count(*)::int from points_conversions where member_id in (${ids})) as converted,
           (select count(*)::int from points_orders where member_id in (${ids})) as ordered`.execute(db);
  expect(did.rows[0]!.earned).toBeGreaterThan(0);
  expect(did.rows[0]!.converted).toBeGreaterThan(0);
  expect(did.rows[0]!.ordered).toBeGreaterThan(0);
}
