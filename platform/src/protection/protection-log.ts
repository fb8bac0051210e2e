import type { Kysely, Transaction } from 'kysely';
import { PROTECTION_LIMIT_KINDS, type TProtectionLimitKind } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { lowerLimit, type TEffectiveLimits, type TOperatorLimits } from './effective-limits.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** One limit's whole state: the value in force (null: none) and a raise or removal waiting. */
export type TLimitState = { value: number | null; pending: { value: number | null; effectiveAt: string } | null };
/** Every limit kind's state. */
export type TLimitStates = Record<TProtectionLimitKind, TLimitState>;

/** Who made a protection change, and through which channel (the member itself, its agent, an operator, the system). */
export type TProtectionActor = { channel: 'member' | 'agent' | 'operator' | 'system'; id: number | null };

export const NO_LIMIT: TLimitState = { value: null, pending: null };

const emptyStates = (): TLimitStates => Object.fromEntries(PROTECTION_LIMIT_KINDS.map((k) => [k, NO_LIMIT])) as TLimitStates;

/**
 * Appends one event to the member's protection log (docs/0102). The log is append-only (a trigger
 * refuses UPDATE, DELETE and TRUNCATE) and a limit event carries the limit's whole state before and
 * after it, so the log alone rebuilds every limit at any instant (`limitsAt`).
 */
export async function appendProtectionLog(
  trx: Transaction<DB>,
  e: {
    merchantId: number;
    /** Null only for an operator's limit for every member of the merchant (docs/0108). */
    memberId: number | null;
    at: Date;
    actor: TProtectionActor;
    kind: string;
    limitKind: TProtectionLimitKind | null;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await trx
    .insertInto('protection_log')
    .values({
      merchant_id: e.merchantId,
      member_id: e.memberId,
      at: e.at,
      channel: e.actor.channel,
      actor_id: e.actor.id,
      kind: e.kind,
      limit_kind: e.limitKind,
      before: e.before === null ? null : JSON.stringify(e.before),
      after: e.after === null ? null : JSON.stringify(e.after),
    })
    .execute();
}

/**
 * A member's limits as they stood at `at`, from the protection log alone: each limit's state is the
 * `after` of its last event at or before that instant (none: no limit). The live tables must always
 * agree with `limitsAt(now)` (proved by protection.test.ts).
 */
export async function limitsAt(db: TDb, memberId: number, at: Date): Promise<TLimitStates> {
  const rows = await db
    .selectFrom('protection_log')
    .select(['limit_kind', 'after'])
    .where('member_id', '=', memberId)
    .where('limit_kind', 'is not', null)
    .where('at', '<=', at)
    .orderBy('id')
    .execute();
  const states = emptyStates();
  for (const r of rows) states[r.limit_kind as TProtectionLimitKind] = r.after as TLimitState;
  return states;
}

/** A member's limits now, from the live tables (what the deposit paths enforce). */
export async function liveLimits(db: TDb, memberId: number): Promise<TLimitStates> {
  const [limits, pending] = await Promise.all([
    db.selectFrom('protection_limits').select(['kind', 'value']).where('member_id', '=', memberId).execute(),
    db.selectFrom('protection_pending').select(['kind', 'value', 'effective_at']).where('member_id', '=', memberId).execute(),
  ]);
  const states = emptyStates();
  for (const l of limits) states[l.kind as TProtectionLimitKind] = { value: Number(l.value), pending: null };
  for (const p of pending) {
    const k = p.kind as TProtectionLimitKind;
    states[k] = { ...states[k], pending: { value: p.value === null ? null : Number(p.value), effectiveAt: new Date(p.effective_at).toISOString() } };
  }
  return states;
}

/** The `after` of an `operator_limit_set` event (compliance.service.ts setOperatorLimit). */
type TOperatorLimitAfter = { limit: { kind: TProtectionLimitKind; value: number | null; scope: 'member' | 'merchant' } };

/**
 * A member's effective limits as they stood at `at` (docs/0108), from the protection log alone: its
 * own (`limitsAt`) and the operator's for it and for every member of its merchant (the last
 * `operator_limit_set` of each scope and kind at or before that instant), the lowest of each kind as
 * `effectiveLimits` takes it. Equal to `effectiveLimits(...).limits` at every instant (proved by
 * protection.test.ts).
 */
export async function effectiveLimitsAt(db: TDb, merchantId: number, memberId: number, at: Date): Promise<TEffectiveLimits['limits']> {
  const [own, events] = await Promise.all([
    limitsAt(db, memberId, at),
    db
      .selectFrom('protection_log')
      .select('after')
      .where('merchant_id', '=', merchantId)
      .where((eb) => eb.or([eb('member_id', 'is', null), eb('member_id', '=', memberId)]))
      .where('kind', '=', 'operator_limit_set')
      .where('at', '<=', at)
      .orderBy('id')
      .execute(),
  ]);
  const ops = Object.fromEntries(PROTECTION_LIMIT_KINDS.map((k) => [k, { member: null, merchant: null }])) as TOperatorLimits;
  for (const e of events) {
    const { kind, value, scope } = (e.after as TOperatorLimitAfter).limit;
    ops[kind][scope] = value;
  }
  const limits: TEffectiveLimits['limits'] = {};
  for (const k of PROTECTION_LIMIT_KINDS) {
    const v = lowerLimit(lowerLimit(ops[k].member, ops[k].merchant), own[k].value);
    if (v !== null) limits[k] = v;
  }
  return limits;
}
