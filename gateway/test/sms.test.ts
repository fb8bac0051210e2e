import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestSmsCode } from './accounts-support.ts';
import { expectTRPCError } from './errors.ts';
import { ACCOUNTS, approvedChange, sessionOf, startGateway, type THarness } from './harness.ts';

/**
 * SMS login and reset by mobile, each on a platform of its own: both need a code for the demo
 * member's number, and the platform allows one send per number per second (docs/rules/reach.md#r-17).
 */

let h: THarness;
let reset: THarness;
const tokens = { login: '', reset: '' };
const huge = 'x'.repeat(10_000);
const DEMO_MOBILE = { mobileNum: '1711000001', countryDialingCode: '+880' };
const DEMO_PHONE = '+8801711000001';

/** A login or recovery flag is sensitive: live once demo_owner2 approved the change (docs/0127). */
async function setFlag(on: THarness, modId: string, enabled: boolean): Promise<void> {
  await approvedChange(on, on === h ? tokens.login : tokens.reset, (c) => c.operator.setFlag.mutate({ modId, enabled }));
}

beforeAll(async () => {
  [h, reset] = await Promise.all([startGateway(), startGateway()]);
  tokens.login = (await h.client().operator.login.mutate(ACCOUNTS.operator)).token;
  tokens.reset = (await reset.client().operator.login.mutate(ACCOUNTS.operator)).token;
});
afterAll(async () => {
  await Promise.all([h?.close(), reset?.close()]);
});

describe('session.sendSms and session.loginSms', () => {
  it('is refused while MOBILEVERCODELOGIN3 is off', async () => {
    await setFlag(h, 'MOBILEVERCODELOGIN3', false);
    await expectTRPCError(h.client().session.loginSms.mutate({ ...DEMO_MOBILE, verificationCode: '123456' }), 'FORBIDDEN', 'error_feature_off');
  });

  it('logs in with the code from the outbox, once; no code ever comes back', async () => {
    await setFlag(h, 'MOBILEVERCODELOGIN3', true);
    const c = h.client();
    const sent = await c.session.sendSms.mutate({ purpose: 'login', ...DEMO_MOBILE });
    expect(Date.parse(sent.expiresAt)).toBeGreaterThan(Date.parse(sent.serverTime));
    const verificationCode = await latestSmsCode(h, DEMO_PHONE);
    expect(JSON.stringify(sent)).not.toContain(verificationCode);
    await expectTRPCError(
      c.session.loginSms.mutate({ ...DEMO_MOBILE, verificationCode: verificationCode === '000000' ? '111111' : '000000' }),
      'BAD_REQUEST',
      'verification_code_invalid',
    );
    const session = sessionOf(await c.session.loginSms.mutate({ ...DEMO_MOBILE, verificationCode }));
    expect(session.member.userName).toBe(ACCOUNTS.member.username);
    expect(session.mustChangePassword).toBe(false);
    await expectTRPCError(c.session.loginSms.mutate({ ...DEMO_MOBILE, verificationCode }), 'BAD_REQUEST', 'verification_code_invalid');
  });

  it('refuses a second send to a number right after the first, and malformed numbers', async () => {
    const mobile = { mobileNum: '1711000099', countryDialingCode: '+880' };
    await h.client().session.sendSms.mutate({ purpose: 'login', ...mobile });
    const tooFast = await expectTRPCError(h.client().session.sendSms.mutate({ purpose: 'login', ...mobile }), 'TOO_MANY_REQUESTS', 'sms_send_too_fast');
    expect(tooFast.data?.upstream).toMatchObject({ code: 429, retryAfterSeconds: 1 });
    await expectTRPCError(
      h.client().session.sendSms.mutate({ purpose: 'login', mobileNum: 'abc', countryDialingCode: '+880' }),
      'BAD_REQUEST',
      'phone_invalid_format',
    );
  });

  it.each([
    ['unknown purpose', { purpose: 'spam', ...DEMO_MOBILE }, 'purpose'],
    ['register without captcha', { purpose: 'register', ...DEMO_MOBILE }, 'captcha'],
    // docs/0067: a second factor's code goes to the bound address (session.sendSecondFactorCode), never to a number named here.
    ['second factor to a named number', { purpose: 'secondFactor', ...DEMO_MOBILE, challengeId: 'c' }, 'purpose'],
    ['10k number', { purpose: 'login', mobileNum: huge, countryDialingCode: '+880' }, 'mobileNum'],
    ['number as number', { purpose: 'login', mobileNum: 1711000001, countryDialingCode: '+880' }, 'mobileNum'],
  ])('sendSms refuses %s', async (_name, input, path) => {
    const error = await expectTRPCError(h.client().session.sendSms.mutate(input as never), 'BAD_REQUEST', 'error_bad_request');
    expect(error.data?.issues?.map((i) => i.path)).toContain(path);
  });

  it.each([
    ['no code', { ...DEMO_MOBILE }, 'verificationCode'],
    ['script as code', { ...DEMO_MOBILE, verificationCode: '<script>' }, null],
    ['10k dialing code', { ...DEMO_MOBILE, countryDialingCode: huge, verificationCode: '123456' }, 'countryDialingCode'],
  ])('loginSms refuses %s', async (_name, input, path) => {
    const error = await expectTRPCError(h.client().session.loginSms.mutate(input as never), 'BAD_REQUEST');
    if (path) expect(error.data?.issues?.map((i) => i.path)).toContain(path);
  });
});

describe('account.resetByMobile', () => {
  it('is refused while CHNGPASSVERIF3 is off', async () => {
    await setFlag(reset, 'CHNGPASSVERIF3', false);
    await expectTRPCError(
      reset.client().account.resetByMobile.mutate({ ...DEMO_MOBILE, verificationCode: '123456', newPassword: 'Demo1234', confirmPassword: 'Demo1234' }),
      'FORBIDDEN',
      'error_feature_off',
    );
  });

  it('resets with the code from the outbox and logs in; the code works once', async () => {
    await setFlag(reset, 'CHNGPASSVERIF3', true);
    const c = reset.client();
    await c.session.sendSms.mutate({ purpose: 'reset', ...DEMO_MOBILE });
    const verificationCode = await latestSmsCode(reset, DEMO_PHONE);
    const input = { ...DEMO_MOBILE, verificationCode, newPassword: 'Demo5678', confirmPassword: 'Demo5678' };
    const session = sessionOf(await c.account.resetByMobile.mutate(input));
    expect(session.member.userName).toBe(ACCOUNTS.member.username);
    await expectTRPCError(c.account.resetByMobile.mutate(input), 'BAD_REQUEST', 'verification_code_invalid');
    sessionOf(await c.session.login.mutate({ username: ACCOUNTS.member.username, password: 'Demo5678' }));
  });

  it.each([
    ['10k password', { newPassword: huge }, 'newPassword'],
    ['code as number', { verificationCode: 123456 }, 'verificationCode'],
  ])('refuses %s', async (_name, patch, path) => {
    const input = { ...DEMO_MOBILE, verificationCode: '123456', newPassword: 'Demo1234', confirmPassword: 'Demo1234', ...patch };
    const error = await expectTRPCError(reset.client().account.resetByMobile.mutate(input as never), 'BAD_REQUEST', 'error_bad_request');
    expect(error.data?.issues?.map((i) => i.path)).toContain(path);
  });
});
