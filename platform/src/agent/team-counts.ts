import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { bucketSql, isoSql, planPeriod } from './team-figures.ts';

/**
 * The team's size and its new members (docs/0082) from `team_joins` (migration 0034): registrations
 * per agent and UTC hour over the agent's whole team, kept by the closure table's own statements, so
 * a 100,000-member team is a few hundred rows and never a walk. The new members of the period's
 * partial hours (and of the hours that straddle two local buckets) are read from the members
 * themselves (index members_created_idx), each checked against the tree with one key probe.
 * Direct downlines are the members whose upline is the agent (index members_upline_idx).
 */
export async function teamCounts(
  db: Kysely<DB>,
  merchantId: number,
  agentId: number,
  period: { from: number; to: number; bucket: 'hour' | 'day'; offsetMinutes: number } | null,
): Promise<{ teamSize: number; directCount: number; newMembers: number; joinedBy: Map<string, number> }> {
  const size = sql`
    select null as label, coalesce(sum(j.joined), 0) as n, (select count(*) from members d where d.upline_id = ${agentId} and d.merchant_id = ${merchantId}) as direct
    from team_joins j where j.ancestor_id = ${agentId}`;
  let joined = sql``;
  if (period) {
    const plan = planPeriod(period.from, period.to, period.bucket, period.offsetMinutes);
    const label = (column: ReturnType<typeof sql>) => bucketSql(column, period.bucket, period.offsetMinutes);
    const notSkipped = plan.skip.length > 0 ? sql`and j.hour not in (${sql.join(plan.skip.map(isoSql))})` : sql``;
    if (plan.fullFrom < plan.fullTo)
      joined = sql`${joined} union all
        select ${label(sql`j.hour`)}, sum(j.joined), null from team_joins j
        where j.ancestor_id = ${agentId} and j.hour >= ${isoSql(plan.fullFrom)} and j.hour < ${isoSql(plan.fullTo)} ${notSkipped}
        group by 1`;
    // team_joins is hourly: the slots' parts are read from the members too (docs/0087).
    const exact = [...plan.raw, ...plan.slots].sort((x, y) => x[0] - y[0]);
    if (exact.length > 0)
      joined = sql`${joined} union all
        select ${label(sql`m.created_at`)}, count(*), null from members m
        join member_tree t on t.ancestor_id = ${agentId} and t.descendant_id = m.id and t.depth >= 1
        where m.merchant_id = ${merchantId} and (${sql.join(
          exact.map(([a, b]) => sql`(m.created_at >= ${isoSql(a)} and m.created_at < ${isoSql(b)})`),
          sql` or `,
        )})
        group by 1`;
  }
  const rows = (await sql<{ label: string | null; n: number | string; direct: number | string | null }>`${size} ${joined}`.execute(db)).rows;
  const joinedBy = new Map<string, number>();
  let teamSize = 0;
  let directCount = 0;
  let newMembers = 0;
  for (const r of rows) {
    if (r.label === null) {
      teamSize = Number(r.n);
      directCount = Number(r.direct);
    } else {
      joinedBy.set(r.label, (joinedBy.get(r.label) ?? 0) + Number(r.n));
      newMembers += Number(r.n);
    }
  }
  return { teamSize, directCount, newMembers, joinedBy };
}
