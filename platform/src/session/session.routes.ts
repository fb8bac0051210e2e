import { SESSION_CALLS } from '@wl/schemas';
import { bearerToken } from '../http/auth.ts';
import { wpsErrors } from '../http/envelope.ts';
import { routesOf } from '../http/routes-of.ts';
import { createCaptcha } from '../verification/captcha.service.ts';
import { exchangeSession, rememberLogin, revokeRemember } from './remember.service.ts';
import { sendSecondFactorCode, verifySecondFactor } from './second-factor.service.ts';
import { freePlay, login, logout } from './session.service.ts';

/**
 * Session calls (docs/0076): RSA key, captcha, login (encrypted), second factor, remember me, free
 * play, URL-token exchange, logout. The logged-out ones are VISITOR calls; login and the second
 * factor still read a token sent with them (the pre-login session, revoked when the login completes),
 * and the exchange reads the token it trades: a token read, not a session required.
 */
export const sessionRoutes = routesOf(SESSION_CALLS, {
  rsaKey: (c) => ({ publicKey: c.deps.rsa.publicKeyPem }),
  captcha: async (c) => {
    const { captchaId, image } = await createCaptcha(c.deps, c.merchant);
    return { captchaId, image };
  },
  login: (c) => login(c.deps, c.merchant, c.input, c.ip, bearerToken(c.request)),
  verifySecondFactor: (c) => verifySecondFactor(c.deps, c.merchant, c.input, c.ip, bearerToken(c.request)),
  // docs/0067: the code goes to the challenge member's bound address; the client names only the method.
  sendSecondFactorCode: (c) => sendSecondFactorCode(c.deps, c.merchant, c.input, c.ip),
  resume: (c) => rememberLogin(c.deps, c.merchant, c.input.rememberToken, c.ip),
  revokeRemember: async (c) => {
    await revokeRemember(c.deps, c.input.rememberToken);
    return { ok: true as const };
  },
  // The body is checked (os, platform, gatewayVersion) and otherwise not read.
  freePlay: (c) => freePlay(c.deps, c.merchant, c.ip),
  // The token to exchange comes in the Authorization header like any session token, never in a body or query.
  exchangeToken: (c) => {
    const token = bearerToken(c.request);
    if (!token) throw wpsErrors.notLoggedIn();
    return exchangeSession(c.deps, c.merchant, token, c.ip);
  },
  logout: async (c) => {
    await logout(c.deps, c.merchant, c.actor, c.ip);
    return null;
  },
});
