import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * An agent's reach (docs/0046): the members below it in the merchant's tree, read from the closure
 * table `member_tree` (migration 0021). The agent centre's services ask here which members an agent
 * may see or act on, and build their queries on the answer, so no request can widen it: the agent is
 * always the session's member (access/actor.ts), never an input.
 */

/**
 * The agent's team: every member below `agentId` (depth ≥ 1) of the merchant, as `member_tree as t`
 * joined to `members as m`. Callers add their own joins, filters (`t.depth` is the level below the
 * agent) and selection; a Transaction is a Kysely too, so a check can be repeated inside one.
 */
export function teamOf(db: Kysely<DB>, merchantId: number, agentId: number) {
  return db
    .selectFrom('member_tree as t')
    .innerJoin('members as m', 'm.id', 't.descendant_id')
    .where('t.ancestor_id', '=', agentId)
    .where('t.depth', '>=', 1)
    .where('m.merchant_id', '=', merchantId);
}

/** One member of the agent's team with its level and type; undefined outside the team (or not existing: the two are not told apart). */
export function downlineOf(db: Kysely<DB>, merchantId: number, agentId: number, memberId: number): Promise<{ depth: number; type: number } | undefined> {
  return teamOf(db, merchantId, agentId).where('t.descendant_id', '=', memberId).select(['t.depth', 'm.type']).executeTakeFirst();
}

/** True when `memberId` is below `agentId` (depth ≥ 1) in the merchant's tree: one primary-key probe. */
export async function inSubtree(db: Kysely<DB>, merchantId: number, agentId: number, memberId: number): Promise<boolean> {
  return (await downlineOf(db, merchantId, agentId, memberId)) !== undefined;
}
