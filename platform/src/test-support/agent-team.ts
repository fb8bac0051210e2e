import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { DEMO_TEAM } from '../seed/agent-tree.ts';
import { loginToken, registerMember } from './http.ts';

/** Tokens of the seeded agent, two of its sub-agents, a plain member and a trial account. */
export async function demoTeamTokens(app: FastifyInstance): Promise<Record<'agent' | 'sub1' | 'sub2' | 'member' | 'trial', string>> {
  return {
    agent: await loginToken(app, 'demo_agent', 'Agent1234'),
    sub1: await loginToken(app, 'demo_sub1', DEMO_TEAM.password),
    sub2: await loginToken(app, 'demo_sub2', DEMO_TEAM.password),
    member: await loginToken(app, 'demo_member', 'Demo1234'),
    trial: await loginToken(app, 'demo_trial', 'Trial1234'),
  };
}

/**
 * A registration through the public form with an agent's invitation code (username tab, no SMS
 * step: the caller turns REGMOBVERF3 off).
 */
export function registerWithCode(
  ctx: { app: FastifyInstance; db: Kysely<DB> },
  username: string,
  mobileNum: string,
  affiliateCode: string,
): Promise<LightMyRequestResponse> {
  return registerMember(ctx, 'username', { username, password: 'Abcd1234', confirmPassword: 'Abcd1234', mobileNum, affiliateCode });
}

/** The member audit rows of `memberIds` whose action is `action` or, ending in %, is LIKE it; oldest first. */
export function memberAuditRows(db: Kysely<DB>, memberIds: number[], action: string) {
  const rows = db.selectFrom('member_audit').select(['action', 'detail']).where('member_id', 'in', memberIds);
  return (action.endsWith('%') ? rows.where('action', 'like', action) : rows.where('action', '=', action)).orderBy('id').execute();
}
