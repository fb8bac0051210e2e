import type { FastifyInstance } from 'fastify';
import { CONFIG_CHANGE_PATHS, WPS_PATHS, type TOperatorRole } from '@wl/schemas';
import { DEMO_ACCOUNTS, DEMO_ROLE_OPERATORS } from '../seed/seed.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a setter's envelope, read field by field
type TAnyValue = any;

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

/** The second owner, demo_owner2 (docs/0066): approves demo_operator's sensitive drafts (docs/0123). */
export const SECOND_OWNER = DEMO_ROLE_OPERATORS.find((o) => o.role === 'owner')!;

/**
 * A sensitive setting made live as operators do it (docs/0127): the setter (a PUT) drafts the change
 * as `author`; `approver`, another operator, approves the draft and the author publishes it. Answers
 * the setter's envelope (a refusal is answered as it is, nothing drafted); fails when the approval or
 * the publish is refused.
 */
export async function approvedChange(
  app: FastifyInstance,
  tokens: { author: string; approver: string },
  req: { url: string; payload: unknown },
): Promise<{ statusCode: number; json: { success: boolean; value: TAnyValue; message: string | null } }> {
  const res = await app.inject({ method: 'PUT', url: req.url, headers: { authorization: tokens.author }, payload: req.payload as object });
  const json = res.json();
  const draftId = json.success ? (json.value.awaitingApproval?.draftId as number | undefined) : undefined;
  if (draftId !== undefined) {
    const send = async (token: string, url: string, payload: object) => {
      const answer = (await app.inject({ method: 'POST', url, headers: { authorization: token }, payload })).json();
      if (!answer.success) throw new Error(`${url} of draft ${draftId}: ${answer.message}`);
      return answer.value;
    };
    const drafts = (await app.inject({ url: CONFIG_CHANGE_PATHS.drafts, headers: { authorization: tokens.author } })).json().value.drafts as {
      id: number;
      revision: number;
    }[];
    const revision = drafts.find((d) => d.id === draftId)!.revision;
    await send(tokens.approver, CONFIG_CHANGE_PATHS.approve, { id: draftId, revision });
    await send(tokens.author, CONFIG_CHANGE_PATHS.publish, { id: draftId, comment: 'approved in a test' });
  }
  return { statusCode: res.statusCode, json };
}
