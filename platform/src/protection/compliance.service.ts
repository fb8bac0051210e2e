import { sql, type Kysely, type Transaction } from 'kysely';
import {
  COMPLIANCE_MESSAGES,
  PROTECTION_LIMIT_KINDS,
  WPS_CODES,
  type TAccountState,
  type TComplianceGaming,
  type TComplianceMember,
  type TProtectionLimitKind,
} from '@wl/schemas';
import type { z } from 'zod';
import type { ZAccountStateRequest, ZGamingSwitchRequest, ZOperatorLimitRequest } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { conflict, fieldFailure } from '../http/errors.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { auditedConfigChange, recordOperatorAudit } from '../audit/operator-audit.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { accountStateOf } from './account-state.ts';
import { effectiveLimits, operatorLimits } from './effective-limits.ts';
import { protectionHistory } from './limits.service.ts';
import { appendProtectionLog, liveLimits } from './protection-log.ts';

type TDb = Kysely<DB> | Transaction<DB>;
type TOp = Pick<TSessionOperator, 'operatorId' | 'username'>;

const notFound = () => fieldFailure('username', COMPLIANCE_MESSAGES.memberNotFound, {}, WPS_CODES.notFound);

/** A member of this merchant by id, or refused as not found (another merchant's id is not found). */
/**
 * A compliance change on record twice, in its transaction: the operator audit log (before and after,
 * with the member) and the member's append-only protection log, channel operator (docs/0106).
 */
async function recordComplianceChange(
  trx: Transaction<DB>,
  by: { merchant: TMerchant; op: TOp; ip: string; now: Date },
  what: { memberId: number | null; action: 'compliance.state.set' | 'compliance.limit.set'; kind: 'account_state_set' | 'operator_limit_set' },
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<void> {
  await recordOperatorAudit(trx, {
    merchantId: by.merchant.id,
    actor: by.op,
    ip: by.ip,
    action: what.action,
    before: { memberId: what.memberId, ...before },
    after: { memberId: what.memberId, ...after },
    configVersion: null,
  });
  await appendProtectionLog(trx, {
    merchantId: by.merchant.id,
    memberId: what.memberId,
    at: by.now,
    actor: { channel: 'operator', id: by.op.operatorId },
    kind: what.kind,
    limitKind: null,
    before,
    after,
  });
}

async function memberOf(db: TDb, merchantId: number, memberId: number) {
  const row = await db.selectFrom('members').select(['id', 'username']).where('id', '=', memberId).where('merchant_id', '=', merchantId).executeTakeFirst();
  if (!row) throw fieldFailure('memberId', COMPLIANCE_MESSAGES.memberNotFound, {}, WPS_CODES.notFound);
  return row;
}

/** What the console shows of one member (docs/0106): its account state, own and operator limits, and protection history. */
export async function complianceMemberById(db: TDb, merchantId: number, memberId: number): Promise<TComplianceMember> {
  const member = await memberOf(db, merchantId, memberId);
  const [state, own, ops, effective, history] = await Promise.all([
    accountStateOf(db, memberId),
    liveLimits(db, memberId),
    operatorLimits(db, merchantId, memberId),
    effectiveLimits(db, merchantId, memberId),
    protectionHistory(db, memberId),
  ]);
  const { reason, setAt, ...flags } = state;
  return {
    memberId,
    username: member.username,
    state: flags,
    stateReason: reason,
    stateSetAt: setAt?.toISOString() ?? null,
    own: PROTECTION_LIMIT_KINDS.map((kind) => {
      const s = own[kind];
      return { kind, value: s.value, pending: s.pending && { ...s.pending, confirmable: false } };
    }),
    operator: PROTECTION_LIMIT_KINDS.map((kind) => ({ kind, ...ops[kind], effective: effective.limits[kind] ?? null })),
    history: history.events,
  };
}

/** Finds a member by username (case aside) in this merchant. */
export async function complianceMember(db: TDb, merchantId: number, username: string): Promise<TComplianceMember> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  if (!row) throw notFound();
  return complianceMemberById(db, merchantId, row.id);
}

const sameState = (a: TAccountState, b: TAccountState) =>
  a.depositBlocked === b.depositBlocked &&
  a.betBlocked === b.betBlocked &&
  a.withdrawBlocked === b.withdrawBlocked &&
  a.suspended === b.suspended &&
  a.fullBlock === b.fullBlock;

/**
 * Sets a member's account state with a reason (docs/rules/protection.md#p-31), the member's row
 * locked so the money paths that check it queue behind the change. A suspension or full block ends
 * the member's sessions. Audited with before and after, and appended to the protection log.
 */
export async function setAccountState(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TOp,
  ip: string,
  req: z.output<typeof ZAccountStateRequest>,
): Promise<TComplianceMember> {
  const now = deps.clock();
  await inTransaction(deps.db, async (trx) => {
    await memberOf(trx, merchant.id, req.memberId);
    await lockMembers(trx, [req.memberId], merchant.id);
    const { reason: beforeReason, setAt: _setAt, ...before } = await accountStateOf(trx, req.memberId);
    if (sameState(before, req.state)) throw conflict(COMPLIANCE_MESSAGES.unchanged);
    const row = {
      deposit_blocked: req.state.depositBlocked,
      bet_blocked: req.state.betBlocked,
      withdraw_blocked: req.state.withdrawBlocked,
      suspended: req.state.suspended,
      full_block: req.state.fullBlock,
      reason: req.reason,
      operator_id: op.operatorId,
      set_at: now,
    };
    await trx
      .insertInto('member_account_states')
      .values({ member_id: req.memberId, merchant_id: merchant.id, ...row })
      .onConflict((oc) => oc.column('member_id').doUpdateSet(row))
      .execute();
    if (req.state.suspended || req.state.fullBlock) {
      await trx.updateTable('sessions').set({ revoked_at: now }).where('member_id', '=', req.memberId).where('revoked_at', 'is', null).execute();
    }
    const logBefore = { reason: beforeReason ?? '', state: before };
    const logAfter = { reason: req.reason, state: req.state };
    await recordComplianceChange(
      trx,
      { merchant, op, ip, now },
      { memberId: req.memberId, action: 'compliance.state.set', kind: 'account_state_set' },
      logBefore,
      logAfter,
    );
  });
  return complianceMemberById(deps.db, merchant.id, req.memberId);
}

/** The merchant's gaming switch-offs and its limits for every member. */
export async function complianceGaming(db: TDb, merchantId: number): Promise<TComplianceGaming> {
  const [offs, limits] = await Promise.all([
    db.selectFrom('gaming_switch_offs').select(['scope', 'target', 'reason', 'set_at']).where('merchant_id', '=', merchantId).orderBy('set_at').execute(),
    operatorLimits(db, merchantId, null),
  ]);
  return {
    switchOffs: offs.map((o) => ({ scope: o.scope, target: o.target, reason: o.reason, at: new Date(o.set_at).toISOString() })),
    limits: PROTECTION_LIMIT_KINDS.flatMap((kind) => (limits[kind].merchant === null ? [] : [{ kind, value: limits[kind].merchant! }])),
  };
}

/**
 * Sets or lifts (value null) an operator limit for one member or, with memberId null, for every
 * member of the merchant (docs/rules/protection.md#p-32). Applies at once, up or down: the member's
 * cooling-off protects the member from itself, not from its operator. Audited, and appended to the
 * protection log: a member's limit to the member's, the merchant's with no member (docs/0108).
 */
export async function setOperatorLimit(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TOp,
  ip: string,
  req: z.output<typeof ZOperatorLimitRequest>,
): Promise<TComplianceGaming> {
  const now = deps.clock();
  const kind: TProtectionLimitKind = req.kind;
  await inTransaction(deps.db, async (trx) => {
    if (req.memberId !== null) {
      await memberOf(trx, merchant.id, req.memberId);
      await lockMembers(trx, [req.memberId], merchant.id);
    } else {
      // Merchant-wide changes queue on the merchant's row.
      await trx.selectFrom('merchants').select('id').where('id', '=', merchant.id).forNoKeyUpdate().execute();
    }
    const mine = trx
      .selectFrom('protection_operator_limits')
      .select(['id', 'value'])
      .where('merchant_id', '=', merchant.id)
      .where('kind', '=', kind)
      .where((eb) => (req.memberId === null ? eb('member_id', 'is', null) : eb('member_id', '=', req.memberId)));
    const existing = await mine.executeTakeFirst();
    const beforeValue = existing ? Number(existing.value) : null;
    if (beforeValue === req.value) throw conflict(COMPLIANCE_MESSAGES.unchanged);
    if (existing) await trx.deleteFrom('protection_operator_limits').where('id', '=', existing.id).execute();
    if (req.value !== null) {
      await trx
        .insertInto('protection_operator_limits')
        .values({ merchant_id: merchant.id, member_id: req.memberId, kind, value: req.value, reason: req.reason, operator_id: op.operatorId, set_at: now })
        .execute();
    }
    const scope = req.memberId === null ? 'merchant' : 'member';
    const before = { reason: '', limit: { kind, value: beforeValue, scope } };
    const after = { reason: req.reason, limit: { kind, value: req.value, scope } };
    // A merchant-wide limit is logged without a member (docs/0108), so `effectiveLimitsAt` rebuilds it.
    await recordComplianceChange(
      trx,
      { merchant, op, ip, now },
      { memberId: req.memberId, action: 'compliance.limit.set', kind: 'operator_limit_set' },
      before,
      after,
    );
  });
  return complianceGaming(deps.db, merchant.id);
}

/**
 * Switches all gaming, one vendor or one game off (or back on) with a reason
 * (docs/rules/protection.md#p-33): new real-money and free launches are refused naming the reason's
 * key; rounds in flight finish (their bets, wins and rollbacks are never refused). Audited.
 */
export async function switchGaming(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TOp,
  ip: string,
  req: z.output<typeof ZGamingSwitchRequest>,
): Promise<TComplianceGaming> {
  const now = deps.clock();
  const target = req.scope === 'all' ? '' : req.target;
  if (req.scope !== 'all') {
    let q = deps.db.selectFrom('games').select('id').where('merchant_id', '=', merchant.id);
    q = req.scope === 'vendor' ? q.where('vassalage', '=', target) : q.where('node_id', '=', target);
    if (!(await q.limit(1).executeTakeFirst())) throw fieldFailure('target', 'error_not_found', {}, WPS_CODES.notFound);
  }
  await inTransaction(deps.db, async (trx) => {
    const existing = await trx
      .selectFrom('gaming_switch_offs')
      .select('reason')
      .where('merchant_id', '=', merchant.id)
      .where('scope', '=', req.scope)
      .where('target', '=', target)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if ((existing !== undefined) === req.off) throw conflict(COMPLIANCE_MESSAGES.unchanged);
    if (req.off) {
      await trx
        .insertInto('gaming_switch_offs')
        .values({ merchant_id: merchant.id, scope: req.scope, target, reason: req.reason, operator_id: op.operatorId, set_at: now })
        .execute();
    } else {
      await trx.deleteFrom('gaming_switch_offs').where('merchant_id', '=', merchant.id).where('scope', '=', req.scope).where('target', '=', target).execute();
    }
    await auditedConfigChange(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'compliance.gaming.set',
      before: { scope: req.scope, target, off: existing !== undefined, reason: existing?.reason ?? '' },
      after: { scope: req.scope, target, off: req.off, reason: req.reason },
    });
  });
  return complianceGaming(deps.db, merchant.id);
}
