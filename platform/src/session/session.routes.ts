import type { FastifyInstance } from 'fastify';
import { WPS_PATHS, ZLoginRequest } from '@wl/schemas';
import { requireMember, resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { decryptedBody } from '../http/encrypted-body.ts';
import { ok } from '../http/envelope.ts';
import { clientIp, parseInput } from '../http/request-context.ts';
import { createCaptcha } from './captcha.service.ts';
import { login, logout } from './session.service.ts';

/** Session calls: RSA key, captcha, login (encrypted), logout. */
export function registerSessionRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.get(WPS_PATHS.rsaKey, async () => ok({ publicKey: deps.rsa.publicKeyPem }));
  app.get(WPS_PATHS.captcha, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const { captchaId, image } = await createCaptcha(deps, merchant);
    return ok({ captchaId, image });
  });
  app.post(WPS_PATHS.login, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const body = parseInput(ZLoginRequest, decryptedBody(deps, request));
    return ok(await login(deps, merchant, body, clientIp(request)));
  });
  app.delete(WPS_PATHS.logout, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireMember(deps, request, merchant);
    await logout(deps, merchant, member, clientIp(request));
    return ok(null);
  });
}
