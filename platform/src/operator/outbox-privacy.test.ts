import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, OPERATOR_PATHS, type TOperatorRole } from '@wl/schemas';
import { buildPlatform } from '../app.ts';
import { DEMO_MEMBER_CONTACT } from '../seed/seed.ts';
import { usePlatform } from '../test-support/db.ts';
import { roleTokens } from '../test-support/operators.ts';
import { fromClientIp } from '../test-support/http.ts';
import { lastMessage, lastSmsCode, setFlag } from '../test-support/outbox.ts';
import { assertMessageCaptureAllowed, httpProvider, messageProviderFrom, MESSAGE_CAPTURE_IN_PRODUCTION } from '../kernel/message-providers.ts';

/**
 * docs/0067: the console's outbox shows to whom, what for, when and whether a message went out; no
 * role reads a code or a link there (support used to read live SMS login codes and sign in as any
 * member), every read is audited, and messages leave through a provider: the embedded default or
 * the HTTP adapter, tested here against a real HTTP server.
 */

const ctx = usePlatform();
const DEMO_PHONE = `${DEMO_MEMBER_CONTACT.countryDialingCode}${DEMO_MEMBER_CONTACT.mobileNum}`;
const tokens = {} as Record<TOperatorRole, string>;

beforeAll(async () => {
  Object.assign(tokens, await roleTokens(ctx.app));
  await setFlag(ctx.db, 'MOBILEVERCODELOGIN3', true);
});

/** Sends the demo member an SMS login code; earlier sends are forgotten first (one send a second, five per 15 minutes). */
async function smsLoginCode(app = ctx.app) {
  await ctx.db.deleteFrom('verification_codes').execute();
  return app.inject({
    method: 'POST',
    url: ACCOUNT_PATHS.smsNoLogin,
    payload: { mobileNum: DEMO_MEMBER_CONTACT.mobileNum, countryDialingCode: '+880', purpose: 'login' },
  });
}

describe('the outbox shows no code or link to any role', () => {
  it('an SMS login code and a reset link are nowhere in what owner or support read, nor in the table', async () => {
    expect((await smsLoginCode()).json().success).toBe(true);
    const code = await lastSmsCode(ctx.messages, DEMO_PHONE);
    await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.forgotByEmail, payload: { username: 'demo_member', email: DEMO_MEMBER_CONTACT.email } });
    const link = (await lastMessage(ctx.messages, 'email', DEMO_MEMBER_CONTACT.email))!.body.match(/token=([A-Za-z0-9_-]+)/)![1]!;

    for (const role of ['owner', 'support'] as const) {
      const res = await ctx.app.inject({ url: ACCOUNT_PATHS.operatorOutbox, query: { limit: '50' }, headers: { authorization: tokens[role] } });
      expect(res.statusCode).toBe(200);
      const messages = res.json().value.messages as Record<string, unknown>[];
      // Recipient, purpose, time and delivery status: what support needs to help, and nothing to sign in with.
      expect(messages.find((m) => m.to === DEMO_PHONE)).toMatchObject({ channel: 'sms', purpose: 'login', provider: 'embedded', status: 'sent' });
      expect(messages.find((m) => m.to === DEMO_MEMBER_CONTACT.email)).toMatchObject({ channel: 'email', purpose: 'resetLink', status: 'sent' });
      expect(res.body).not.toContain(code);
      expect(res.body).not.toContain(link);
      expect(res.body).not.toContain('resetPassword');
    }
    const table = JSON.stringify(await ctx.db.selectFrom('outbox').selectAll().execute());
    expect(table).not.toContain(code);
    expect(table).not.toContain(link);
  });
});

describe('every outbox read is audited', () => {
  it('records who read it, from where and what was asked; a refused role leaves no read on record', async () => {
    const before = await ctx.db.selectFrom('config_audit').select('id').where('action', '=', 'outbox.read').execute();
    await ctx.app.inject({
      url: ACCOUNT_PATHS.operatorOutbox,
      query: { channel: 'sms', to: DEMO_PHONE, limit: '3' },
      headers: { authorization: tokens.support, ...fromClientIp('198.51.100.23') },
    });
    expect((await ctx.app.inject({ url: ACCOUNT_PATHS.operatorOutbox, headers: { authorization: tokens.content } })).statusCode).toBe(403);
    const rows = await ctx.db.selectFrom('config_audit').selectAll().where('action', '=', 'outbox.read').orderBy('id', 'desc').execute();
    expect(rows.length).toBe(before.length + 1);
    expect(rows[0]).toMatchObject({ operator_username: 'demo_support', ip: '198.51.100.23', config_version: null });
    expect(rows[0]!.after).toMatchObject({ channel: 'sms', to: DEMO_PHONE, limit: 3 });
    // The owner sees the read in the audit log (console: Audit).
    const audit = await ctx.app.inject({ url: OPERATOR_PATHS.operatorAudit, query: { pageNo: '1' }, headers: { authorization: tokens.owner } });
    expect(audit.body).toContain('outbox.read');
  });
});

describe('the HTTP adapter (MESSAGE_PROVIDER_URL) against a real HTTP server', () => {
  type TReceived = { headers: http.IncomingHttpHeaders; body: Record<string, unknown> };
  const received: TReceived[] = [];
  let answer = 204;
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(text) as Record<string, unknown> });
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('POSTs the message as JSON with the bearer secret; the outbox marks it sent, without its text', async () => {
    const app = await buildPlatform({ db: ctx.db, merchantCode: 'DEMO', messageProvider: httpProvider({ url, secret: 'provider-secret' }) });
    try {
      const count = received.length;
      answer = 204;
      expect((await smsLoginCode(app)).json().success).toBe(true);
      expect(received.length).toBe(count + 1);
      const got = received.at(-1)!;
      expect(got.headers.authorization).toBe('Bearer provider-secret');
      expect(got.headers['content-type']).toContain('application/json');
      expect(got.body).toMatchObject({ channel: 'sms', to: DEMO_PHONE, purpose: 'login' });
      const code = /\b(\d{6})\b/.exec(String(got.body.body))![1]!;
      const row = await ctx.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ recipient: DEMO_PHONE, purpose: 'login', provider: 'http', status: 'sent' });
      expect(JSON.stringify(row)).not.toContain(code);
    } finally {
      await app.close();
    }
  });

  it('a refusal or no answer is marked failed; the member gets the same answer either way', async () => {
    const app = await buildPlatform({ db: ctx.db, merchantCode: 'DEMO', messageProvider: httpProvider({ url, secret: 'provider-secret' }) });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const dead = await buildPlatform({ db: ctx.db, merchantCode: 'DEMO', messageProvider: httpProvider({ url: deadUrl, secret: 's' }) });
    try {
      answer = 503;
      const refused = await smsLoginCode(app);
      expect(refused.json().success).toBe(true);
      expect(await ctx.db.selectFrom('outbox').select(['provider', 'status']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).toEqual({
        provider: 'http',
        status: 'failed',
      });
      const unreachable = await smsLoginCode(dead);
      // The same answer as a delivered code: whether a number gets a message is not told.
      expect(Object.keys(unreachable.json().value).sort()).toEqual(Object.keys(refused.json().value).sort());
      expect(unreachable.json().success).toBe(true);
      expect(await ctx.db.selectFrom('outbox').select(['provider', 'status']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).toEqual({
        provider: 'http',
        status: 'failed',
      });
    } finally {
      await app.close();
      await dead.close();
    }
  });

  it('is chosen by MESSAGE_PROVIDER_URL and needs its secret', () => {
    expect(messageProviderFrom({ providerUrl: url, providerSecret: 'x' }).name).toBe('http');
    expect(messageProviderFrom({}).name).toBe('embedded');
    expect(() => messageProviderFrom({ providerUrl: url })).toThrow(/MESSAGE_PROVIDER_SECRET/);
    expect(() => messageProviderFrom({ providerUrl: 'file:///etc/passwd', providerSecret: 'x' })).toThrow(/http/);
  });
});

describe('the capture file is test and demo only', () => {
  it('is refused in production, by the assertion every start makes and by buildPlatform', () => {
    expect(() => assertMessageCaptureAllowed({ nodeEnv: 'production', captureFile: '/tmp/x.log' })).toThrow(MESSAGE_CAPTURE_IN_PRODUCTION);
    expect(() => assertMessageCaptureAllowed({ nodeEnv: 'production', captureFile: undefined })).not.toThrow();
    expect(() => assertMessageCaptureAllowed({ nodeEnv: undefined, captureFile: '/tmp/x.log' })).not.toThrow();
  });
});
