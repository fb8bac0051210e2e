import { describe, expect, it } from 'vitest';
import {
  FEATURE_FLAGS,
  WPS_CODES,
  WPS_HEADERS,
  WPS_MESSAGES,
  WPS_PATHS,
  ZConfigVersionResponse,
  ZDomainRouteResponse,
  ZEnvelope,
  ZRegisterRulesResponse,
  ZRegisterSettingsResponse,
  ZSystemStatusResponse,
  ZWhitelabelResponse,
} from '@wl/schemas';
import { BODY_LIMIT_BYTES, buildPlatform } from '../app.ts';
import { usePlatform } from '../test-support/db.ts';
import { fromClientIp, TEST_GATEWAY_SECRET } from '../test-support/http.ts';

const ctx = usePlatform();

describe('system calls', () => {
  it('answers status 0 with the client IP the gateway names', async () => {
    const res = await ctx.app.inject({ url: WPS_PATHS.systemStatus, headers: fromClientIp('203.0.113.7') });
    expect(res.statusCode).toBe(200);
    const body = ZEnvelope(ZSystemStatusResponse).parse(res.json());
    expect(body).toMatchObject({ success: true, value: { status: 0, ip: '203.0.113.7' } });
  });

  it('believes no client-IP header without the gateway secret, and never X-Forwarded-For', async () => {
    const ipOf = async (headers: Record<string, string>) =>
      ZEnvelope(ZSystemStatusResponse).parse((await ctx.app.inject({ url: WPS_PATHS.systemStatus, headers })).json()).value!.ip;
    const socket = await ipOf({});
    expect(socket).toBe('127.0.0.1');
    expect(await ipOf({ 'x-forwarded-for': '203.0.113.8' })).toBe(socket);
    expect(await ipOf({ [WPS_HEADERS.clientIp]: '203.0.113.8' })).toBe(socket);
    expect(await ipOf({ [WPS_HEADERS.clientIp]: '203.0.113.8', [WPS_HEADERS.gatewaySecret]: 'wrong' })).toBe(socket);
    expect(await ipOf({ [WPS_HEADERS.clientIp]: '203.0.113.8', [WPS_HEADERS.gatewaySecret]: `${TEST_GATEWAY_SECRET}x` })).toBe(socket);
    // Twice the IP is not one clear statement from the gateway: no address, and never the socket's.
    const doubled = await ctx.app.inject({
      url: WPS_PATHS.systemStatus,
      headers: { ...fromClientIp('203.0.113.8'), [WPS_HEADERS.clientIp]: ['203.0.113.8', '203.0.113.9'] },
    });
    expect(ZEnvelope(ZSystemStatusResponse).parse(doubled.json()).value!.ip).toBe('unknown');
  });

  it("never takes a gateway-vouched claim that is no address for the gateway's own address (attack review)", async () => {
    const ipOf = async (claim: string) =>
      ZEnvelope(ZSystemStatusResponse).parse((await ctx.app.inject({ url: WPS_PATHS.systemStatus, headers: fromClientIp(claim) })).json()).value!.ip;
    for (const claim of ['x'.repeat(70), '2001:db8::' + 'a'.repeat(60), 'not-an-ip', '127.0.0.1, 203.0.113.1'])
      expect(await ipOf(claim), claim).toBe('unknown');
    expect(await ipOf('2001:db8::1')).toBe('2001:db8::1');
  });

  it('answers a body over the limit with 413 and its message, not a bad request or a fault', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: WPS_PATHS.login,
      payload: JSON.stringify({ username: 'x'.repeat(BODY_LIMIT_BYTES) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, value: null, message: WPS_MESSAGES.payloadTooLarge, code: WPS_CODES.payloadTooLarge });
  });

  it('believes no client-IP header at all when no gateway secret is configured', async () => {
    const app = await buildPlatform({ db: ctx.db, merchantCode: 'DEMO' });
    try {
      const res = await app.inject({ url: WPS_PATHS.systemStatus, headers: fromClientIp('203.0.113.10') });
      expect(ZEnvelope(ZSystemStatusResponse).parse(res.json()).value!.ip).toBe('127.0.0.1');
    } finally {
      await app.close();
    }
  });

  it('answers the whitelabel tree with every feature flag', async () => {
    const res = await ctx.app.inject({ url: WPS_PATHS.whitelabel, headers: { merchant: 'DEMO' } });
    const body = ZEnvelope(ZWhitelabelResponse).parse(res.json());
    const ids = body.value!.map((n) => n.modId);
    expect(ids).toEqual(expect.arrayContaining([...FEATURE_FLAGS, 'MEMBERCENTER', 'AGENTCENTER', 'GAME_CRASH']));
    const agent = body.value!.find((n) => n.modId === 'AGENTCENTER')!;
    expect(agent.childrenNodes.find((c) => c.modId === 'DIVIDEND')?.enabled).toBe('0');
  });

  it('answers permission info with rules, encrypted service links, CDNs and location', async () => {
    const res = await ctx.app.inject({ url: WPS_PATHS.domainRoute, headers: fromClientIp('198.51.100.4') });
    const v = ZEnvelope(ZDomainRouteResponse).parse(res.json()).value!;
    expect(v.merchantName).toBe('Lucky Bazaar');
    expect(v.currencySymbol).toBe('৳');
    expect(v.location.ip).toBe('198.51.100.4');
    expect(v.imageCDNs).toEqual(['']);
    expect(v.customerService.map((c) => c.csType)).toEqual(['LIVECHAT', 'FACEBOOK', 'YOUTUBE']);
    expect(v.registrationRules.find((r) => r.field === 'username')).toMatchObject({ patternId: 'LETTER_FIRST_ALNUM', minLength: 6, maxLength: 12 });
    expect(v.resources.map((r) => r.resourceType)).toEqual(['IOS_APP', 'ANDROID_APP']);
  });

  it('answers registration settings and rules', async () => {
    const settings = ZEnvelope(ZRegisterSettingsResponse).parse((await ctx.app.inject({ url: WPS_PATHS.registerSettings })).json()).value!;
    expect(settings.minAge).toBe(18);
    expect(settings.smsExpiredMinutes).toBe(2);
    expect(settings.countries).toEqual([
      { countryCode: 'BD', countryDialingCode: '+880' },
      { countryCode: 'IN', countryDialingCode: '+91' },
    ]);
    expect(settings.fields.find((f) => f.field === 'payeeName')).toEqual({ field: 'payeeName', enabled: true, required: false });
    expect(settings.fields.find((f) => f.field === 'qqNum')?.enabled).toBe(false);
    const rules = ZEnvelope(ZRegisterRulesResponse).parse((await ctx.app.inject({ url: WPS_PATHS.registerRules })).json()).value!;
    expect(rules.map((r) => r.field).sort()).toEqual(['email', 'mobileNum', 'password', 'payeeName', 'username']);
    const pw = rules.find((r) => r.field === 'password')!;
    expect(new RegExp(pw.acceptedPattern).test('Demo1234')).toBe(true);
    expect(new RegExp(pw.acceptedPattern).test('abcdef')).toBe(false);
  });

  it('answers the config version', async () => {
    const v = ZEnvelope(ZConfigVersionResponse).parse((await ctx.app.inject({ url: WPS_PATHS.configVersion })).json()).value!;
    expect(v.version).toBeGreaterThanOrEqual(1);
  });

  it('refuses an unknown, malformed or repeated Merchant header with a 400 envelope', async () => {
    for (const merchant of ['NOPE', 'x'.repeat(10_000), '<script>']) {
      const res = await ctx.app.inject({ url: WPS_PATHS.systemStatus, headers: { merchant } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, value: null, message: 'error_bad_request', code: 400 });
    }
    const twice = await ctx.app.inject({ url: WPS_PATHS.systemStatus, headers: { merchant: ['DEMO', 'DEMO'] } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('error_bad_request');
  });

  it('answers unknown paths with a 404 envelope', async () => {
    const res = await ctx.app.inject({ url: '/wps/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'error_not_found', code: 404 });
  });
});
