import type { FastifyRequest } from 'fastify';
import { AGENT_TYPES, WPS_CODES, WPS_MESSAGES, type TCallAudience, type TOperatorPermission } from '@wl/schemas';
import { requireMember, requireOperator, requireRealMember, type TMerchant, type TSessionMember, type TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import { roleAllows } from './permissions.ts';

/** The caller of an agent call: a member whose type is an agent type (docs/0046). */
export type TSessionAgent = TSessionMember & { readonly agent: true };

/**
 * The one gate of the agent centre: a member that is not an agent gets 463 error_not_agent (403)
 * before any query runs. Everything after it reads only the agent's own subtree.
 */
export function requireAgent(member: TSessionMember): TSessionAgent {
  if (!(AGENT_TYPES as readonly number[]).includes(member.type)) throw new WpsError(WPS_CODES.notAgent, WPS_MESSAGES.notAgent, null, 403);
  return { ...member, agent: true };
}

/**
 * The one access check of operator calls: a live operator session (else 401) whose role carries
 * `permission` (else 403 error_forbidden, before any work is done); null: any live operator.
 */
export async function requireOperatorPermission(
  deps: TPlatformDeps,
  request: FastifyRequest,
  merchant: TMerchant,
  permission: TOperatorPermission | null,
): Promise<TSessionOperator> {
  const operator = await requireOperator(deps, request, merchant);
  if (permission !== null && !roleAllows(operator.role, permission)) throw wpsErrors.forbidden();
  return operator;
}

/** Who a handler of a call with audience `A` is called for. */
export type TActorOf<A extends TCallAudience> = A extends { kind: 'member' } | { kind: 'realMember' }
  ? TSessionMember
  : A extends { kind: 'agent' }
    ? TSessionAgent
    : A extends { kind: 'operator' }
      ? TSessionOperator
      : null;

/**
 * The actor of a call, from its declared audience (docs/0076): the only place a route's caller is
 * checked. Visitors and server-to-server calls have none (a server call proves itself in its handler);
 * a call whose input chooses its audience has none until its handler chose one (routes-of.ts `actorAs`).
 */
export async function actorFor(
  deps: TPlatformDeps,
  request: FastifyRequest,
  merchant: TMerchant,
  audience: TCallAudience,
  permission: TOperatorPermission | null = audience.kind === 'operator' ? audience.permission : null,
): Promise<TSessionMember | TSessionAgent | TSessionOperator | null> {
  switch (audience.kind) {
    case 'visitor':
    case 'server':
    case 'byInput':
      return null;
    case 'member':
      return requireMember(deps, request, merchant, { duringForcedChange: audience.forcedChange === true });
    case 'realMember':
      return requireRealMember(deps, request, merchant, { duringForcedChange: audience.forcedChange === true });
    case 'agent':
      return requireAgent(await requireRealMember(deps, request, merchant));
    case 'operator':
      return requireOperatorPermission(deps, request, merchant, permission);
  }
}
