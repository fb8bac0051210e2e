import type { FastifyInstance } from 'fastify';
import { WPS_PATHS, type TOperatorRole } from '@wl/schemas';
import { DEMO_ACCOUNTS, DEMO_ROLE_OPERATORS } from '../seed/seed.ts';

const seeded = (role: TOperatorRole) => DEMO_ROLE_OPERATORS.find((o) => o.role === role)!;

/** The seeded operator of each role: demo_operator the owner, the others from DEMO_ROLE_OPERATORS. */
export const ROLE_ACCOUNTS: Record<TOperatorRole, { username: string; password: string }> = {
  owner: DEMO_ACCOUNTS.operator,
  finance: seeded('finance'),
  support: seeded('support'),
  content: seeded('content'),
};

/** Logs an operator in and returns the token (throws when the login fails). */
export async function operatorToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const json = (await app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload: { username, password } })).json();
  if (!json.success) throw new Error(`operator login of ${username} failed: ${json.message}`);
  return json.value.token as string;
}

/** A token of the seeded operator of each role. */
export async function roleTokens(app: FastifyInstance): Promise<Record<TOperatorRole, string>> {
  const tokens = {} as Record<TOperatorRole, string>;
  for (const [role, { username, password }] of Object.entries(ROLE_ACCOUNTS)) tokens[role as TOperatorRole] = await operatorToken(app, username, password);
  return tokens;
}
