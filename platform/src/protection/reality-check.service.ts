import { sql, type Kysely, type Transaction } from 'kysely';
import type { TProtectionSession } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { effectiveLimits } from './effective-limits.ts';
import type { TWho } from './limits.service.ts';
import { appendProtectionLog } from './protection-log.ts';
import { realityCheckDueAt, sessionStart } from './stake-gate.ts';

type TDb = Kysely<DB> | Transaction<DB>;
const MINUTE_MS = 60_000;

/** Gross stakes (rolled-back bets excluded) and wins of the member since `since`: the session's figures. */
async function playedSince(db: TDb, memberId: number, since: Date): Promise<{ stakedMinor: number; wonMinor: number }> {
  const row = (
    await sql<{ staked: string; won: string }>`
      select
        coalesce((select sum(t.amount_minor) from seamless_transactions t
          join seamless_bet_slots s on s.provider_id = t.provider_id and s.bet_transaction_id = t.transaction_id
          where t.member_id = ${memberId} and t.kind = 'bet' and t.created_at >= ${since} and s.state <> 'rolled_back'), 0) as staked,
        coalesce((select sum(amount_minor) from seamless_transactions
          where member_id = ${memberId} and kind = 'win' and created_at >= ${since}), 0) as won`.execute(db)
  ).rows[0]!;
  return { stakedMinor: Number(row.staked), wonMinor: Number(row.won) };
}

/**
 * The member's session as the game pages show it (docs/0104): when it began, the login before it,
 * what was staked and won since, the reality check (interval, when due, whether due now) and the
 * session limit's end. Read in `db` (the acknowledging transaction, or the pool).
 */
export async function protectionSession(db: TDb, merchantId: number, memberId: number, now: Date): Promise<TProtectionSession> {
  const [start, limits, own] = await Promise.all([
    sessionStart(db, memberId),
    effectiveLimits(db, merchantId, memberId),
    db.selectFrom('protection_reality_checks').select(['chosen', 'acknowledged_at']).where('member_id', '=', memberId).executeTakeFirst(),
  ]);
  const interval = limits.realityCheckMinutes as 15 | 30 | 60 | null;
  const sessionLimit = limits.limits.session_minutes ?? null;
  if (start === null) {
    return {
      startedAt: null,
      minutes: 0,
      previousLoginAt: null,
      stakedMinor: 0,
      netMinor: 0,
      realityCheck: { intervalMinutes: interval, own: own?.chosen === true, dueAt: null, due: false },
      sessionLimitMinutes: sessionLimit,
      sessionEndsAt: null,
    };
  }
  const [played, previous] = await Promise.all([
    playedSince(db, memberId, start),
    db
      .selectFrom('sessions')
      .select((eb) => eb.fn.max('started_at').as('at'))
      .where('member_id', '=', memberId)
      .where('started_at', '<', start)
      .executeTakeFirst(),
  ]);
  const dueAt = interval === null ? null : realityCheckDueAt(start, interval, own?.acknowledged_at ? new Date(own.acknowledged_at) : null);
  return {
    startedAt: start.toISOString(),
    minutes: Math.max(0, Math.floor((now.getTime() - start.getTime()) / MINUTE_MS)),
    previousLoginAt: previous?.at ? new Date(previous.at).toISOString() : null,
    stakedMinor: played.stakedMinor,
    netMinor: played.wonMinor - played.stakedMinor,
    realityCheck: { intervalMinutes: interval, own: own?.chosen === true, dueAt: dueAt?.toISOString() ?? null, due: dueAt !== null && now >= dueAt },
    sessionLimitMinutes: sessionLimit,
    sessionEndsAt: sessionLimit === null ? null : new Date(start.getTime() + sessionLimit * MINUTE_MS).toISOString(),
  };
}

/**
 * Sets the member's reality-check interval (15, 30 or 60 minutes; null turns it off, over the
 * merchant's default), with the member's row locked, and appends the change to the protection log
 * (docs/rules/protection.md#p-12).
 */
export async function setRealityCheck(db: Kysely<DB>, who: TWho, intervalMinutes: 15 | 30 | 60 | null): Promise<TProtectionSession> {
  await inTransaction(db, async (trx) => {
    await lockMembers(trx, [who.memberId], who.merchantId);
    const before = (await effectiveLimits(trx, who.merchantId, who.memberId)).realityCheckMinutes;
    await trx
      .insertInto('protection_reality_checks')
      .values({ member_id: who.memberId, merchant_id: who.merchantId, chosen: true, interval_minutes: intervalMinutes, acknowledged_at: null })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ chosen: true, interval_minutes: intervalMinutes }))
      .execute();
    await appendProtectionLog(trx, {
      merchantId: who.merchantId,
      memberId: who.memberId,
      at: who.now,
      actor: who.actor ?? { channel: 'member', id: who.memberId },
      kind: 'reality_check_set',
      limitKind: null,
      before: { intervalMinutes: before },
      after: { intervalMinutes },
    });
  });
  return protectionSession(db, who.merchantId, who.memberId, who.now);
}

/**
 * The member acknowledges its reality check (docs/rules/protection.md#p-13): play goes on for another
 * interval from now. Appended to the protection log (kind `reality_check`, channel member) with the
 * session's figures the member saw. An acknowledgement when none is due changes nothing and logs
 * nothing, so a replay or a double click cannot push the next check further out.
 */
export async function acknowledgeRealityCheck(db: Kysely<DB>, who: TWho): Promise<TProtectionSession> {
  await inTransaction(db, async (trx) => {
    await lockMembers(trx, [who.memberId], who.merchantId);
    const session = await protectionSession(trx, who.merchantId, who.memberId, who.now);
    if (!session.realityCheck.due) return;
    await trx
      .insertInto('protection_reality_checks')
      .values({ member_id: who.memberId, merchant_id: who.merchantId, chosen: false, interval_minutes: null, acknowledged_at: who.now })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ acknowledged_at: who.now }))
      .execute();
    await appendProtectionLog(trx, {
      merchantId: who.merchantId,
      memberId: who.memberId,
      at: who.now,
      actor: { channel: 'member', id: who.memberId },
      kind: 'reality_check',
      limitKind: null,
      before: null,
      after: {
        intervalMinutes: session.realityCheck.intervalMinutes,
        sessionMinutes: session.minutes,
        stakedMinor: session.stakedMinor,
        netMinor: session.netMinor,
      },
    });
  });
  return protectionSession(db, who.merchantId, who.memberId, who.now);
}
