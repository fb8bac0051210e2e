import { describe, expect, it } from 'vitest';
import { ACCOUNTS, type THarness, useGateway } from './harness.ts';

/**
 * docs/0009 attack review: with TRUST_PROXY the gateway names the client from X-Forwarded-For. A value
 * that is no address (over 64 characters) made the platform fall back to the gateway's own socket
 * address, 127.0.0.1 here: a known IP of the demo accounts, so a stolen password logged in from a
 * new place without the second factor.
 */
let h: THarness;
useGateway((started) => (h = started), { configPollMs: 3_600_000, trustProxy: true });

describe('client IP claimed through X-Forwarded-For (attack review)', () => {
  it('asks the second factor when the forwarded address is no address, as for any new one', async () => {
    for (const xff of ['203.0.113.50', 'x'.repeat(70), `2001:db8::${'a'.repeat(60)}`, 'localhost']) {
      const outcome = await h.client({ headers: { 'x-forwarded-for': xff } }).session.login.mutate(ACCOUNTS.member);
      expect(outcome.kind, xff).toBe('secondFactor');
    }
  });
});
