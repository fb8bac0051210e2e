import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB, MembersTable } from '../db/schema.ts';
import { newAvatarKey } from '../kernel/member-keys.ts';
import { membersWithPhone } from '../verification/verification.service.ts';

/** A member by username, case-insensitive. */
export function memberByUsername(db: Kysely<DB>, merchantId: number, username: string) {
  return db
    .selectFrom('members')
    .select(LOGIN_MEMBER_COLUMNS)
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

/** A login attempt reserved by reserveLoginAttempt: its number in the window, and the lock it set. */
export type TLoginReservation = { failures: number; locked_until: Date | string | null };

/**
 * Reserves one judged login attempt for a username key BEFORE the password is checked, in one
 * statement, so parallel attempts cannot lose updates or exceed the lock threshold (docs/0014).
 * The count restarts at 1 outside the window or after a served lock; the attempt that reaches
 * `lockAfter` sets the lock in the same statement. While a lock is live nothing is reserved: undefined.
 */
export async function reserveLoginAttempt(
  db: Kysely<DB>,
  merchantId: number,
  key: string,
  opts: { now: Date; since: Date; lockAfter: number; lockedUntil: Date },
): Promise<TLoginReservation | undefined> {
  const { now, since, lockAfter, lockedUntil } = opts;
  const next = sql`case when login_throttle.updated_at > ${since}::timestamptz and login_throttle.locked_until is null then login_throttle.failures + 1 else 1 end`;
  const result = await sql<TLoginReservation>`
    insert into login_throttle (merchant_id, username_key, failures, updated_at, locked_until)
    values (${merchantId}, ${key}, 1, ${now}::timestamptz, case when 1 >= ${lockAfter}::int then ${lockedUntil}::timestamptz else null end)
    on conflict (merchant_id, username_key) do update set
      failures = ${next},
      updated_at = ${now}::timestamptz,
      locked_until = case when ${next} >= ${lockAfter}::int then ${lockedUntil}::timestamptz else null end
    where login_throttle.locked_until is null or login_throttle.locked_until <= ${now}::timestamptz
    returning failures, locked_until`.execute(db);
  return result.rows[0];
}

/**
 * Gives back a reserved attempt that was never judged (captcha missing or wrong); a lock it set
 * provisionally goes with it. One statement, like the reservation.
 */
export async function releaseLoginAttempt(db: Kysely<DB>, merchantId: number, key: string, lockAfter: number): Promise<void> {
  await sql`
    update login_throttle set
      failures = greatest(failures - 1, 0),
      locked_until = case when failures - 1 >= ${lockAfter}::int then locked_until else null end
    where merchant_id = ${merchantId} and username_key = ${key}`.execute(db);
}

/** The live lock of a username key, if any. */
export async function liveLock(db: Kysely<DB>, merchantId: number, key: string, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('login_throttle')
    .select('locked_until')
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', key)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.locked_until ? new Date(row.locked_until) : null;
}

const LOGIN_MEMBER_COLUMNS = [
  'id',
  'username',
  'password_hash',
  'type',
  'first_time_login',
  'password_expires_at',
  'weak_password',
  'mobile_num',
  'country_dialing_code',
  'email',
  'bank_holder_name',
  'totp_secret',
  'totp_last_counter',
  // The language its codes and notices are written in (docs/0115).
  'language',
] as const;

/** A member with everything login and its second factor need, by id. */
export function loginMemberById(db: Kysely<DB>, memberId: number) {
  return db.selectFrom('members').select(LOGIN_MEMBER_COLUMNS).where('id', '=', memberId).executeTakeFirstOrThrow();
}

/** A member of the merchant by bound mobile number. */
export function memberByPhone(db: Kysely<DB>, merchantId: number, dial: string, mobile: string) {
  return membersWithPhone(db, merchantId, { dial, mobile }).select(LOGIN_MEMBER_COLUMNS).executeTakeFirst();
}

/** The IPs a member has logged in from. */
export async function knownIps(db: Kysely<DB>, memberId: number): Promise<string[]> {
  const rows = await db.selectFrom('member_known_ips').select('ip').where('member_id', '=', memberId).execute();
  return rows.map((r) => r.ip);
}

/** Remembers an IP the member completed a login from. */
export function rememberIp(db: Kysely<DB>, memberId: number, ip: string, now: Date) {
  return db
    .insertInto('member_known_ips')
    .values({ member_id: memberId, ip: ip.slice(0, 64), last_seen_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: now }))
    .execute();
}

/** A second-factor challenge that can still be answered, by sha256 of its id. */
export function liveChallenge(db: Kysely<DB>, merchantId: number, idHash: string, now: Date) {
  return db
    .selectFrom('login_challenges')
    .selectAll()
    .where('id_hash', '=', idHash)
    .where('merchant_id', '=', merchantId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Reserves one answer of a live second-factor challenge (by sha256 of its id) BEFORE the answer is
 * checked: `attempts + 1 where attempts < max`, in one statement, so parallel guesses cannot exceed
 * the budget. Undefined when the challenge is unknown, used, expired or out of attempts.
 */
export function reserveChallengeAttempt(db: Kysely<DB>, merchantId: number, idHash: string, now: Date, maxAttempts: number) {
  return db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id_hash', '=', idHash)
    .where('merchant_id', '=', merchantId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returningAll()
    .executeTakeFirst();
}

/** Revokes every session and remember token of a member, except one session (null: all). */
export async function revokeMemberSessions(db: Kysely<DB>, memberId: number, now: Date, keepSessionId: number | null) {
  let sessions = db.updateTable('sessions').set({ revoked_at: now }).where('member_id', '=', memberId).where('revoked_at', 'is', null);
  if (keepSessionId !== null) sessions = sessions.where('id', '<>', keepSessionId);
  await sessions.execute();
  let remember = db.updateTable('remember_tokens').set({ revoked_at: now }).where('member_id', '=', memberId).where('revoked_at', 'is', null);
  if (keepSessionId !== null) remember = remember.where((eb) => eb.or([eb('session_id', 'is', null), eb('session_id', '<>', keepSessionId)]));
  await remember.execute();
}

/**
 * A new member of the merchant with a fresh avatar key (docs/0013) and its wallet in the merchant's
 * currency, in the caller's transaction (registration, the free trial). Answers what issueSession needs.
 */
export async function insertMemberWithWallet(
  trx: Transaction<DB>,
  merchant: { id: number; currency: string },
  values: Omit<Insertable<MembersTable>, 'merchant_id' | 'avatar_key'>,
) {
  const member = await trx
    .insertInto('members')
    .values({ ...values, merchant_id: merchant.id, avatar_key: newAvatarKey() })
    .returning(['id', 'username', 'first_time_login', 'password_expires_at'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('ledger_accounts')
    .values({ merchant_id: merchant.id, member_id: member.id, kind: 'member_wallet', currency: merchant.currency })
    .execute();
  return member;
}
