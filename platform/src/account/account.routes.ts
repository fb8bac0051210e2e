import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_PATHS,
  ZAffiliateQuery,
  ZChangePasswordRequest,
  ZForgotByEmailRequest,
  ZForgotByMobileRequest,
  ZRegisterRequest,
  ZResetByLinkRequest,
  ZStepUpRequest,
  ZTotpEnableRequest,
} from '@wl/schemas';
import { bearerToken, requireMember, requireRealMember, resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { decryptedBody } from '../http/encrypted-body.ts';
import { ok } from '../http/envelope.ts';
import { clientIp, parseInput, requestLanguage } from '../http/request-context.ts';
import {
  changePassword,
  checkAffiliate,
  firstLoginDone,
  forgotByEmail,
  register,
  resetByLink,
  resetByMobile,
  totpEnable,
  totpSetup,
} from './account.service.ts';
import { stepUp } from '../session/step-up.service.ts';

/** Account calls: affiliate check, registration, first login, passwords, authenticator. */
export function registerAccountRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.get(ACCOUNT_PATHS.affiliate, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const q = parseInput(ZAffiliateQuery, request.query);
    return ok(await checkAffiliate(deps, merchant, q.code));
  });
  for (const [path, mode] of [
    [ACCOUNT_PATHS.register, 'username'],
    [ACCOUNT_PATHS.registerMobile, 'mobile'],
  ] as const) {
    app.put(path, async (request) => {
      const merchant = await resolveMerchant(deps, request);
      const body = parseInput(ZRegisterRequest, decryptedBody(deps, request));
      return ok(await register(deps, merchant, mode, body, clientIp(request), bearerToken(request)));
    });
  }
  app.post(ACCOUNT_PATHS.firstLogin, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireMember(deps, request, merchant);
    return ok(await firstLoginDone(deps, merchant, member, clientIp(request)));
  });
  app.post(ACCOUNT_PATHS.changePassword, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant, { duringForcedChange: true });
    const body = parseInput(ZChangePasswordRequest, decryptedBody(deps, request));
    return ok(await changePassword(deps, merchant, member, body, clientIp(request)));
  });
  app.post(ACCOUNT_PATHS.forgotByEmail, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const body = parseInput(ZForgotByEmailRequest, request.body);
    return ok(await forgotByEmail(deps, merchant, body, clientIp(request), requestLanguage(request)));
  });
  app.post(ACCOUNT_PATHS.resetByLink, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const body = parseInput(ZResetByLinkRequest, decryptedBody(deps, request));
    return ok(await resetByLink(deps, merchant, body, clientIp(request)));
  });
  app.post(ACCOUNT_PATHS.forgotByMobile, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const body = parseInput(ZForgotByMobileRequest, decryptedBody(deps, request));
    return ok(await resetByMobile(deps, merchant, body, clientIp(request), bearerToken(request)));
  });
  app.post(ACCOUNT_PATHS.totpSetup, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    return ok(await totpSetup(deps, merchant, await requireRealMember(deps, request, merchant)));
  });
  app.post(ACCOUNT_PATHS.totpEnable, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    const { code } = parseInput(ZTotpEnableRequest, request.body);
    return ok(await totpEnable(deps, merchant, member, code, clientIp(request)));
  });
  // docs/0068: the password travels encrypted like the login's.
  app.post(ACCOUNT_PATHS.stepUp, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await stepUp(deps, merchant, member, parseInput(ZStepUpRequest, decryptedBody(deps, request)), clientIp(request)));
  });
}
