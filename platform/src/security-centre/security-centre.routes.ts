import type { FastifyInstance } from 'fastify';
import { CONTACT_PATHS, WITHDRAW_PATHS, ZBankAccountRequest, ZBindCodeRequest, ZBindContactRequest, ZWithdrawPasswordRequest } from '@wl/schemas';
import { requireRealMember, resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { clientIp, parseInput, requestLanguage } from '../http/request-context.ts';
import { bindContact, sendBindCode } from './contact-binding.service.ts';
import { addBankAccount, securityCentre, setWithdrawPassword } from './security-centre.service.ts';

/** Security centre calls (issue 8 item 8); trial accounts are refused (SPEC §6). */
export function registerSecurityCentreRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.get(WITHDRAW_PATHS.security, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    return ok(await securityCentre(deps, merchant, await requireRealMember(deps, request, merchant)));
  });
  app.post(WITHDRAW_PATHS.withdrawPassword, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await setWithdrawPassword(deps, merchant, member, parseInput(ZWithdrawPasswordRequest, request.body), clientIp(request)));
  });
  app.post(WITHDRAW_PATHS.bankAccount, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await addBankAccount(deps, merchant, member, parseInput(ZBankAccountRequest, request.body), clientIp(request)));
  });
  app.post(CONTACT_PATHS.bindCode, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await sendBindCode(deps, merchant, member, parseInput(ZBindCodeRequest, request.body), requestLanguage(request)));
  });
  app.post(CONTACT_PATHS.bind, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await bindContact(deps, merchant, member, parseInput(ZBindContactRequest, request.body), clientIp(request)));
  });
}
