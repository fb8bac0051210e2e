import { sql, type Kysely, type Transaction } from 'kysely';
import { BET_LIMIT_PERIODS, PROTECTION_MESSAGES, WPS_CODES, type TBetLimitKind } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';
import { CONFLICT } from '../http/errors.ts';
import { isExcluded } from '../kernel/closure.ts';
import { accountRefusal } from './account-state.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { effectiveLimits } from './effective-limits.ts';
import { emergencyRefusal } from '../kernel/emergency-stop.ts';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** A bet about to be debited: whose, how much, when, and the member's balance for a refusal's answer. */
export type TStakeAt = {
  merchantId: number;
  memberId: number;
  amountMinor: number;
  now: Date;
  balance: () => Promise<{ balanceMinor: number; currency: string }>;
};

/** What a member's bets of one window used: gross stakes (rolled-back bets excluded), wins, and the oldest counted bet. */
type TUsed = { stakeMinor: number; winMinor: number; oldestBet: Date | null };

/**
 * The member's stakes and wins of each bet-limit window, in one statement (docs/0104). A stake counts
 * from its debit until it is rolled back; a win counts when it lands. So an open bet counts as lost
 * until its win arrives, and the loss of a window is its stakes less its wins. Bets and wins are read
 * through their own partial (member, time) indexes.
 */
async function usedByWindow(trx: Transaction<DB>, memberId: number, now: Date): Promise<Record<TBetLimitKind, TUsed>> {
  const since = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const longest = since(24 * 30);
  const row = (
    await sql<Record<string, string | Date | null>>`
      select
        coalesce(sum(amount_minor) filter (where kind = 'bet' and created_at > ${since(24)}), 0) as stake_24h,
        coalesce(sum(amount_minor) filter (where kind = 'bet' and created_at > ${since(24 * 7)}), 0) as stake_7d,
        coalesce(sum(amount_minor) filter (where kind = 'bet'), 0) as stake_30d,
        coalesce(sum(amount_minor) filter (where kind = 'win' and created_at > ${since(24)}), 0) as win_24h,
        coalesce(sum(amount_minor) filter (where kind = 'win' and created_at > ${since(24 * 7)}), 0) as win_7d,
        coalesce(sum(amount_minor) filter (where kind = 'win'), 0) as win_30d,
        min(created_at) filter (where kind = 'bet' and created_at > ${since(24)}) as oldest_24h,
        min(created_at) filter (where kind = 'bet' and created_at > ${since(24 * 7)}) as oldest_7d,
        min(created_at) filter (where kind = 'bet') as oldest_30d
      from (
        select t.kind, t.amount_minor, t.created_at
        from seamless_transactions t
        join seamless_bet_slots s on s.provider_id = t.provider_id and s.bet_transaction_id = t.transaction_id
        where t.member_id = ${memberId} and t.kind = 'bet' and t.created_at > ${longest} and s.state <> 'rolled_back'
        union all
        select kind, amount_minor, created_at from seamless_transactions
        where member_id = ${memberId} and kind = 'win' and created_at > ${longest}
      ) used`.execute(trx)
  ).rows[0]!;
  const used = {} as Record<TBetLimitKind, TUsed>;
  for (const p of BET_LIMIT_PERIODS) {
    const period = p.kind.slice(p.kind.indexOf('_') + 1);
    const oldest = row[`oldest_${period}`];
    used[p.kind] = { stakeMinor: Number(row[`stake_${period}`]), winMinor: Number(row[`win_${period}`]), oldestBet: oldest ? new Date(oldest) : null };
  }
  return used;
}

/** A protection refusal of a bet: to the provider as a refusal with the balance, to the member as the key (and when play may go on). */
async function refused(at: TStakeAt, key: string, resetAt: Date | null): Promise<WpsError> {
  return new WpsError(WPS_CODES.forbidden, key, { ...(await at.balance()), resetAt: resetAt?.toISOString() ?? null });
}

/**
 * The start (login) of the member's newest session not logged out, or null when it has none: a
 * session limit and a reality check count from there (docs/0104). An idle-expired session still
 * counts until a new login replaces it, so a provider's late bet never escapes a check that is due.
 */
export async function sessionStart(db: Kysely<DB> | Transaction<DB>, memberId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('sessions')
    .select('started_at')
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.started_at) : null;
}

/** When the member's reality check is next due in a session started at `start`: an interval after the later of the start and the last acknowledgement. */
export function realityCheckDueAt(start: Date, intervalMinutes: number, acknowledgedAt: Date | null): Date {
  const from = acknowledgedAt && acknowledgedAt > start ? acknowledgedAt : start;
  return new Date(from.getTime() + intervalMinutes * MINUTE_MS);
}

/**
 * The stake gate (docs/0104): every bet of a member passes here inside its debit transaction, before
 * the ledger, when `stakeGateNeeded` said the member has something to check. The member's row is
 * locked first (docs/0080: member before ledger), so parallel bets of one member are counted one
 * after the other and never overshoot a limit. Refuses, moving nothing:
 * - a bet over the room any loss or stake limit leaves (the least room wins), naming the limit and
 *   when its room grows again (its window's oldest counted bet leaving it): docs/rules/protection.md#p-8, #p-9;
 * - a bet in a session past the member's session limit: #p-11;
 * - a bet while a reality check is due and not acknowledged: #p-13;
 * - any bet of a closed account (time-out, self-exclusion, of this brand or another's): #p-22;
 * - any bet of an account whose bets an operator blocked (or suspended, or fully blocked): #p-31;
 * - any bet while the owner stopped all gaming: docs/rules/operator.md#o-12.
 * Every other protection check of a bet belongs here too, with its probe in `stakeGateNeeded`.
 */
export async function assertMayStake(trx: Transaction<DB>, at: TStakeAt): Promise<void> {
  await lockMembers(trx, [at.memberId]);
  // The owner's emergency stop of all gaming (docs/rules/operator.md#o-12): no new bet; wins and rollbacks of open rounds still settle.
  const stopped = await emergencyRefusal(trx, at.merchantId, 'gaming');
  if (stopped !== null) throw new WpsError(CONFLICT, stopped, await at.balance());
  if (await isExcluded(trx, at.memberId)) throw new WpsError(WPS_CODES.forbidden, PROTECTION_MESSAGES.excluded, await at.balance());
  // The operator's account state (docs/rules/protection.md#p-31): a bet block, suspension or full block.
  const blocked = await accountRefusal(trx, at.memberId, 'bet');
  if (blocked !== null) throw new WpsError(CONFLICT, blocked, await at.balance());
  const { limits, realityCheckMinutes } = await effectiveLimits(trx, at.merchantId, at.memberId);
  const betLimits = BET_LIMIT_PERIODS.filter((p) => limits[p.kind] !== undefined);
  if (betLimits.length > 0) {
    const used = await usedByWindow(trx, at.memberId, at.now);
    let binding: { kind: TBetLimitKind; room: number; resetAt: Date | null } | null = null;
    for (const p of betLimits) {
      const u = used[p.kind];
      const spent = p.kind.startsWith('loss_') ? u.stakeMinor - u.winMinor : u.stakeMinor;
      const room = Math.max(0, limits[p.kind]! - spent);
      if (binding === null || room < binding.room) {
        binding = { kind: p.kind, room, resetAt: u.oldestBet && new Date(u.oldestBet.getTime() + p.hours * HOUR_MS) };
      }
    }
    if (binding && at.amountMinor > binding.room) throw await refused(at, PROTECTION_MESSAGES.betLimit[binding.kind], binding.resetAt);
  }
  const sessionMinutes = limits.session_minutes;
  if (sessionMinutes === undefined && realityCheckMinutes === null) return;
  const start = await sessionStart(trx, at.memberId);
  if (start === null) return;
  if (sessionMinutes !== undefined && at.now.getTime() >= start.getTime() + sessionMinutes * MINUTE_MS) {
    throw await refused(at, PROTECTION_MESSAGES.sessionLimit, null);
  }
  if (realityCheckMinutes !== null) {
    const ack = await trx.selectFrom('protection_reality_checks').select('acknowledged_at').where('member_id', '=', at.memberId).executeTakeFirst();
    const dueAt = realityCheckDueAt(start, realityCheckMinutes, ack?.acknowledged_at ? new Date(ack.acknowledged_at) : null);
    if (at.now >= dueAt) throw await refused(at, PROTECTION_MESSAGES.realityCheckDue, dueAt);
  }
}
