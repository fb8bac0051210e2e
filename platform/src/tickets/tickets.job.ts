import { sql, type Kysely } from 'kysely';
import { TRIAL_TYPE } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { localDaySql } from '../kernel/local-day.ts';
import { earnTickets } from './tickets.service.ts';

/*
 * The tickets run (docs/0125): tickets are earned at most a minute after their fact, not only when
 * the member opens the reward centre, so the reward badge counts them without a visit. Each run
 * finds the members with a recent fact of a running rule that has no ticket yet — a credited
 * deposit of the rule's threshold, a login on a local day with no envelope, a settled round (which
 * may complete a turnover step) — and collects theirs with `earnTickets`, the one path of the
 * visit: once per rule and fact (the unique key), nothing for a closed account. A fact older than
 * the window (the job down for longer) is collected at the member's next visit as before.
 */

/** Queue of the tickets run. */
export const TICKETS_EARN_QUEUE = 'tickets.earn';

/** Every minute; pg-boss sends it once per slot however many platform processes share the database. */
export const TICKETS_EARN_CRON = '* * * * *';

/** How far back a run reads facts: a few missed runs are caught up. */
export const TICKETS_EARN_WINDOW_MINUTES = 10;

/** Members a run collects at most, picked at random (the rest at the next runs, or their visit). */
const MEMBERS_A_RUN = 500;

/** One run: the members with a recent fact lacking its ticket, their tickets collected. */
export async function runTicketsEarn(db: Kysely<DB>, now: Date): Promise<{ members: number; earned: number }> {
  const since = new Date(now.getTime() - TICKETS_EARN_WINDOW_MINUTES * 60_000);
  const { rows } = await sql<{ merchant_id: number; member_id: number }>`
    with r as (
      select r.id, r.merchant_id, r.earn, r.threshold_minor, greatest(r.starts_at, ${since}::timestamptz) as since, m.tz_offset_minutes as offset_minutes
      from ticket_rules r join merchants m on m.id = r.merchant_id
      -- The rules earnTickets serves: running and priced by finance for their current terms (docs/0126).
      where r.active and r.priced_version = r.terms_version and r.starts_at <= ${now})
    select merchant_id, member_id from (select distinct c.merchant_id, c.member_id from (
      select r.merchant_id, d.member_id from r join deposits d on d.merchant_id = r.merchant_id
      where r.earn = 'deposit' and d.status = 'approved' and d.decided_at >= r.since and d.amount_minor >= r.threshold_minor
        and not exists (select 1 from reward_tickets t where t.member_id = d.member_id and t.rule_id = r.id and t.source_key = 'deposit:' || d.id)
      union all
      select r.merchant_id, s.member_id from sessions s join members mm on mm.id = s.member_id join r on r.merchant_id = mm.merchant_id
      where r.earn = 'login_day' and s.started_at >= r.since and mm.type <> ${TRIAL_TYPE}
        and not exists (select 1 from reward_tickets t where t.member_id = s.member_id and t.rule_id = r.id
          and t.source_key = 'day:' || ${localDaySql(sql`s.started_at`, sql`r.offset_minutes`)})
      union all
      select r.merchant_id, w.member_id from seamless_transactions w join seamless_providers p on p.id = w.provider_id join r on r.merchant_id = p.merchant_id
      where r.earn = 'turnover' and w.kind = 'win' and w.created_at >= r.since
    ) c) m
    -- In no fixed order: with more members than a run takes, none waits behind the same others every minute.
    order by random()
    limit ${MEMBERS_A_RUN}`.execute(db);
  let earned = 0;
  for (const c of rows) earned += await earnTickets(db, Number(c.merchant_id), Number(c.member_id), now);
  return { members: rows.length, earned };
}

/** Registers the tickets run on a runner; `clock` is the platform's clock. */
export async function defineTicketsEarn(runner: JobRunner, deps: { clock: () => Date }): Promise<void> {
  await runner.define(
    TICKETS_EARN_QUEUE,
    async (job) => {
      await runTicketsEarn(job.db, deps.clock());
    },
    { retryLimit: 0, expireInSeconds: 300, policy: 'short' },
  );
}
