import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildPlatform } from '@wl/platform/app';
import { openDatabase, type TDatabase } from '@wl/platform/db/database';
import { migrate } from '@wl/platform/db/migrate';
import { seed } from '@wl/platform/seed/seed';
import { DEFAULT_RATE_LIMITS, type TLimitedAction } from '../src/rate-limit/rate-limits.ts';
import { newCaptureFile } from '@wl/platform/test-support/outbox';
import { latestSmsCode, rawMutation, solvedCaptcha } from './accounts-support.ts';
import { expectTRPCError } from './errors.ts';
import { ACCOUNTS, CAPTCHA_TEST_KEY, HARNESS_GATEWAY_SECRET, sessionOf, startGateway, type THarness } from './harness.ts';

/**
 * docs/0013: every public procedure that writes a row or hashes a password is limited. Each case
 * fires exactly the default limit from one address (X-Forwarded-For through TRUST_PROXY), then shows
 * the next call answers TOO_MANY_REQUESTS error_too_many_requests and, where the call writes, that
 * the platform's database holds no new row. The platform runs here with its database in our hands.
 */

let database: TDatabase;
let platform: FastifyInstance;
let h: THarness;
let operatorToken = '';
const DIAL = '+880';
let ipSeq = 0;
/** A fresh client address per case, so the cases never share a count. */
const nextIp = () => ({ 'x-forwarded-for': `198.18.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
let numberSeq = 0;
/** A fresh 10-digit number nobody has. */
const freshMobile = () => `18${String(process.pid % 10_000).padStart(4, '0')}${String(numberSeq++).padStart(4, '0')}`;
const limitOf = (action: TLimitedAction, kind: 'ip' | 'subject' = 'ip') => DEFAULT_RATE_LIMITS[action][kind].limit;

/** Rows of a platform table: members (of one type), captchas, sessions, or outbox messages (to one recipient). */
async function count(table: 'members' | 'captchas' | 'outbox' | 'sessions', where: { type?: number; recipient?: string } = {}): Promise<number> {
  const db = database.db;
  const n = (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => q.executeTakeFirstOrThrow().then((r) => Number(r.n));
  if (table === 'members') {
    const q = db.selectFrom('members').select((eb) => eb.fn.countAll<number>().as('n'));
    return n(where.type === undefined ? q : q.where('type', '=', where.type));
  }
  if (table === 'outbox') {
    const q = db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n'));
    return n(where.recipient === undefined ? q : q.where('recipient', '=', where.recipient));
  }
  return n(db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')));
}

async function setFlag(modId: string, enabled: boolean): Promise<void> {
  await h.client({ token: operatorToken }).operator.setFlag.mutate({ modId, enabled });
}

/** Awaits a call that must not be refused by the gateway's limiter (it may fail otherwise). */
async function notLimited(call: Promise<unknown>): Promise<void> {
  const error = await call.then(
    () => null,
    (e: unknown) => e as { message?: string },
  );
  expect(error?.message).not.toBe('error_too_many_requests');
}

/** Sends a registration SMS behind a solved captcha (the captcha comes from the default address). */
async function registerSms(mobileNum: string, headers: Record<string, string>, through: THarness = h) {
  const captcha = await solvedCaptcha(h);
  return through.client({ headers }).session.sendSms.mutate({ purpose: 'register', mobileNum, countryDialingCode: DIAL, ...captcha });
}

beforeAll(async () => {
  database = await openDatabase({ memory: true });
  await migrate(database.db);
  await seed(database.db, { merchantCode: 'DEMO' });
  // Codes are read from the embedded provider's capture file (docs/0067).
  const messages = newCaptureFile();
  platform = await buildPlatform({
    db: database.db,
    merchantCode: 'DEMO',
    captchaTestKey: CAPTCHA_TEST_KEY,
    gatewaySecret: HARNESS_GATEWAY_SECRET,
    forceCloseConnections: true,
    messageCaptureFile: messages,
  });
  const upstreamUrl = await platform.listen({ host: '127.0.0.1', port: 0 });
  h = { ...(await startGateway({ upstreamUrl, trustProxy: 'loopback' })), messages };
  operatorToken = (await h.client().operator.login.mutate(ACCOUNTS.operator)).token;
  await setFlag('FREEPLAY3', true);
  await setFlag('USERNAMEREG3', true);
});
afterAll(async () => {
  await h?.close();
  await platform?.close();
  await database?.close();
});

// Each case waits on real work (argon2 hashes, dozens of calls): generous, since the machine is shared.
const SLOW = { timeout: 120_000 };

describe('limits on procedures that write rows', SLOW, () => {
  it('free play: 5 trial accounts per IP per hour, the 6th is refused and creates none', async () => {
    const ip = nextIp();
    const trials = await count('members', { type: 4 });
    for (let i = 0; i < limitOf('freePlay'); i++) sessionOf(await h.client({ headers: ip }).session.freePlay.mutate());
    expect(await count('members', { type: 4 })).toBe(trials + limitOf('freePlay'));
    const refused = await expectTRPCError(h.client({ headers: ip }).session.freePlay.mutate(), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
    expect(refused.data?.upstream?.retryAfterSeconds).toBeGreaterThan(60 * 59);
    expect(await count('members', { type: 4 })).toBe(trials + limitOf('freePlay'));
    // Another address has a count of its own.
    sessionOf(await h.client({ headers: nextIp() }).session.freePlay.mutate());
  });

  it('captcha: 30 per IP per minute, the 31st is refused and stores no captcha', async () => {
    const ip = nextIp();
    for (let i = 0; i < limitOf('captcha'); i++) await h.client({ headers: ip }).session.captcha.query();
    const before = await count('captchas');
    await expectTRPCError(h.client({ headers: ip }).session.captcha.query(), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
    expect(await count('captchas')).toBe(before);
  });

  it('registration: 10 per IP per hour; the 11th, though valid, is refused and writes no member', async () => {
    const ip = nextIp();
    const c = h.client({ headers: ip });
    // Attempts count whether or not they succeed (the limiter runs before the form is checked).
    for (let i = 0; i < limitOf('register'); i++) {
      await notLimited(
        c.account.register.mutate({ mode: 'username', values: { username: `x${i}` }, termsAccepted: true, ageConfirmed: true, captchaId: 'c', captcha: 'x' }),
      );
    }
    const username = `lim${process.pid % 100_000}${Date.now() % 1000}`;
    const mobileNum = freshMobile();
    await registerSms(mobileNum, nextIp());
    const verificationCode = await latestSmsCode(h, `${DIAL}${mobileNum}`);
    const input = {
      mode: 'username' as const,
      values: { username, password: 'Passw0rd', confirmPassword: 'Passw0rd', mobileNum, verificationCode },
      termsAccepted: true,
      ageConfirmed: true,
    };
    const members = await count('members');
    await expectTRPCError(c.account.register.mutate({ ...input, ...(await solvedCaptcha(h)) }), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
    expect(await count('members')).toBe(members);
    // The same registration from another address goes through: it was refused only for its address.
    expect(sessionOf(await h.client({ headers: nextIp() }).account.register.mutate({ ...input, ...(await solvedCaptcha(h)) })).member.userName).toBe(username);
  });

  it('registration SMS: 5 numbers per IP per hour (SMS pumping), the 6th number gets no SMS', async () => {
    const ip = nextIp();
    for (let i = 0; i < limitOf('registerSms'); i++) await registerSms(freshMobile(), ip);
    const sms = await count('outbox');
    await expectTRPCError(registerSms(freshMobile(), ip), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
    expect(await count('outbox')).toBe(sms);
  });

  it('registration SMS: 3 per number per hour from any IP, then that number gets no SMS', async () => {
    const mobileNum = freshMobile();
    // The platform also allows one send per number per second; whichever answers, each attempt counts.
    for (let i = 0; i < limitOf('registerSms', 'subject'); i++) await notLimited(registerSms(mobileNum, nextIp()));
    const sms = await count('outbox', { recipient: `${DIAL}${mobileNum}` });
    await expectTRPCError(registerSms(mobileNum, nextIp()), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
    expect(await count('outbox', { recipient: `${DIAL}${mobileNum}` })).toBe(sms);
  });

  it('every SMS counts towards a daily cap per IP', async () => {
    const capped = await startGateway({
      upstreamUrl: h.upstreamUrl,
      trustProxy: 'loopback',
      rateLimits: { smsDaily: { ip: { limit: 2, windowMs: 24 * 3_600_000 } } },
    });
    try {
      const ip = nextIp();
      const send = (mobileNum: string) => registerSms(mobileNum, ip, capped);
      await send(freshMobile());
      await send(freshMobile());
      const sms = await count('outbox');
      const refused = await expectTRPCError(send(freshMobile()), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
      expect(refused.data?.upstream?.retryAfterSeconds).toBeGreaterThan(23 * 3600);
      expect(await count('outbox')).toBe(sms);
      // The default cap is a day long.
      expect(DEFAULT_RATE_LIMITS.smsDaily.ip.windowMs).toBe(24 * 3_600_000);
    } finally {
      await capped.close();
    }
  });
});

describe('limits on procedures that check a secret or hash a password', SLOW, () => {
  /** Cases whose calls are cheap refusals; each fires the IP limit with a new subject per call. */
  const cases: [TLimitedAction, string, (c: ReturnType<THarness['client']>, i: number) => Promise<unknown>][] = [
    ['login', 'session.login', (c, i) => c.session.login.mutate({ username: `nobody_${i}`, password: 'wrong-password' })],
    [
      'loginSms',
      'session.loginSms',
      (c, i) => c.session.loginSms.mutate({ mobileNum: `17200${String(i).padStart(5, '0')}`, countryDialingCode: DIAL, verificationCode: '123456' }),
    ],
    [
      'verifySecondFactor',
      'session.verifySecondFactor',
      (c, i) => c.session.verifySecondFactor.mutate({ challengeId: `bogus-${i}`, method: 'mobile', code: '123456' }),
    ],
    ['sendSms', 'session.sendSms', (c) => c.session.sendSms.mutate({ purpose: 'login', mobileNum: freshMobile(), countryDialingCode: DIAL })],
    ['forgotByEmail', 'account.forgotByEmail', (c, i) => c.account.forgotByEmail.mutate({ username: `nobody_${i}`, email: `n${i}@example.test` })],
    [
      'resetByMobile',
      'account.resetByMobile',
      (c) =>
        c.account.resetByMobile.mutate({
          mobileNum: freshMobile(),
          countryDialingCode: DIAL,
          verificationCode: '123456',
          newPassword: 'Passw0rd',
          confirmPassword: 'Passw0rd',
        }),
    ],
    [
      'resetByLink',
      'account.resetByLink',
      (c, i) => c.account.resetByLink.mutate({ resetToken: `bogus-link-${i}`, newPassword: 'Passw0rd', confirmPassword: 'Passw0rd' }),
    ],
    ['checkAffiliate', 'account.checkAffiliate', (c, i) => c.account.checkAffiliate.query({ code: `NOPE${i}` })],
    ['exchangeToken', 'session.exchangeToken', (c, i) => c.session.exchangeToken.mutate({ token: `bogus-token-${i}` })],
  ];

  it.each(cases)('%s (%s): the call after the IP limit is refused', async (action, _name, call) => {
    const c = h.client({ headers: nextIp() });
    for (let i = 0; i < limitOf(action); i++) await notLimited(call(c, i));
    const refused = await expectTRPCError(call(c, limitOf(action)), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
    expect(refused.data?.upstream?.code).toBe(429);
  });

  it('session.resume: counts only calls with a cookie, 5 per cookie', async () => {
    const ip = nextIp();
    // Without a cookie nothing reaches the upstream, so pages may ask on every load.
    for (let i = 0; i < limitOf('resume') + 5; i++) expect((await rawMutation(h, 'session.resume', undefined, ip)).status).toBe(200);
    const cookie = { ...ip, cookie: 'wl_remember=bogus-remember-token' };
    for (let i = 0; i < limitOf('resume', 'subject'); i++) expect((await rawMutation(h, 'session.resume', undefined, cookie)).json.result?.data).toBeNull();
    const refused = await rawMutation(h, 'session.resume', undefined, { ...cookie, 'x-forwarded-for': nextIp()['x-forwarded-for'] });
    expect(refused.status).toBe(429);
    expect(refused.json.error?.message).toBe('error_too_many_requests');
  });

  it('account.changePassword: 5 wrong old passwords per member per 15 min, across sessions and IPs', async () => {
    const ip = nextIp();
    const account = { username: `chg${process.pid % 100_000}${Date.now() % 1000}`, password: 'Passw0rd' };
    const mobileNum = freshMobile();
    await registerSms(mobileNum, nextIp());
    const verificationCode = await latestSmsCode(h, `${DIAL}${mobileNum}`);
    let token = sessionOf(
      await h.client({ headers: ip }).account.register.mutate({
        mode: 'username',
        values: { ...account, confirmPassword: account.password, mobileNum, verificationCode },
        termsAccepted: true,
        ageConfirmed: true,
        ...(await solvedCaptcha(h)),
      }),
    ).token;
    const change = (oldPassword: string, headers = ip) =>
      h.client({ token, headers }).account.changePassword.mutate({ oldPassword, newPassword: 'Newpass123', confirmPassword: 'Newpass123' });
    for (let i = 0; i < limitOf('changePassword', 'subject'); i++) {
      await expectTRPCError(change(`wrong-${i}`, nextIp()), 'BAD_REQUEST', 'old_password_wrong');
      // A fresh session for the same member (the URL-token exchange) buys no new guesses.
      token = sessionOf(await h.client({ headers: ip }).session.exchangeToken.mutate({ token })).token;
    }
    const sessions = await count('sessions');
    // Even the right old password is refused now, and nothing changes.
    await expectTRPCError(change(account.password, nextIp()), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
    expect(await count('sessions')).toBe(sessions);
  });
});

describe('session.exchangeToken', SLOW, () => {
  it('trades a live token for a fresh one, once; the old token stops working', async () => {
    const old = sessionOf(await h.client().session.login.mutate(ACCOUNTS.member)).token;
    const fresh = sessionOf(await h.client().session.exchangeToken.mutate({ token: old }));
    expect(fresh.token).not.toBe(old);
    expect(fresh.member.userName).toBe(ACCOUNTS.member.username);
    expect((await h.client({ token: fresh.token }).member.info.query()).userName).toBe(ACCOUNTS.member.username);
    await expectTRPCError(h.client({ token: old }).member.info.query(), 'UNAUTHORIZED', 'error_not_logged_in');
    await expectTRPCError(h.client().session.exchangeToken.mutate({ token: old }), 'UNAUTHORIZED', 'error_not_logged_in');
    await expectTRPCError(h.client().session.exchangeToken.mutate({ token: 'short' }), 'BAD_REQUEST', 'error_bad_request');
  });
});
