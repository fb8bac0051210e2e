import { sql, type Kysely, type Transaction } from 'kysely';
import {
  PROTECTION_LIMIT_KINDS,
  PROTECTION_MESSAGES,
  type TProtectionEvent,
  type TProtectionHistory,
  type TProtectionLimitKind,
  type TProtectionSetRequest,
  type TProtectionStatus,
} from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { conflict, fieldError } from '../http/errors.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { DEPOSIT_CREDIT_KINDS, depositRoom, hasDeposited } from './deposit-room.ts';
import { operatorLimits } from './effective-limits.ts';
import { appendProtectionLog, liveLimits, type TLimitState, type TProtectionActor } from './protection-log.ts';

type TDb = Kysely<DB> | Transaction<DB>;
/** Whose limits, at which instant, changed by whom (the member itself unless said). */
export type TWho = { merchantId: number; memberId: number; now: Date; actor?: TProtectionActor };

/** The shortest delay before a raise may be confirmed, whatever a merchant sets (docs/0102). */
export const MIN_RAISE_DELAY_MINUTES = 24 * 60;
/** The longest session limit: a day. */
const MAX_SESSION_MINUTES = 24 * 60;

/** The merchant's delay before a raise or removal may be confirmed, in minutes (never under 24 hours). */
export async function raiseDelayMinutes(db: TDb, merchantId: number): Promise<number> {
  const row = await db.selectFrom('protection_settings').select('raise_delay_minutes').where('merchant_id', '=', merchantId).executeTakeFirst();
  return Math.max(MIN_RAISE_DELAY_MINUTES, row?.raise_delay_minutes ?? MIN_RAISE_DELAY_MINUTES);
}

/** The member's limits, pending changes, deposit room and whether to ask before the first deposit. */
export async function protectionStatus(db: TDb, merchantId: number, memberId: number, now: Date): Promise<TProtectionStatus> {
  const [states, room, delay, answered, deposited, ops, lifetime] = await Promise.all([
    liveLimits(db, memberId),
    depositRoom(db, memberId, now),
    raiseDelayMinutes(db, merchantId),
    db.selectFrom('protection_log').select('id').where('member_id', '=', memberId).where('kind', '=', 'prompt_answered').limit(1).executeTakeFirst(),
    hasDeposited(db, memberId),
    operatorLimits(db, merchantId, memberId),
    lifetimeMoney(db, memberId),
  ]);
  return {
    limits: PROTECTION_LIMIT_KINDS.map((kind) => {
      const s = states[kind];
      const pending = s.pending && { ...s.pending, confirmable: Date.parse(s.pending.effectiveAt) <= now.getTime() };
      return { kind, value: s.value, pending };
    }),
    deposit: room,
    raiseDelayHours: Math.floor(delay / 60),
    promptDue: !answered && !deposited && room.binding === null,
    lifetime,
    operator: PROTECTION_LIMIT_KINDS.flatMap((kind) => {
      const { member, merchant } = ops[kind];
      const value = member === null ? merchant : merchant === null ? member : Math.min(member, merchant);
      return value === null ? [] : [{ kind, value }];
    }),
  };
}

/**
 * The member's lifetime deposits (gross credits of its main wallet by a deposit or an agent's
 * transfer, as the deposit limits count them) and withdrawals paid out (what the member confirmed
 * receiving when it said partly, else the amount), and their difference (docs/0106).
 */
export async function lifetimeMoney(db: TDb, memberId: number): Promise<TProtectionStatus['lifetime']> {
  const [dep, wd] = await Promise.all([
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .select(sql<string>`coalesce(sum(e.amount_minor), 0)`.as('sum'))
      .where('a.member_id', '=', memberId)
      .where('a.kind', '=', 'member_wallet')
      .where('e.amount_minor', '>', 0)
      .where('t.kind', 'in', [...DEPOSIT_CREDIT_KINDS])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdrawals')
      .select(sql<string>`coalesce(sum(coalesce(received_minor, amount_minor)), 0)`.as('sum'))
      .where('member_id', '=', memberId)
      .where('status', 'not in', ['pending', 'rejected'])
      .executeTakeFirstOrThrow(),
  ]);
  const depositsMinor = Number(dep.sum);
  const withdrawalsMinor = Number(wd.sum);
  return { depositsMinor, withdrawalsMinor, netMinor: depositsMinor - withdrawalsMinor };
}

/** Drops the member's pending change of one limit (applied, cancelled, or superseded by a lower limit). */
function dropPending(trx: Transaction<DB>, memberId: number, kind: TProtectionLimitKind) {
  return trx.deleteFrom('protection_pending').where('member_id', '=', memberId).where('kind', '=', kind).execute();
}

/** One limit's state in the member's locked transaction. */
async function stateOf(trx: Transaction<DB>, memberId: number, kind: TProtectionLimitKind): Promise<TLimitState> {
  return (await liveLimits(trx, memberId))[kind];
}

/** Every change: the member's row locked first (one change at a time), the tables written, the log appended with the limit's whole state. */
async function change(
  db: Kysely<DB>,
  who: TWho,
  kind: TProtectionLimitKind,
  work: (trx: Transaction<DB>, before: TLimitState) => Promise<{ event: string; after: TLimitState }>,
) {
  await inTransaction(db, async (trx) => {
    await lockMembers(trx, [who.memberId], who.merchantId);
    const before = await stateOf(trx, who.memberId, kind);
    const { event, after } = await work(trx, before);
    await appendProtectionLog(trx, {
      merchantId: who.merchantId,
      memberId: who.memberId,
      at: who.now,
      actor: who.actor ?? { channel: 'member', id: who.memberId },
      kind: event,
      limitKind: kind,
      before,
      after,
    });
  });
  return protectionStatus(db, who.merchantId, who.memberId, who.now);
}

/**
 * Sets one limit (docs/rules/protection.md#p-1): a first limit, a lower one or the same one applies
 * at once (and drops a pending raise); a higher one or a removal (`value` null) waits as pending for
 * the merchant's delay and the member's confirmation after it. A new raise restarts the delay.
 */
export function setLimit(db: Kysely<DB>, who: TWho, req: TProtectionSetRequest): Promise<TProtectionStatus> {
  if (req.kind === 'session_minutes' && req.value !== null && req.value > MAX_SESSION_MINUTES) throw fieldError('value', PROTECTION_MESSAGES.sessionTooLong);
  return change(db, who, req.kind, async (trx, before) => {
    const base = { member_id: who.memberId, kind: req.kind, merchant_id: who.merchantId };
    if (req.value !== null && (before.value === null || req.value <= before.value)) {
      await trx
        .insertInto('protection_limits')
        .values({ ...base, value: req.value, set_at: who.now })
        .onConflict((oc) => oc.columns(['member_id', 'kind']).doUpdateSet({ value: req.value!, set_at: who.now }))
        .execute();
      await dropPending(trx, who.memberId, req.kind);
      return { event: 'limit_set', after: { value: req.value, pending: null } };
    }
    if (before.value === null) throw conflict(PROTECTION_MESSAGES.unchanged);
    const effectiveAt = new Date(who.now.getTime() + (await raiseDelayMinutes(trx, who.merchantId)) * 60_000);
    const pending = { value: req.value, requested_at: who.now, effective_at: effectiveAt };
    await trx
      .insertInto('protection_pending')
      .values({ ...base, ...pending })
      .onConflict((oc) => oc.columns(['member_id', 'kind']).doUpdateSet(pending))
      .execute();
    return { event: 'raise_requested', after: { value: before.value, pending: { value: req.value, effectiveAt: effectiveAt.toISOString() } } };
  });
}

/** Confirms a pending raise or removal once its delay has passed; before, refused with when it may be confirmed. */
export function confirmPending(db: Kysely<DB>, who: TWho, kind: TProtectionLimitKind): Promise<TProtectionStatus> {
  return change(db, who, kind, async (trx, before) => {
    if (!before.pending) throw conflict(PROTECTION_MESSAGES.noPending);
    if (Date.parse(before.pending.effectiveAt) > who.now.getTime()) throw conflict(PROTECTION_MESSAGES.notDue);
    const value = before.pending.value;
    await dropPending(trx, who.memberId, kind);
    if (value === null) await trx.deleteFrom('protection_limits').where('member_id', '=', who.memberId).where('kind', '=', kind).execute();
    else await trx.updateTable('protection_limits').set({ value, set_at: who.now }).where('member_id', '=', who.memberId).where('kind', '=', kind).execute();
    return { event: 'raise_confirmed', after: { value, pending: null } };
  });
}

/** Cancels a pending raise or removal: the limit in force stays. */
export function cancelPending(db: Kysely<DB>, who: TWho, kind: TProtectionLimitKind): Promise<TProtectionStatus> {
  return change(db, who, kind, async (trx, before) => {
    if (!before.pending) throw conflict(PROTECTION_MESSAGES.noPending);
    await dropPending(trx, who.memberId, kind);
    return { event: 'pending_cancelled', after: { value: before.value, pending: null } };
  });
}

/** Records the first-deposit prompt's answer once (a limit set, or skipped); a second answer changes nothing. */
export async function answerPrompt(db: Kysely<DB>, who: TWho, choice: 'set' | 'skip'): Promise<TProtectionStatus> {
  await inTransaction(db, async (trx) => {
    await lockMembers(trx, [who.memberId], who.merchantId);
    const answered = await trx
      .selectFrom('protection_log')
      .select('id')
      .where('member_id', '=', who.memberId)
      .where('kind', '=', 'prompt_answered')
      .executeTakeFirst();
    if (answered) return;
    await appendProtectionLog(trx, {
      merchantId: who.merchantId,
      memberId: who.memberId,
      at: who.now,
      actor: who.actor ?? { channel: 'member', id: who.memberId },
      kind: 'prompt_answered',
      limitKind: null,
      before: null,
      after: { choice },
    });
  });
  return protectionStatus(db, who.merchantId, who.memberId, who.now);
}

/** The member's own protection log, newest first (the last 500 events). */
export async function protectionHistory(db: TDb, memberId: number): Promise<TProtectionHistory> {
  const rows = await db
    .selectFrom('protection_log')
    .select(['id', 'at', 'channel', 'kind', 'limit_kind', 'before', 'after'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return {
    events: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      channel: r.channel,
      kind: r.kind as TProtectionEvent['kind'],
      limitKind: r.limit_kind as TProtectionLimitKind | null,
      before: r.before as TProtectionEvent['before'],
      after: r.after as TProtectionEvent['after'],
    })),
  };
}
