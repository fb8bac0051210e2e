import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ACCOUNT_MESSAGES,
  AGENT_INVITATIONS_MAX,
  AGENT_TEAM_MESSAGES,
  DOWNLINE_ROLE_TYPES,
  WEAK_PASSWORD,
  WPS_CODES,
  buildRegistrationSchema,
  firstFieldErrors,
  type TCreateInvitationRequest,
  type TInvitation,
  type TInvitationList,
  type TInvitationListQuery,
  type TInvitationUpdateRequest,
  type TRegisterDownlineRequest,
  type TRegisterDownlineResult,
} from '@wl/schemas';
import { isUniqueViolation } from '../db/errors.ts';
import { CONFLICT, fieldErrorsFailure } from '../http/errors.ts';
import { fieldRule } from '../kernel/password-rules.ts';
import type { DB } from '../db/schema.ts';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { hashPassword } from '../session/password.service.ts';
import { memberByUsername } from '../session/session.queries.ts';
import type { TSessionAgent } from '../access/actor.ts';
import { assertAgentDownlineAllowed } from '../kernel/agent-downline-limits.ts';
import { recordMemberAudit } from '../audit/member-audit.ts';
import { newAvatarKey } from '../kernel/member-keys.ts';
import { lockMembers } from '../kernel/member-lock.ts';

/**
 * registerCenter (docs/0051): an agent registers a downline itself, or hands out
 * invitation codes whose registrations land under it. Every call acts only on the caller: the new
 * member's upline is the session's member, and a code is found only among the caller's own.
 */

/**
 * The merchant's username and password rules as registration uses them (docs/rules/accounts.md#a-2): the same
 * buildRegistrationSchema the registration form and the gateway run, on these three fields.
 */
async function accountFields(db: Kysely<DB>, merchantId: number) {
  const [username, password] = await Promise.all([fieldRule(db, merchantId, 'username'), fieldRule(db, merchantId, 'password')]);
  return buildRegistrationSchema(
    [
      { field: 'username', required: true, rule: username },
      { field: 'password', required: true, rule: password },
      { field: 'confirmPassword', required: true, rule: null },
    ],
    'username',
    { smsVerification: false },
  );
}

const taken = () => new WpsError(CONFLICT, ACCOUNT_MESSAGES.usernameTaken, { fieldErrors: { username: { key: ACCOUNT_MESSAGES.usernameTaken, params: {} } } });

/**
 * A member or an agent directly under the calling agent: the merchant's username and password rules,
 * the name free, an agent within the merchant's limits (docs/0064), the password hashed (argon2, as
 * registration), a main wallet, one audit row. The
 * closure table's trigger puts the new member in the caller's subtree (and its uplines').
 */
export async function registerDownline(
  deps: TPlatformDeps,
  merchant: TMerchant,
  agent: TSessionAgent,
  req: TRegisterDownlineRequest,
  ip: string,
): Promise<TRegisterDownlineResult> {
  const db = deps.db;
  const schema = await accountFields(db, merchant.id);
  const parsed = schema.safeParse({
    username: req.username,
    password: req.password,
    confirmPassword: req.confirmPassword,
    termsAccepted: true,
    ageConfirmed: true,
  });
  if (!parsed.success) throw fieldErrorsFailure(firstFieldErrors(parsed.error));
  const username = parsed.data.username!;
  if (await memberByUsername(db, merchant.id, username)) throw taken();
  const passwordHash = await hashPassword(req.password);
  try {
    return await db.transaction().execute(async (trx) => {
      // An agent only within the operator's limits (depth, agents per agent: docs/0064).
      if (req.role === 'agent') await assertAgentDownlineAllowed(trx, merchant.id, agent.memberId);
      const member = await trx
        .insertInto('members')
        .values({
          merchant_id: merchant.id,
          username,
          nickname: username,
          password_hash: passwordHash,
          type: DOWNLINE_ROLE_TYPES[req.role],
          upline_id: agent.memberId,
          password_expires_at: null,
          weak_password: req.password === WEAK_PASSWORD,
          avatar_key: newAvatarKey(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('ledger_accounts')
        .values({ merchant_id: merchant.id, member_id: member.id, kind: 'member_wallet', currency: merchant.currency })
        .execute();
      await recordMemberAudit(trx, { merchantId: merchant.id, memberId: agent.memberId, action: 'register_downline', detail: `${member.id} ${req.role}`, ip });
      return { memberId: member.id, username, role: req.role };
    });
  } catch (err) {
    // Two registrations racing for one name: the unique index decides.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** Letters and digits that cannot be misread for each other (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

type TInvitationRow = {
  id: number;
  code: string;
  member_type: 'member' | 'agent';
  enabled: boolean;
  created_at: Date | string;
  registrations: number | string;
};

const toInvitation = (r: TInvitationRow): TInvitation => ({
  id: r.id,
  code: r.code,
  role: r.member_type,
  enabled: r.enabled,
  registrations: Number(r.registrations),
  createdAt: new Date(r.created_at).toISOString(),
});

/** The caller's own codes (not deleted), newest first. */
function ownInvitations(db: Kysely<DB> | Transaction<DB>, merchantId: number, agentId: number) {
  return db.selectFrom('agent_invitations as i').where('i.merchant_id', '=', merchantId).where('i.agent_id', '=', agentId).where('i.deleted_at', 'is', null);
}

const registrations = sql<number>`(select count(*) from members r where r.invitation_id = i.id)`;

/** Link management: the caller's codes with their registrations, paged. */
export async function listInvitations(deps: TPlatformDeps, merchant: TMerchant, agent: TSessionAgent, q: TInvitationListQuery): Promise<TInvitationList> {
  const [total, rows] = await Promise.all([
    ownInvitations(deps.db, merchant.id, agent.memberId)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
    ownInvitations(deps.db, merchant.id, agent.memberId)
      .select(['i.id', 'i.code', 'i.member_type', 'i.enabled', 'i.created_at', registrations.as('registrations')])
      .orderBy('i.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
  ]);
  return { rows: rows.map(toInvitation), total: Number(total.n) };
}

/**
 * A new code for the caller: random, unused as any agent's own code or registerCenter code (the
 * unique index decides a race), at most AGENT_INVITATIONS_MAX undeleted per agent, audited.
 */
export async function createInvitation(
  deps: TPlatformDeps,
  merchant: TMerchant,
  agent: TSessionAgent,
  req: TCreateInvitationRequest,
  ip: string,
): Promise<TInvitation> {
  for (let attempt = 1; ; attempt++) {
    const code = newCode();
    try {
      return await deps.db.transaction().execute(async (trx) => {
        // The agent's row is the lock: parallel creates count one after the other, so the cap holds.
        await lockMembers(trx, [agent.memberId]);
        const count = await ownInvitations(trx, merchant.id, agent.memberId)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= AGENT_INVITATIONS_MAX) throw new WpsError(CONFLICT, AGENT_TEAM_MESSAGES.invitationLimit, { max: AGENT_INVITATIONS_MAX });
        const clash = await trx
          .selectFrom('members')
          .select('id')
          .where('merchant_id', '=', merchant.id)
          .where((eb) => eb(eb.fn('upper', ['invitation_code']), '=', code))
          .executeTakeFirst();
        if (clash) throw Object.assign(new Error('code taken'), { code: '23505' });
        const row = await trx
          .insertInto('agent_invitations')
          .values({ merchant_id: merchant.id, agent_id: agent.memberId, code, member_type: req.role })
          .returning(['id', 'code', 'member_type', 'enabled', 'created_at'])
          .executeTakeFirstOrThrow();
        await recordMemberAudit(trx, { merchantId: merchant.id, memberId: agent.memberId, action: 'invitation_create', detail: `${row.id} ${req.role}`, ip });
        return toInvitation({ ...row, registrations: 0 });
      });
    } catch (err) {
      if (isUniqueViolation(err) && attempt < 5) continue;
      throw err;
    }
  }
}

const notFound = () => new WpsError(WPS_CODES.notFound, AGENT_TEAM_MESSAGES.invitationNotFound);

/** Switches one of the caller's codes off or on; another agent's code, a deleted one or none at all: the same 404. */
export async function updateInvitation(
  deps: TPlatformDeps,
  merchant: TMerchant,
  agent: TSessionAgent,
  req: TInvitationUpdateRequest,
  ip: string,
): Promise<TInvitation> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('agent_invitations')
      .set({ enabled: req.enabled })
      .where('id', '=', req.id)
      .where('merchant_id', '=', merchant.id)
      .where('agent_id', '=', agent.memberId)
      .where('deleted_at', 'is', null)
      .returning(['id', 'code', 'member_type', 'enabled', 'created_at'])
      .executeTakeFirst();
    if (!row) throw notFound();
    await recordMemberAudit(trx, {
      merchantId: merchant.id,
      memberId: agent.memberId,
      action: req.enabled ? 'invitation_enable' : 'invitation_disable',
      detail: String(row.id),
      ip,
    });
    const n = await trx
      .selectFrom('members')
      .select(sql<number>`count(*)`.as('n'))
      .where('invitation_id', '=', row.id)
      .executeTakeFirstOrThrow();
    return toInvitation({ ...row, registrations: n.n });
  });
}

/** Deletes one of the caller's codes: it disappears from the list and its link stops working, but stays taken. */
export async function deleteInvitation(deps: TPlatformDeps, merchant: TMerchant, agent: TSessionAgent, id: number, ip: string): Promise<{ deleted: true }> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('agent_invitations')
      .set({ enabled: false, deleted_at: deps.clock() })
      .where('id', '=', id)
      .where('merchant_id', '=', merchant.id)
      .where('agent_id', '=', agent.memberId)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound();
    await recordMemberAudit(trx, { merchantId: merchant.id, memberId: agent.memberId, action: 'invitation_delete', detail: String(row.id), ip });
    return { deleted: true as const };
  });
}
