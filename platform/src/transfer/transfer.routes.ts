import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TRANSFER_PATHS, ZUplineTransferRequest, ZWalletRecallRequest, ZWalletTransferRequest } from '@wl/schemas';
import { requireRealMember, resolveMerchant, type TMerchant, type TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { clientIp, parseInput } from '../http/request-context.ts';
import { consolidatedFunds, merchantWallets, recallAll, transferToUpline, uplineOverview, walletTransfer } from './transfer.service.ts';

/** Wallet transfers, consolidated funds and the transfer to the upline (issue 8 items 1, 5); trial accounts are refused on every one (SPEC §6). */
export function registerTransferRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  const member = async (request: FastifyRequest): Promise<{ merchant: TMerchant; member: TSessionMember }> => {
    const merchant = await resolveMerchant(deps, request);
    return { merchant, member: await requireRealMember(deps, request, merchant) };
  };
  app.get(TRANSFER_PATHS.merchantWallet, async (request) => {
    const c = await member(request);
    return ok(await merchantWallets(deps, c.merchant, c.member));
  });
  app.post(TRANSFER_PATHS.walletTransfer, async (request) => {
    const c = await member(request);
    return ok(await walletTransfer(deps, c.merchant, c.member, parseInput(ZWalletTransferRequest, request.body), clientIp(request)));
  });
  app.post(TRANSFER_PATHS.walletRecall, async (request) => {
    const c = await member(request);
    return ok(await recallAll(deps, c.merchant, c.member, parseInput(ZWalletRecallRequest, request.body), clientIp(request)));
  });
  app.get(TRANSFER_PATHS.consolidated, async (request) => {
    const c = await member(request);
    return ok(await consolidatedFunds(deps, c.merchant, c.member));
  });
  app.get(TRANSFER_PATHS.transferUpline, async (request) => {
    const c = await member(request);
    return ok(await uplineOverview(deps, c.merchant, c.member));
  });
  app.post(TRANSFER_PATHS.transferUpline, async (request) => {
    const c = await member(request);
    return ok(await transferToUpline(deps, c.merchant, c.member, parseInput(ZUplineTransferRequest, request.body), clientIp(request)));
  });
}
