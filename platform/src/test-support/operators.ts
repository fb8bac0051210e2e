import type { FastifyInstance } from 'fastify';
import { WPS_PATHS, type TOperatorRole } from '@wl/schemas';

/** The seeded operator of each role (platform/README.md demo accounts): username and password. */
export const DEMO_OPERATORS: Readonly<Record<TOperatorRole, readonly [string, string]>> = {
  owner: ['demo_operator', 'Operator1234'],
  finance: ['demo_finance', 'Finance1234'],
  support: ['demo_support', 'Support1234'],
  content: ['demo_content', 'Content1234'],
};

/** A console session token for each role, signed in through the login call. */
export async function operatorTokens(app: FastifyInstance): Promise<Record<TOperatorRole, string>> {
  const tokens = {} as Record<TOperatorRole, string>;
  for (const role of Object.keys(DEMO_OPERATORS) as TOperatorRole[]) {
    const [username, password] = DEMO_OPERATORS[role];
    tokens[role] = (await app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload: { username, password } })).json().value.token;
  }
  return tokens;
}
