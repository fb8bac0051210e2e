import { sql, type Kysely } from 'kysely';
import type { TOperatorAuditQuery } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

/** An operator of the brand by username, case-insensitive: its own or one granted to it (docs/0135). */
export function operatorByUsername(db: Kysely<DB>, merchantId: number, username: string) {
  return db
    .selectFrom('operator_brands as b')
    .innerJoin('operators as o', 'o.id', 'b.operator_id')
    .select(['o.id', 'o.username', 'o.name', 'b.role', 'o.password_hash', 'o.totp_secret', 'o.totp_last_counter'])
    .where('b.merchant_id', '=', merchantId)
    .where('b.username_key', '=', username.toLowerCase())
    .executeTakeFirst();
}

/**
 * Takes an operator's authenticator code of time step `step` (null: no step matched, the code is
 * wrong) at most once: the step moves forward in the statement that checks it. With `secret`, only
 * while that secret is still the operator's. Answers whether the code was taken.
 */
export async function takeOperatorTotpStep(db: Kysely<DB>, operatorId: number, step: number | null, secret?: string): Promise<boolean> {
  if (step === null) return false;
  let update = db.updateTable('operators').set({ totp_last_counter: step }).where('id', '=', operatorId);
  if (secret !== undefined) update = update.where('totp_secret', '=', secret);
  const taken = await update
    .where((eb) => eb.or([eb('totp_last_counter', 'is', null), eb('totp_last_counter', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return taken !== undefined;
}

/** The merchant's audit log, newest first, filtered and paged. */
export async function auditPage(db: Kysely<DB>, merchantId: number, q: TOperatorAuditQuery) {
  let query = db.selectFrom('config_audit').where('merchant_id', '=', merchantId);
  if (q.actor) query = query.where((eb) => eb(eb.fn('lower', ['operator_username']), '=', q.actor!.toLowerCase()));
  if (q.action) query = query.where('action', '=', q.action);
  if (q.from) query = query.where('created_at', '>=', new Date(q.from));
  if (q.to) query = query.where('created_at', '<=', new Date(q.to));
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'created_at', 'operator_id', 'operator_username', 'ip', 'action', 'before', 'after'])
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Counts one failed operator login in ONE statement (docs/0010): the row is inserted or raised by
 * one and locked once the count reaches `lockAfter`, so parallel guesses each see their own count.
 * A window older than `since`, or a lock that has run out, starts again at 1.
 */
export async function addOperatorFailure(
  db: Kysely<DB>,
  p: { merchantId: number; key: string; now: Date; since: Date; lockAfter: number; lockedUntil: Date },
): Promise<{ failures: number; lockedUntil: Date | null }> {
  const now = sql`${p.now.toISOString()}::timestamptz`;
  const since = sql`${p.since.toISOString()}::timestamptz`;
  const until = sql`${p.lockedUntil.toISOString()}::timestamptz`;
  const lockAfter = sql`${p.lockAfter}::integer`;
  const inWindow = sql`(t.window_started_at > ${since} and (t.locked_until is null or t.locked_until > ${now}))`;
  const next = sql`(case when ${inWindow} then t.failures + 1 else 1 end)`;
  const result = await sql<{ failures: number; locked_until: Date | string | null }>`
    insert into operator_login_throttle as t (merchant_id, username_key, failures, window_started_at, locked_until)
    values (${p.merchantId}, ${p.key}, 1, ${now}, case when 1 >= ${lockAfter} then ${until} else null end)
    on conflict (merchant_id, username_key) do update set
      failures = ${next},
      window_started_at = case when ${inWindow} then t.window_started_at else ${now} end,
      locked_until = case
        when t.locked_until > ${now} then t.locked_until
        when ${next} >= ${lockAfter} then ${until}
        else null
      end
    returning failures, locked_until`.execute(db);
  const row = result.rows[0]!;
  return { failures: Number(row.failures), lockedUntil: row.locked_until === null ? null : new Date(row.locked_until) };
}

/**
 * Gives back an attempt counted by addOperatorFailure that turned out not to be a failure (the right
 * password without its TOTP code); a lock it set goes with it. One statement.
 */
export async function releaseOperatorAttempt(db: Kysely<DB>, merchantId: number, key: string, lockAfter: number): Promise<void> {
  await sql`
    update operator_login_throttle set
      failures = greatest(failures - 1, 0),
      locked_until = case when failures - 1 >= ${lockAfter}::int then locked_until else null end
    where merchant_id = ${merchantId} and username_key = ${key}`.execute(db);
}
