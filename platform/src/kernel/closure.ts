import type { Kysely, Selectable, Transaction } from 'kysely';
import { PROTECTION_MESSAGES, WPS_CODES } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { ProtectionExclusionsTable } from '../db/schema/protection.ts';
import { WpsError } from '../http/envelope.ts';

/*
 * Whether an account is closed by a time-out or self-exclusion (docs/0105), and the one marketing
 * rule built on it (docs/rules/protection.md#p-25). In the kernel because every layer asks it: the
 * money and game paths refuse a closed account (protection/exclusion.ts), and the rewards, bonus,
 * promotion and referral paths pay it nothing (`mayMarket`), below the protection area in the layers.
 * A closure is open until reopened; a member is closed by its own open closure, or by another
 * account's (any brand of the deployment) whose person matches its mobile or e-mail. The payee name
 * is kept with a closure but matches nothing: a common name would close strangers' accounts and
 * refuse their registrations (a review queue could use it).
 */

type TDb = Kysely<DB> | Transaction<DB>;
export type TClosureRow = Selectable<ProtectionExclusionsTable>;

/** The person behind an account, normalised for the cross-brand match: the mobile's last ten digits, the e-mail lower-case, the payee name folded. */
export function personKeys(p: { mobile: string | null; email: string | null; payee: string | null }) {
  const digits = (p.mobile ?? '').replace(/\D/g, '');
  const email = (p.email ?? '').trim().toLowerCase();
  const payee = (p.payee ?? '').normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return {
    mobile_key: digits.length >= 7 ? digits.slice(-10) : null,
    email_key: email.includes('@') ? email : null,
    payee_key: payee.length >= 3 ? payee : null,
  };
}

export async function keysOfMember(db: TDb, memberId: number) {
  const m = await db.selectFrom('members').select(['mobile_num', 'email', 'bank_holder_name']).where('id', '=', memberId).executeTakeFirst();
  return m ? personKeys({ mobile: m.mobile_num, email: m.email, payee: m.bank_holder_name }) : { mobile_key: null, email_key: null, payee_key: null };
}

/** Open closures matching the person's mobile or e-mail (any brand), or the member's own. */
export async function closuresMatching(db: TDb, memberId: number | null, keys: ReturnType<typeof personKeys>): Promise<TClosureRow[]> {
  return db
    .selectFrom('protection_exclusions')
    .selectAll()
    .where('reopened_at', 'is', null)
    .where((eb) => {
      const any = [];
      if (memberId !== null) any.push(eb('member_id', '=', memberId));
      if (keys.mobile_key) any.push(eb('mobile_key', '=', keys.mobile_key));
      if (keys.email_key) any.push(eb('email_key', '=', keys.email_key));
      return any.length === 0 ? eb.val(false) : eb.or(any);
    })
    .orderBy('id')
    .execute();
}

/**
 * The closure that holds the member now: its own open one first, else another account's (any
 * brand) whose person matches. Null: the account is open.
 */
export async function closureOf(db: TDb, memberId: number): Promise<(TClosureRow & { otherBrand: boolean }) | null> {
  const rows = await closuresMatching(db, memberId, await keysOfMember(db, memberId));
  const own = rows.find((r) => r.member_id === memberId);
  if (own) return { ...own, otherBrand: false };
  // Of several matching closures, the one ending last (permanent first).
  const latest = rows.sort((a, b) => endMs(b) - endMs(a))[0];
  return latest ? { ...latest, otherBrand: true } : null;
}

export const endMs = (r: { ends_at: Date | string | null }) => (r.ends_at === null ? Number.POSITIVE_INFINITY : new Date(r.ends_at).getTime());

/** Whether the account is closed now (own or another brand's closure). */
export async function isExcluded(db: TDb, memberId: number): Promise<boolean> {
  return (await closureOf(db, memberId)) !== null;
}

/**
 * The marketing rule (docs/rules/protection.md#p-25): whether the member may receive anything
 * promotional now (bonus, promotion, rebate, VIP upgrade bonus, referral reward, cashback). Every
 * paying engagement path asks it in the transaction that pays, the member's row locked first
 * (docs/0080); security and withdrawal messages never ask it.
 */
export async function mayMarket(trx: Transaction<DB>, memberId: number, _now: Date): Promise<boolean> {
  return !(await isExcluded(trx, memberId));
}

/**
 * Of `memberIds`, those `mayMarket` lets receive something now: the same rule for the paths that
 * pay many at once, in two queries whatever their number (the members' persons, then the open
 * closures matching any of them).
 */
export async function marketableMembers(trx: Transaction<DB>, memberIds: readonly number[], _now: Date): Promise<Set<number>> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return new Set();
  const members = await trx.selectFrom('members').select(['id', 'mobile_num', 'email', 'bank_holder_name']).where('id', 'in', ids).execute();
  const keyed = members.map((m) => ({ id: m.id, ...personKeys({ mobile: m.mobile_num, email: m.email, payee: m.bank_holder_name }) }));
  const list = (k: 'mobile_key' | 'email_key') => [...new Set(keyed.flatMap((m) => (m[k] ? [m[k]] : [])))];
  const [mobiles, emails] = [list('mobile_key'), list('email_key')];
  const open = await trx
    .selectFrom('protection_exclusions')
    .select(['member_id', 'mobile_key', 'email_key', 'payee_key'])
    .where('reopened_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('member_id', 'in', ids),
        ...(mobiles.length ? [eb('mobile_key', 'in', mobiles)] : []),
        ...(emails.length ? [eb('email_key', 'in', emails)] : []),
      ]),
    )
    .execute();
  const closed = (m: (typeof keyed)[number]) =>
    open.some((c) => c.member_id === m.id || (m.mobile_key !== null && c.mobile_key === m.mobile_key) || (m.email_key !== null && c.email_key === m.email_key));
  return new Set(keyed.filter((m) => !closed(m)).map((m) => m.id));
}

/**
 * Whether a new registration's person (mobile or e-mail) is an excluded person's, of
 * any brand (docs/rules/protection.md#p-26): such a registration is refused.
 */
export async function assertRegistrationAllowed(db: TDb, p: { mobile: string | null; email: string | null; payee: string | null }): Promise<void> {
  const rows = await closuresMatching(db, null, personKeys(p));
  if (rows.length > 0) throw new WpsError(WPS_CODES.forbidden, PROTECTION_MESSAGES.registrationExcluded);
}
