import type { FastifyInstance } from 'fastify';
import { WPS_PATHS } from '@wl/schemas';
import { requireMember, resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { balance } from './wallet.service.ts';

/** Wallet calls: balance from the ledger. */
export function registerWalletRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.get(WPS_PATHS.balance, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    return ok(await balance(deps, merchant, await requireMember(deps, request, merchant)));
  });
}
