import type { Kysely, Transaction } from 'kysely';
import {
  PROTECTION_MESSAGES,
  WPS_CODES,
  exclusionEnd,
  type TExcludeRequest,
  type TExclusionPeriod,
  type TExclusionStatus,
  type TLengthenRequest,
} from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';
import { conflict, fieldError } from '../http/errors.ts';
import { closureOf, endMs, isExcluded, keysOfMember, personKeys, type TClosureRow } from '../kernel/closure.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { revokeMemberSessions } from '../session/session.queries.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { appendProtectionLog, type TProtectionActor } from './protection-log.ts';

/*
 * Time-out and self-exclusion (docs/0105, docs/rules/protection.md#p-20 .. #p-29). A closure is one
 * row of protection_exclusions, open until the member reopens the account: while it lasts and after
 * its end until then, the account is in restricted mode (withdraw, records, the protection page).
 * The person's mobile, e-mail and payee name are kept with it, so a member of any brand of the
 * deployment matching one of them is closed too (cross-brand), and a registration with one is refused.
 */

type TDb = Kysely<DB> | Transaction<DB>;

/** What a closed account is refused; the refusal names it (the log and tests read it). */
export type TExcludedAction =
  | 'bet'
  | 'launch'
  | 'deposit_request'
  | 'deposit_approval'
  | 'member_transfer'
  | 'agent_transfer'
  | 'promotion'
  | 'bonus'
  | 'rebate'
  | 'vip'
  | 'referral'
  | 'cashback'
  | 'reward';

/** The shortest cooling-off between a reopen request and its confirmation, whatever a merchant sets. */
export const MIN_COOLING_MINUTES = 24 * 60;

export { closureOf, isExcluded, personKeys };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The refusal of anything a closed account may not do: 403, with the closure's kind and end (null: permanent or ended, ask to reopen). */
export function excludedError(row: TClosureRow, action: TExcludedAction, now: Date): WpsError {
  const ended = row.ends_at !== null && new Date(row.ends_at).getTime() <= now.getTime();
  return new WpsError(WPS_CODES.forbidden, PROTECTION_MESSAGES.excluded, { kind: row.kind, endsAt: iso(row.ends_at), ended, action });
}

/**
 * Refuses `action` while the member's account is closed (docs/rules/protection.md#p-22). In a
 * transaction the member's row is locked first (docs/0080: member row before ledger rows), so a
 * closure committing meanwhile is seen by the money move that follows it.
 */
export async function assertNotExcluded(db: TDb, merchantId: number, memberId: number, action: TExcludedAction, now: Date): Promise<void> {
  if (db.isTransaction) await lockMembers(db as Transaction<DB>, [memberId], merchantId);
  const closure = await closureOf(db, memberId);
  if (closure) throw excludedError(closure, action, now);
}

/** The merchant's cooling-off before a reopen may be confirmed, in minutes (never under 24 hours). */
export async function coolingMinutes(db: TDb, merchantId: number): Promise<number> {
  const row = await db.selectFrom('protection_settings').select('reopen_cooling_minutes').where('merchant_id', '=', merchantId).executeTakeFirst();
  return Math.max(MIN_COOLING_MINUTES, row?.reopen_cooling_minutes ?? MIN_COOLING_MINUTES);
}

/** The member's closure as the page shows it. */
export async function exclusionStatus(db: TDb, merchantId: number, memberId: number, now: Date): Promise<TExclusionStatus> {
  const [c, cooling] = await Promise.all([closureOf(db, memberId), coolingMinutes(db, merchantId)]);
  const coolingOffHours = Math.floor(cooling / 60);
  if (!c) return { exclusion: null, coolingOffHours };
  return {
    exclusion: {
      kind: c.kind,
      period: c.period as TExclusionPeriod,
      startedAt: new Date(c.started_at).toISOString(),
      endsAt: iso(c.ends_at),
      ended: endMs(c) <= now.getTime(),
      otherBrand: c.otherBrand,
      reopen:
        c.reopen_requested_at === null || c.reopen_confirmable_at === null
          ? null
          : {
              requestedAt: new Date(c.reopen_requested_at).toISOString(),
              confirmableAt: new Date(c.reopen_confirmable_at).toISOString(),
              confirmable: new Date(c.reopen_confirmable_at).getTime() <= now.getTime(),
            },
    },
    coolingOffHours,
  };
}

/** The closure's state as the log keeps it. */
const logState = (r: Pick<TClosureRow, 'kind' | 'period' | 'ends_at'>, extra: Record<string, unknown> = {}) => ({
  kind: r.kind,
  period: r.period,
  endsAt: iso(r.ends_at),
  ...extra,
});

type TWhoCloses = { merchantId: number; memberId: number; now: Date };

/** Work on the member's own open closure with its row locked; the event logged with the state before and after. */
async function onOwnClosure<T>(
  trx: Transaction<DB>,
  who: TWhoCloses,
  actor: TProtectionActor,
  work: (row: TClosureRow | undefined) => Promise<{ event: string; before: unknown; after: unknown; result: T }>,
): Promise<T> {
  await lockMembers(trx, [who.memberId], who.merchantId);
  const row = await trx
    .selectFrom('protection_exclusions')
    .selectAll()
    .where('member_id', '=', who.memberId)
    .where('merchant_id', '=', who.merchantId)
    .where('reopened_at', 'is', null)
    .executeTakeFirst();
  const { event, before, after, result } = await work(row);
  await appendProtectionLog(trx, {
    merchantId: who.merchantId,
    memberId: who.memberId,
    at: who.now,
    actor,
    kind: event,
    limitKind: null,
    before,
    after,
  });
  return result;
}

/**
 * The member closes its account (docs/rules/protection.md#p-20, #p-21): a time-out or a
 * self-exclusion, at once. In one transaction: the closure written (or lengthened: a second one
 * must end later, never sooner: #p-23), every session and remember token of the member revoked,
 * and the event logged. The open rounds are settled after (`settleOpenPlay`).
 */
export async function excludeSelf(db: Kysely<DB>, who: TWhoCloses, req: TExcludeRequest): Promise<TExclusionStatus> {
  const endsAt = exclusionEnd(req.period, who.now);
  await inTransaction(db, (trx) =>
    onOwnClosure(trx, who, { channel: 'member', id: who.memberId }, async (row) => {
      const next = { kind: req.kind, period: req.period, ends_at: endsAt };
      if (row) {
        const ended = endMs(row) <= who.now.getTime();
        if (!ended && (endsAt === null ? Infinity : endsAt.getTime()) <= endMs(row)) throw conflict(PROTECTION_MESSAGES.cannotShorten);
        await trx
          .updateTable('protection_exclusions')
          .set({ ...next, reopen_requested_at: null, reopen_confirmable_at: null })
          .where('id', '=', row.id)
          .execute();
      } else {
        await trx
          .insertInto('protection_exclusions')
          .values({ ...next, member_id: who.memberId, merchant_id: who.merchantId, started_at: who.now, ...(await keysOfMember(trx, who.memberId)) })
          .execute();
      }
      await revokeMemberSessions(trx, who.memberId, who.now, null);
      return { event: 'exclusion_started', before: row ? logState(row) : null, after: logState(next), result: undefined };
    }),
  );
  return exclusionStatus(db, who.merchantId, who.memberId, who.now);
}

/** After the end, the member asks to reopen (docs/rules/protection.md#p-24): the merchant's cooling-off starts now. */
export async function requestReopen(db: Kysely<DB>, who: TWhoCloses): Promise<TExclusionStatus> {
  const cooling = await coolingMinutes(db, who.merchantId);
  await inTransaction(db, (trx) =>
    onOwnClosure(trx, who, { channel: 'member', id: who.memberId }, async (row) => {
      if (!row) throw conflict((await closureOf(trx, who.memberId)) ? PROTECTION_MESSAGES.otherBrand : PROTECTION_MESSAGES.notClosed);
      if (endMs(row) > who.now.getTime()) throw new WpsError(WPS_CODES.forbidden, PROTECTION_MESSAGES.notEnded, { endsAt: iso(row.ends_at) });
      const confirmable = new Date(who.now.getTime() + cooling * 60_000);
      await trx
        .updateTable('protection_exclusions')
        .set({ reopen_requested_at: who.now, reopen_confirmable_at: confirmable })
        .where('id', '=', row.id)
        .execute();
      return {
        event: 'reopen_requested',
        before: logState(row, { reopenConfirmableAt: iso(row.reopen_confirmable_at) }),
        after: logState(row, { reopenConfirmableAt: confirmable.toISOString() }),
        result: undefined,
      };
    }),
  );
  return exclusionStatus(db, who.merchantId, who.memberId, who.now);
}

/** After the cooling-off the member confirms, and the account opens again (docs/rules/protection.md#p-24). */
export async function confirmReopen(db: Kysely<DB>, who: TWhoCloses): Promise<TExclusionStatus> {
  await inTransaction(db, (trx) =>
    onOwnClosure(trx, who, { channel: 'member', id: who.memberId }, async (row) => {
      if (!row) throw conflict((await closureOf(trx, who.memberId)) ? PROTECTION_MESSAGES.otherBrand : PROTECTION_MESSAGES.notClosed);
      if (row.reopen_confirmable_at === null) throw conflict(PROTECTION_MESSAGES.noReopenRequest);
      if (new Date(row.reopen_confirmable_at).getTime() > who.now.getTime()) {
        throw new WpsError(WPS_CODES.forbidden, PROTECTION_MESSAGES.coolingOff, { confirmableAt: iso(row.reopen_confirmable_at) });
      }
      await trx.updateTable('protection_exclusions').set({ reopened_at: who.now }).where('id', '=', row.id).execute();
      return {
        event: 'reopened',
        before: logState(row, { reopenConfirmableAt: iso(row.reopen_confirmable_at) }),
        after: logState(row, { reopened: true }),
        result: undefined,
      };
    }),
  );
  return exclusionStatus(db, who.merchantId, who.memberId, who.now);
}

/**
 * An operator lengthens a member's closure, with a reason (docs/rules/protection.md#p-23): the new
 * end must be later than the one in force (null: permanent); an ended closure may be lengthened too
 * (it closes again until the new end). Nobody can shorten one: there is no call for it.
 */
export async function lengthenExclusion(
  db: Kysely<DB>,
  merchantId: number,
  operator: { operatorId: number },
  req: TLengthenRequest,
  now: Date,
): Promise<TExclusionStatus> {
  const member = await db.selectFrom('members').select('id').where('id', '=', req.memberId).where('merchant_id', '=', merchantId).executeTakeFirst();
  if (!member) throw conflict(PROTECTION_MESSAGES.notClosed);
  const newEnd = req.endsAt === null ? null : new Date(req.endsAt);
  await inTransaction(db, (trx) =>
    onOwnClosure(trx, { merchantId, memberId: req.memberId, now }, { channel: 'operator', id: operator.operatorId }, async (row) => {
      if (!row) throw conflict(PROTECTION_MESSAGES.notClosed);
      if ((newEnd === null ? Infinity : newEnd.getTime()) <= Math.max(endMs(row), now.getTime())) throw fieldError('endsAt', PROTECTION_MESSAGES.cannotShorten);
      const period = newEnd === null ? 'permanent' : row.period;
      await trx
        .updateTable('protection_exclusions')
        .set({ ends_at: newEnd, period, reopen_requested_at: null, reopen_confirmable_at: null })
        .where('id', '=', row.id)
        .execute();
      await revokeMemberSessions(trx, req.memberId, now, null);
      return {
        event: 'exclusion_lengthened',
        before: logState(row),
        after: logState({ kind: row.kind, period, ends_at: newEnd }, { reason: req.reason }),
        result: undefined,
      };
    }),
  );
  return exclusionStatus(db, merchantId, req.memberId, now);
}

/** In the caller's money transaction: the member's row locked (docs/0080), then whether its account is closed. */
export async function isExcludedLocked(trx: Transaction<DB>, merchantId: number, memberId: number): Promise<boolean> {
  await lockMembers(trx, [memberId], merchantId);
  return isExcluded(trx, memberId);
}
