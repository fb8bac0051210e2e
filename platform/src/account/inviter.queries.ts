import type { Kysely } from 'kysely';
import { AGENT_TYPES, DOWNLINE_ROLE_TYPES } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

/** Who registers under an invitation code (docs/0051). */
export type TInviter = { agentId: number; nickname: string; memberType: number; invitationId: number | null };

/**
 * The inviter of a code, case-insensitive: an agent's own code (members.invitation_code, a member
 * registers) or one of its registerCenter codes that is enabled and not deleted. Anything else —
 * unknown, disabled, deleted, or an agent that is no longer one — is no inviter.
 */
export async function inviterByCode(db: Kysely<DB>, merchantId: number, code: string): Promise<TInviter | undefined> {
  const key = code.trim().toUpperCase();
  const own = await db
    .selectFrom('members')
    .select(['id', 'nickname'])
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb(eb.fn('upper', ['invitation_code']), '=', key))
    .where('type', 'in', [...AGENT_TYPES])
    .executeTakeFirst();
  if (own) return { agentId: own.id, nickname: own.nickname, memberType: DOWNLINE_ROLE_TYPES.member, invitationId: null };
  const invited = await db
    .selectFrom('agent_invitations as i')
    .innerJoin('members as m', 'm.id', 'i.agent_id')
    .select(['i.id', 'i.agent_id', 'i.member_type', 'm.nickname'])
    .where('i.merchant_id', '=', merchantId)
    .where((eb) => eb(eb.fn('upper', ['i.code']), '=', key))
    .where('i.enabled', '=', true)
    .where('i.deleted_at', 'is', null)
    .where('m.type', 'in', [...AGENT_TYPES])
    .executeTakeFirst();
  if (!invited) return undefined;
  return { agentId: invited.agent_id, nickname: invited.nickname, memberType: DOWNLINE_ROLE_TYPES[invited.member_type], invitationId: invited.id };
}
