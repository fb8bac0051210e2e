import { sql, type Transaction } from 'kysely';
import { AGENT_TEAM_MESSAGES, AGENT_TYPES } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';
import { lockMembers } from './member-lock.ts';

/** The answer of a refused agent-type downline (the same code as the other limits of the register centre). */
const LIMIT_CODE = 409;

/**
 * An agent-type downline is created only within the merchant's limits (docs/0064): the new agent is
 * at most `merchants.agent_max_depth` levels below its top agent (the tree's root), and its upline
 * has fewer than `merchants.agent_max_direct_agents` agent-type direct downlines. Members are not
 * limited. Runs in the transaction that inserts the new member and locks the upline's row first, so
 * parallel registrations under one agent count one after the other. Both the register centre and a
 * registration with an agent invitation code call it.
 */
export async function assertAgentDownlineAllowed(trx: Transaction<DB>, merchantId: number, uplineId: number): Promise<void> {
  await lockMembers(trx, [uplineId], merchantId);
  const [limits, level, count] = await Promise.all([
    trx.selectFrom('merchants').select(['agent_max_depth', 'agent_max_direct_agents']).where('id', '=', merchantId).executeTakeFirstOrThrow(),
    trx
      .selectFrom('member_tree')
      .select(sql<number>`coalesce(max(depth), 0)`.as('d'))
      .where('descendant_id', '=', uplineId)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('members')
      .select(sql<number>`count(*)`.as('n'))
      .where('upline_id', '=', uplineId)
      .where('type', 'in', [...AGENT_TYPES])
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(level.d) + 1 > limits.agent_max_depth) throw new WpsError(LIMIT_CODE, AGENT_TEAM_MESSAGES.agentDepthLimit, { max: limits.agent_max_depth });
  if (Number(count.n) >= limits.agent_max_direct_agents)
    throw new WpsError(LIMIT_CODE, AGENT_TEAM_MESSAGES.agentCountLimit, { max: limits.agent_max_direct_agents });
}
