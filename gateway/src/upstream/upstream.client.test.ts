import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WPS_HEADERS } from '@wl/schemas';
import { platformBudgetMs, UpstreamClient } from './upstream.client.ts';
import { UpstreamError } from './upstream.errors.ts';

/** docs/0071: a header value fetch cannot send is the caller's bad request, never an upstream outage, and nothing is sent. */
describe('UpstreamClient header values', () => {
  let received = 0;
  let lastDeadline: string | undefined;
  const server = createServer((req, res) => {
    received++;
    lastDeadline = req.headers[WPS_HEADERS.deadline] as string | undefined;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ success: true, value: { ok: true } }));
  });
  let client: UpstreamClient;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    client = new UpstreamClient({ baseUrl: `http://127.0.0.1:${address.port}`, merchantCode: 'DEMO' });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const request = { method: 'POST' as const, path: '/wps/x', moduleId: 'X', value: z.object({ ok: z.literal(true) }) };

  it.each([
    ['above U+00FF', 'ŝŝŝŝŝŝŝŝ'],
    ['right-to-left override', 'ab\u202Ecd'],
    ['a line break', 'ab\r\nx-injected: 1'],
    ['NUL', 'ab\u0000cd'],
  ])('a token with %s is a 400 refusal, not sent', async (_name, token) => {
    const before = received;
    const error = await client.call(request, { token, language: 'en' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).code).toBe(400);
    expect(received).toBe(before);
  });

  it('sends a token of Latin-1 and visible ASCII as before', async () => {
    await expect(client.call(request, { token: 'abc-DEF_123.é', language: 'en' })).resolves.toEqual({ ok: true });
  });

  it('sends the deadline of the call, a margin before its own timeout (docs/0078)', async () => {
    const from = Date.now();
    await client.call(request, { language: 'en' });
    const deadline = Number(lastDeadline);
    expect(deadline).toBeGreaterThanOrEqual(from + platformBudgetMs(5000));
    expect(deadline).toBeLessThanOrEqual(Date.now() + platformBudgetMs(5000));
    expect(platformBudgetMs(5000)).toBe(4500);
  });
});
