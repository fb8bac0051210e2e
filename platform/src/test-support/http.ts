import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import { encryptBody } from '@wl/schemas/wps/body-cipher';
import { ACCOUNT_PATHS, WPS_HEADERS, WPS_PATHS } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { createCaptcha } from '../verification/captcha.service.ts';

/** The gateway secret of test platforms (usePlatform): lets a test speak as the gateway. */
export const TEST_GATEWAY_SECRET = 'test-gateway-secret';

/** Headers of a call the gateway makes for a browser at `ip` (the only way the platform believes an IP). */
export function fromClientIp(ip: string): Record<string, string> {
  return { [WPS_HEADERS.clientIp]: ip, [WPS_HEADERS.gatewaySecret]: TEST_GATEWAY_SECRET };
}

/** The lottery fields of a launchGame of the VN lottery in LOTT prize mode, on its betting view, as the lobby sends them. */
export const VN_LOTTERY_LAUNCH = {
  lottoArea: 'VN',
  lottoGameCode: 'tcg_lotto_vn_1',
  lottoPrizeMode: 'LOTT',
  lottoView: 'betting',
  device: 'WEB',
  backUrl: '/lott',
} as const;

/** Sends an encrypted login the way a client does: fetch the RSA key, encrypt, post. */
export async function encryptedLogin(app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const key = (await app.inject({ method: 'GET', url: WPS_PATHS.rsaKey })).json().value.publicKey as string;
  const { body, headers: cipherHeaders } = encryptBody(payload, key);
  return app.inject({ method: 'POST', url: WPS_PATHS.login, payload: body, headers: { ...cipherHeaders, ...headers } });
}

/** Logs in and returns the token (throws when the login fails). */
export async function loginToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await encryptedLogin(app, { username, password });
  const json = res.json();
  if (!json.success) throw new Error(`login of ${username} failed: ${json.message}`);
  return json.value.token as string;
}

/** Any encrypted call (register, change password, resets, second factor). */
export async function encryptedCall(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const key = (await app.inject({ method: 'GET', url: WPS_PATHS.rsaKey })).json().value.publicKey as string;
  const { body, headers: cipherHeaders } = encryptBody(payload, key);
  return app.inject({ method, url, payload: body, headers: { ...cipherHeaders, ...headers } });
}

/**
 * Steps a member's session up with the login password (docs/0068), as the web does when a change
 * answers error_step_up_required; answers the token for chaining. Throws when refused.
 */
export async function stepUpToken(app: FastifyInstance, token: string, password: string): Promise<string> {
  const res = await encryptedCall(app, 'POST', ACCOUNT_PATHS.stepUp, { password }, { authorization: token });
  const json = res.json();
  if (!json.success) throw new Error(`step-up failed: ${json.message}`);
  return token;
}

/** Logs in and steps the session up at once. */
export async function steppedUpToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  return stepUpToken(app, await loginToken(app, username, password), password);
}

/**
 * Registers on the username or mobile tab as the web does (docs/rules/accounts.md#a-18): the merchant's
 * captcha solved, the terms and age accepted, +880; `extra` adds or overrides fields of the body.
 */
export async function registerMember(
  ctx: { app: FastifyInstance; db: Kysely<DB> },
  mode: 'username' | 'mobile',
  values: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  /** Another brand than the default demo: its captcha, and its code in the Merchant header as the gateway sends it. */
  merchantCode?: string,
): Promise<LightMyRequestResponse> {
  const merchant = await ctx.db
    .selectFrom('merchants')
    .selectAll()
    .where('code', '=', merchantCode ?? 'DEMO')
    .executeTakeFirstOrThrow();
  const c = await createCaptcha(ctx.app.platform, merchant);
  return encryptedCall(
    ctx.app,
    'PUT',
    mode === 'username' ? ACCOUNT_PATHS.register : ACCOUNT_PATHS.registerMobile,
    {
      values,
      countryDialingCode: '+880',
      termsAccepted: true,
      ageConfirmed: true,
      captchaId: c.captchaId,
      captcha: c.answer,
      registerMethod: 'WEB',
      ...extra,
    },
    merchantCode ? { [WPS_HEADERS.merchant]: merchantCode } : {},
  );
}

/**
 * A call as a test speaks it: method, path, a session token (or none), a JSON payload and a query.
 * Reads `ctx.app` at call time, so it can be made before the platform starts (usePlatform).
 */
export function tokenCall(ctx: { app: FastifyInstance }) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    payload?: unknown,
    query?: Record<string, string>,
  ): Promise<LightMyRequestResponse> =>
    ctx.app.inject({
      method,
      url,
      ...(token ? { headers: { authorization: token } } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(query ? { query } : {}),
    });
}

/**
 * The first two steps of the check ladder on member calls: without a session each answers 401; to a
 * trial account each answers in_need_true_account. `payload` goes with every call (a POST's body).
 */
export async function expectRealAccountOnly(
  ctx: { app: FastifyInstance },
  trialToken: string,
  calls: readonly (readonly ['GET' | 'POST' | 'PUT' | 'DELETE', string])[],
  payload?: object,
): Promise<void> {
  const call = tokenCall(ctx);
  for (const [method, url] of calls) {
    const body = method === 'GET' ? undefined : payload;
    expect((await call(method, url, null, body)).statusCode, url).toBe(401);
    expect((await call(method, url, trialToken, body)).json(), url).toMatchObject({ success: false, message: 'in_need_true_account' });
  }
}
