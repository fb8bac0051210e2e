import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_PATHS,
  WPS_PATHS,
  ZAccountLoginRequest,
  ZFreePlayRequest,
  ZLoginRememberRequest,
  ZLoginVerifyCodeRequest,
  ZLoginVerifyRequest,
  ZRememberRevokeRequest,
} from '@wl/schemas';
import { bearerToken, requireMember, resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { decryptedBody } from '../http/encrypted-body.ts';
import { ok, wpsErrors } from '../http/envelope.ts';
import { clientIp, parseInput, requestLanguage } from '../http/request-context.ts';
import { createCaptcha } from './captcha.service.ts';
import { exchangeSession, freePlay, login, logout, rememberLogin, revokeRemember, sendSecondFactorCode, verifySecondFactor } from './session.service.ts';

/** Session calls: RSA key, captcha, login (encrypted), second factor, remember me, free play, URL-token exchange, logout. */
export function registerSessionRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.get(WPS_PATHS.rsaKey, async () => ok({ publicKey: deps.rsa.publicKeyPem }));
  app.get(WPS_PATHS.captcha, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const { captchaId, image } = await createCaptcha(deps, merchant);
    return ok({ captchaId, image });
  });
  // A token sent with a login is the pre-login session: it is revoked when the login completes.
  app.post(WPS_PATHS.login, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const body = parseInput(ZAccountLoginRequest, decryptedBody(deps, request));
    return ok(await login(deps, merchant, body, clientIp(request), bearerToken(request)));
  });
  app.post(ACCOUNT_PATHS.loginVerify, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const body = parseInput(ZLoginVerifyRequest, decryptedBody(deps, request));
    return ok(await verifySecondFactor(deps, merchant, body, clientIp(request), bearerToken(request)));
  });
  // docs/0067: the code goes to the challenge member's bound address; the client names only the method.
  app.post(ACCOUNT_PATHS.loginVerifyCode, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const body = parseInput(ZLoginVerifyCodeRequest, request.body);
    return ok(await sendSecondFactorCode(deps, merchant, body, clientIp(request), requestLanguage(request)));
  });
  app.post(ACCOUNT_PATHS.loginRemember, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const { rememberToken } = parseInput(ZLoginRememberRequest, request.body);
    return ok(await rememberLogin(deps, merchant, rememberToken, clientIp(request)));
  });
  app.delete(ACCOUNT_PATHS.loginRemember, async (request) => {
    await resolveMerchant(deps, request);
    const { rememberToken } = parseInput(ZRememberRevokeRequest, request.body);
    await revokeRemember(deps, rememberToken);
    return ok({ ok: true as const });
  });
  app.post(ACCOUNT_PATHS.loginFreePlay, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    parseInput(ZFreePlayRequest, request.body);
    return ok(await freePlay(deps, merchant, clientIp(request)));
  });
  // The token to exchange comes in the Authorization header like any session token, never in a body or query.
  app.post(ACCOUNT_PATHS.sessionExchange, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const token = bearerToken(request);
    if (!token) throw wpsErrors.notLoggedIn();
    return ok(await exchangeSession(deps, merchant, token, clientIp(request)));
  });
  app.delete(WPS_PATHS.logout, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireMember(deps, request, merchant, { duringForcedChange: true });
    await logout(deps, merchant, member, clientIp(request));
    return ok(null);
  });
}
