/**
 * The site load test's people and its money check (docs/0079), on the site's database before the
 * servers start and after they stopped: agents, and members under them, each member funded from the
 * house through the ledger and each person with a session issued as a login issues it
 * (`issueSession`), so the timed part makes no login of its own. Then the money before and after:
 * double entry keeps the ledger's total; the run's people, the house, the game providers and the
 * deposit clearing account only move money among themselves; the clearing account gave exactly the
 * deposits the run's members got approved; and the ledger's invariants (ledger-invariants.ts) hold.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '@wl/platform/db/schema';
import type { TMerchant } from '@wl/platform/http/auth';
import { issueSession } from '@wl/platform/session/issue-session';
import { ledgerTotal, ledgerViolations, type TLedgerViolations } from '@wl/platform/wallet/ledger-invariants';
import { accountFor, houseAccountId, transfer } from '@wl/platform/wallet/ledger.service';

/** A simulated person: who it is, its session and its address. */
export type TLoadPerson = { id: number; username: string; token: string; ip: string };
export type TLoadPeople = { members: TLoadPerson[]; agents: TLoadPerson[] };

/** Each member's money at the start: ৳5,000.00, the seeded game players' amount. */
export const LOAD_CREDIT_MINOR = 500_000;

/** Person n's own address (private range: the site's region rule has nothing to say about it). */
export function personIp(n: number): string {
  return `10.77.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * `members` members under `agents` agents (round-robin), named `load<run>m<i>` / `load<run>a<i>`,
 * funded and signed in. Passwordless rows (like the ledger loads' bare members): no login is timed.
 */
export async function createLoadPeople(
  db: Kysely<DB>,
  o: { merchantCode: string; members: number; agents: number; run: string; creditMinor?: number },
): Promise<TLoadPeople> {
  const merchant = (await db.selectFrom('merchants').selectAll().where('code', '=', o.merchantCode).executeTakeFirstOrThrow()) as unknown as TMerchant;
  const insert = async (type: 0 | 1, count: number, prefix: string, upline: (i: number) => number | null) => {
    if (count === 0) return [];
    return db
      .insertInto('members')
      .values(
        Array.from({ length: count }, (_, i) => ({
          merchant_id: merchant.id,
          username: `${prefix}${i}`,
          nickname: `${prefix}${i}`,
          password_hash: '-',
          type,
          upline_id: upline(i),
          first_time_login: false,
        })),
      )
      .returning(['id', 'username'])
      .execute();
  };
  const agentRows = await insert(1, o.agents, `load${o.run}a`, () => null);
  const memberRows = await insert(0, o.members, `load${o.run}m`, (i) => agentRows[i % Math.max(1, agentRows.length)]?.id ?? null);
  const house = await houseAccountId(db, merchant.id);
  if (house === undefined) throw new Error(`merchant ${o.merchantCode} has no house account`);
  for (const { id } of memberRows) {
    await transfer(db, {
      from: house,
      to: await accountFor(db, merchant, 'member_wallet', { memberId: id }),
      amountMinor: o.creditMinor ?? LOAD_CREDIT_MINOR,
      owner: { kind: 'system', id: 0 },
      idempotencyKey: `load:${o.run}:${id}`,
      kind: 'seed_credit',
    });
  }
  const now = new Date();
  let n = 0;
  const signIn = async (row: { id: number; username: string }): Promise<TLoadPerson> => {
    const ip = personIp(n++);
    const member = { id: row.id, username: row.username, first_time_login: false, password_expires_at: null };
    const session = await issueSession(db, merchant, member, { now, ip, kind: 'login', mustChangePassword: false, rememberMe: false });
    return { id: row.id, username: row.username, token: session.token, ip };
  };
  const members: TLoadPerson[] = [];
  for (const row of memberRows) members.push(await signIn(row));
  const agents: TLoadPerson[] = [];
  for (const row of agentRows) agents.push(await signIn(row));
  return { members, agents };
}

/** The money of a moment, read in one repeatable-read transaction. */
export type TMoneySnapshot = {
  /** Every account's balance summed: double entry never changes it. */
  totalMinor: number;
  /** The run's people's accounts, the house, the providers and the clearing account: the run moves money only among these. */
  circleMinor: number;
  /** The deposit clearing account(s): what deposits took in from outside, as a negative balance. */
  clearingMinor: number;
  /** The run's members' deposits, approved (count and sum) and still pending. */
  approvedDeposits: number;
  approvedDepositsMinor: number;
  pendingDeposits: number;
  violations: TLedgerViolations;
};

export async function moneySnapshot(db: Kysely<DB>, personIds: readonly number[]): Promise<TMoneySnapshot> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const ids = personIds.length > 0 ? personIds : [0];
      const circle = await sql<{ total: string | number; clearing: string | number }>`
        select coalesce(sum(b.balance_minor), 0) as total,
               coalesce(sum(b.balance_minor) filter (where a.kind = 'deposit_clearing'), 0) as clearing
        from ledger_accounts a join ledger_balances b on b.account_id = a.id
        where a.member_id in (${sql.join(ids)}) or a.kind in ('house', 'provider', 'deposit_clearing')`.execute(trx);
      const deposits = await sql<{ approved: string | number; approved_minor: string | number; pending: string | number }>`
        select count(*) filter (where status = 'approved') as approved,
               coalesce(sum(amount_minor) filter (where status = 'approved'), 0) as approved_minor,
               count(*) filter (where status = 'pending') as pending
        from deposits where member_id in (${sql.join(ids)})`.execute(trx);
      const c = circle.rows[0]!;
      const d = deposits.rows[0]!;
      return {
        totalMinor: await ledgerTotal(trx),
        circleMinor: Number(c.total),
        clearingMinor: Number(c.clearing),
        approvedDeposits: Number(d.approved),
        approvedDepositsMinor: Number(d.approved_minor),
        pendingDeposits: Number(d.pending),
        violations: await ledgerViolations(trx),
      };
    });
}

/** The run's money check: each figure that must be zero, and whether all are. */
export type TConservation = {
  /** Change of the ledger's total (double entry: 0). */
  totalDriftMinor: number;
  /** Change of the circle's total (the run moves money only inside it: 0). */
  circleDriftMinor: number;
  /** What the clearing account gave less what the run's approved deposits took (0). */
  depositDriftMinor: number;
  /** The deposits the run made: approved (and their sum) and still pending at the end (pending moved no money). */
  deposits: { approved: number; approvedMinor: number; pending: number };
  violations: TLedgerViolations;
  exact: boolean;
};

export function conservation(before: TMoneySnapshot, after: TMoneySnapshot): TConservation {
  const depositsMinor = after.approvedDepositsMinor - before.approvedDepositsMinor;
  const out = {
    totalDriftMinor: after.totalMinor - before.totalMinor,
    circleDriftMinor: after.circleMinor - before.circleMinor,
    depositDriftMinor: before.clearingMinor - after.clearingMinor - depositsMinor,
    deposits: { approved: after.approvedDeposits - before.approvedDeposits, approvedMinor: depositsMinor, pending: after.pendingDeposits },
    violations: after.violations,
  };
  const clean = Object.values(out.violations).every((list: unknown[]) => list.length === 0);
  return { ...out, exact: clean && out.totalDriftMinor === 0 && out.circleDriftMinor === 0 && out.depositDriftMinor === 0 };
}
