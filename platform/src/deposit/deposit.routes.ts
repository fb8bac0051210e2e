import type { FastifyInstance } from 'fastify';
import { DEPOSIT_PATHS, ZDepositListQuery, ZDepositRequest } from '@wl/schemas';
import { requireRealMember, resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { parseInput } from '../http/request-context.ts';
import { createDeposit, listChannels, listOwnDeposits } from './deposit.service.ts';

/** Member deposit calls; every one refuses trial accounts (SPEC §6). Operator calls: deposit.operator-routes.ts. */
export function registerDepositRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.get(DEPOSIT_PATHS.depositChannels, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    await requireRealMember(deps, request, merchant);
    return ok(await listChannels(deps, merchant));
  });
  app.post(DEPOSIT_PATHS.deposit, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await createDeposit(deps, merchant, member, parseInput(ZDepositRequest, request.body)));
  });
  app.get(DEPOSIT_PATHS.deposit, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await listOwnDeposits(deps, member, parseInput(ZDepositListQuery, request.query)));
  });
}
