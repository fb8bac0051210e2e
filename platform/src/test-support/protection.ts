import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { loginToken } from './http.ts';
import { demoMemberRow } from './demo-merchant.ts';

/**
 * A new member of the seeded merchant directly under demo_agent (so the agent can transfer to it),
 * signing in with demo_member's password; no deposit, no limit, no protection event yet. Answers its
 * id and a session token.
 */
export async function freshDownline(ctx: { app: FastifyInstance; db: Kysely<DB> }, username: string): Promise<{ id: number; token: string }> {
  const demo = await demoMemberRow(ctx.db, 'demo_member').select(['merchant_id', 'password_hash', 'upline_id']).executeTakeFirstOrThrow();
  const row = await ctx.db
    .insertInto('members')
    .values({
      merchant_id: demo.merchant_id,
      username,
      nickname: username.slice(0, 12),
      password_hash: demo.password_hash,
      type: 0,
      upline_id: demo.upline_id,
      first_time_login: false,
      password_expires_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token: await loginToken(ctx.app, username, 'Demo1234') };
}
