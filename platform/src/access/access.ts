import type { FastifyRequest } from 'fastify';
import type { TOperatorPermission } from '@wl/schemas';
import { requireOperator, type TMerchant, type TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { roleAllows } from './permissions.ts';

/**
 * The one access check of operator calls: a live operator session (else 401) whose role carries
 * `permission` (else 403 error_forbidden, before any work is done).
 */
export async function requireOperatorPermission(
  deps: TPlatformDeps,
  request: FastifyRequest,
  merchant: TMerchant,
  permission: TOperatorPermission,
): Promise<TSessionOperator> {
  const operator = await requireOperator(deps, request, merchant);
  if (!roleAllows(operator.role, permission)) throw wpsErrors.forbidden();
  return operator;
}
