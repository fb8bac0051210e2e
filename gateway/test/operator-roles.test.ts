import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { expectTRPCError } from './errors.ts';
import { ACCOUNTS, startGateway, useGateway, type THarness } from './harness.ts';

/** docs/0010 through real HTTP: operator roles enforced by the platform, the audit log, and operator login limits. */

const minute = 60_000;
const ROLE_ACCOUNTS = {
  finance: { username: 'demo_finance', password: 'Finance1234' },
  support: { username: 'demo_support', password: 'Support1234' },
  content: { username: 'demo_content', password: 'Content1234' },
} as const;

let h: THarness;
// Generous gateway limits here, so the platform's own lock is what the parallel test meets.
useGateway(
  (started) => {
    h = started;
  },
  {
    trustProxy: 'loopback',
    rateLimits: { operatorLogin: { ip: { limit: 1000, windowMs: minute }, subject: { limit: 1000, windowMs: minute } } },
  },
);

describe('operator roles through the gateway', () => {
  it('answers the role and permissions at login; the platform refuses what the role may not do', async () => {
    const owner = await h.client().operator.login.mutate(ACCOUNTS.operator);
    expect(owner.operator.role).toBe('owner');
    const content = await h.client().operator.login.mutate(ROLE_ACCOUNTS.content);
    expect(content.operator).toMatchObject({ role: 'content', permissions: ['config.read', 'whitelabel.write', 'content.write'] });
    const support = await h.client().operator.login.mutate(ROLE_ACCOUNTS.support);
    const finance = await h.client().operator.login.mutate(ROLE_ACCOUNTS.finance);

    await expectTRPCError(h.client({ token: content.token }).operator.outbox.query({ limit: 5 }), 'FORBIDDEN', 'error_forbidden');
    await expectTRPCError(h.client({ token: finance.token }).operator.outbox.query({ limit: 5 }), 'FORBIDDEN', 'error_forbidden');
    expect((await h.client({ token: support.token }).operator.outbox.query({ limit: 5 })).messages).toBeInstanceOf(Array);
    await expectTRPCError(h.client({ token: content.token }).operator.setSystem.mutate({ maintenance: true }), 'FORBIDDEN', 'error_forbidden');
    await expectTRPCError(h.client({ token: support.token }).operator.setFlag.mutate({ modId: 'FREEPLAY3', enabled: false }), 'FORBIDDEN', 'error_forbidden');
    await expectTRPCError(h.client({ token: content.token }).operator.audit.query({}), 'FORBIDDEN', 'error_forbidden');

    // content may switch flags; the owner and finance read who did it, from where, before and after.
    await h.client({ token: content.token, headers: { 'x-forwarded-for': '203.0.113.9' } }).operator.setFlag.mutate({ modId: 'FREEPLAY3', enabled: false });
    const page = await h.client({ token: finance.token }).operator.audit.query({ actor: 'demo_content', action: 'whitelabel.set' });
    expect(page.total).toBe(1);
    expect(page.entries[0]).toMatchObject({
      operatorUsername: 'demo_content',
      ip: '203.0.113.9',
      before: { modId: 'FREEPLAY3', enabled: true },
      after: { modId: 'FREEPLAY3', enabled: false },
    });
    await h.client({ token: owner.token }).operator.setFlag.mutate({ modId: 'FREEPLAY3', enabled: true });
    expect((await h.client({ token: owner.token }).operator.audit.query({ pageSize: 1 })).entries[0]).toMatchObject({
      operatorUsername: 'demo_operator',
      action: 'whitelabel.set',
    });
  });

  it("an operator's logout ends the session on the server: a copy of the token no longer works (docs/0070)", async () => {
    const { token } = await h.client().operator.login.mutate(ROLE_ACCOUNTS.support);
    const copy = h.client({ token });
    expect((await copy.operator.config.query()).operator.role).toBe('support');
    expect(await h.client({ token }).operator.logout.mutate()).toEqual({ ok: true });
    await expectTRPCError(copy.operator.config.query(), 'UNAUTHORIZED', 'error_not_logged_in');
    await expectTRPCError(h.client().operator.logout.mutate(), 'UNAUTHORIZED');
  });

  it('50 parallel wrong operator logins: the platform locks at its threshold and refuses the right password', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        h
          .client()
          .operator.login.mutate({ username: 'demo_finance', password: 'wrong-password' })
          .then(
            () => 'success',
            (e: unknown) => (e instanceof TRPCClientError ? e.message : 'other'),
          ),
      ),
    );
    expect(results.filter((m) => m === 'error_invalid_credentials')).toHaveLength(2);
    // Every attempt is counted before it is judged (docs/0017): the lock or the captcha stops the
    // rest, depending on how the burst interleaves; the right password is refused either way.
    for (const m of results) expect(['error_invalid_credentials', 'error_account_locked', 'error_captcha_required']).toContain(m);
    const right = await h
      .client()
      .operator.login.mutate(ROLE_ACCOUNTS.finance)
      .then(
        () => 'success',
        (e: unknown) => (e instanceof TRPCClientError ? e.message : 'other'),
      );
    expect(['error_account_locked', 'error_captcha_required']).toContain(right);
  });

  it('limits operator login per IP and per username with the default limits', async () => {
    const strict = await startGateway({ upstreamUrl: h.upstreamUrl, trustProxy: 'loopback' });
    try {
      const ip = { 'x-forwarded-for': '198.51.100.77' };
      // 30 per minute per IP (different unknown usernames, so the platform's per-username lock stays out of it).
      for (let i = 0; i < 30; i++) {
        await expectTRPCError(strict.client({ headers: ip }).operator.login.mutate({ username: `nobody_${i}`, password: 'wrong' }), 'BAD_REQUEST');
      }
      await expectTRPCError(strict.client({ headers: ip }).operator.login.mutate(ACCOUNTS.operator), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
      // 10 per 15 minutes per username, from any address.
      for (let i = 0; i < 10; i++) {
        await strict
          .client({ headers: { 'x-forwarded-for': `198.51.100.${100 + i}` } })
          .operator.login.mutate({ username: 'nobody_subject', password: 'wrong' })
          .catch(() => null);
      }
      await expectTRPCError(
        strict.client({ headers: { 'x-forwarded-for': '198.51.100.200' } }).operator.login.mutate({ username: 'nobody_subject', password: 'wrong' }),
        'TOO_MANY_REQUESTS',
        'error_too_many_requests',
      );
    } finally {
      await strict.close();
    }
  });
});
