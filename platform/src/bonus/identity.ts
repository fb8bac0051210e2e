import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { TRIAL_TYPE } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

/*
 * Who is the same person (docs/0097): members sharing a mobile number, an e-mail address or a payee
 * name are one person for bonuses and referrals; members seen on the same network (/24 for IPv4,
 * /64 for IPv6, the `ip_range` function of migration 0042) within a window are linked accounts.
 * No device identifier is stored anywhere, so the network is the only trace of a shared device.
 */

const DAY_MS = 86_400_000;

/** How far back a shared network links two accounts. */
export const LINK_WINDOW_DAYS = 30;

export type TSharedIdentity = 'mobile' | 'email' | 'payee_name';
export type TLink = { range: string; memberIds: number[] };

type TIdentityRow = { id: number; country_dialing_code: string | null; mobile_num: string | null; email: string | null; bank_holder_name: string | null };

/** Compared as trimmed, case-folded text with runs of spaces as one ('KARIM  HOSSAIN ' is 'karim hossain'). */
const norm = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim().toLowerCase().replace(/\s+/g, ' '));
const normSql = (column: string) => sql<string>`regexp_replace(lower(trim(${sql.ref(column)})), '[[:space:]]+', ' ', 'g')`;

async function identityRows(trx: Transaction<DB>, memberIds: number[]): Promise<TIdentityRow[]> {
  return trx.selectFrom('members').select(['id', 'country_dialing_code', 'mobile_num', 'email', 'bank_holder_name']).where('id', 'in', memberIds).execute();
}

/** The first identity two members share (mobile, e-mail, payee name), or null. */
export async function sharedIdentity(trx: Transaction<DB>, a: number, b: number): Promise<TSharedIdentity | null> {
  const rows = await identityRows(trx, [a, b]);
  const [x, y] = [rows.find((r) => r.id === a), rows.find((r) => r.id === b)];
  if (!x || !y) return null;
  if (x.mobile_num !== null && x.mobile_num === y.mobile_num && x.country_dialing_code === y.country_dialing_code) return 'mobile';
  if (norm(x.email) !== null && norm(x.email) === norm(y.email)) return 'email';
  if (norm(x.bank_holder_name) !== null && norm(x.bank_holder_name) === norm(y.bank_holder_name)) return 'payee_name';
  return null;
}

/**
 * The identity keys of a member for one purpose, as advisory-lock numbers in ascending order: two
 * transactions about members who share any of them take turns, and always lock in the same order.
 */
export async function identityLockKeys(trx: Transaction<DB>, merchantId: number, memberId: number, purpose: string): Promise<bigint[]> {
  const [row] = await identityRows(trx, [memberId]);
  if (!row) return [];
  const values = [
    row.mobile_num === null ? null : `m:${row.country_dialing_code ?? ''}${row.mobile_num}`,
    norm(row.email) === null ? null : `e:${norm(row.email)}`,
    norm(row.bank_holder_name) === null ? null : `p:${norm(row.bank_holder_name)}`,
  ].filter((v): v is string => v !== null);
  const keys = values.map((v) => createHash('sha256').update(`${merchantId}:${purpose}:${v}`).digest().readBigInt64BE(0));
  return [...new Set(keys)].sort((p, q) => (p < q ? -1 : p > q ? 1 : 0));
}

/** Takes the transaction-scoped advisory locks of `keys`, in the given (ascending) order. */
export async function lockKeys(trx: Transaction<DB>, keys: readonly bigint[]): Promise<void> {
  for (const key of keys) await sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`.execute(trx);
}

/** Other real members of the merchant who share the member's mobile, e-mail or payee name. */
export async function samePersonMembers(trx: Transaction<DB>, merchantId: number, memberId: number): Promise<number[]> {
  const [me] = await identityRows(trx, [memberId]);
  if (!me) return [];
  const email = norm(me.email);
  const payee = norm(me.bank_holder_name);
  if (me.mobile_num === null && email === null && payee === null) return [];
  const rows = await trx
    .selectFrom('members as o')
    .select('o.id')
    .where('o.merchant_id', '=', merchantId)
    .where('o.id', '<>', memberId)
    .where('o.type', '<>', TRIAL_TYPE)
    .where((eb) => {
      const any = [];
      if (me.mobile_num !== null)
        any.push(eb.and([eb('o.mobile_num', '=', me.mobile_num), eb('o.country_dialing_code', 'is not distinct from', me.country_dialing_code)]));
      if (email !== null) any.push(eb(normSql('o.email'), '=', email));
      if (payee !== null) any.push(eb(normSql('o.bank_holder_name'), '=', payee));
      return eb.or(any);
    })
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The networks the member was seen on (registration, logins) since `now − LINK_WINDOW_DAYS` that other
 * real members of the merchant were seen on in the same window, with those members.
 */
export async function linkedByNetwork(trx: Transaction<DB>, merchantId: number, memberId: number, now: Date, only?: number): Promise<TLink[]> {
  const since = new Date(now.getTime() - LINK_WINDOW_DAYS * DAY_MS);
  const rows = await sql<{ range: string; member_id: number }>`
    select distinct ip_range(mine.ip) as range, theirs.member_id
    from auth_events mine
    join auth_events theirs on ip_range(theirs.ip) = ip_range(mine.ip) and theirs.created_at >= ${since}
      and theirs.member_id is not null and theirs.member_id <> mine.member_id and theirs.merchant_id = ${merchantId}
    join members o on o.id = theirs.member_id and o.type <> ${TRIAL_TYPE}
    where mine.member_id = ${memberId} and mine.created_at >= ${since} and ip_range(mine.ip) is not null
      ${only === undefined ? sql`` : sql`and theirs.member_id = ${only}`}
    order by 1, 2`.execute(trx);
  const byRange = new Map<string, number[]>();
  for (const r of rows.rows) byRange.set(r.range, [...(byRange.get(r.range) ?? []), Number(r.member_id)]);
  return [...byRange].map(([range, memberIds]) => ({ range, memberIds }));
}
