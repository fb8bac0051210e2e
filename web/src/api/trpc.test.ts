import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPC_MAX_BATCH_SIZE } from '@wl/schemas/constants';
import { createClient } from './trpc.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the web tRPC client', () => {
  it('never puts more calls into one request than the gateway takes', async () => {
    // What reaches the network: one entry per request, the procedures it carries. The answer is
    // tRPC's batch format (one result per call), as the gateway writes it.
    const requests: string[][] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://site.test');
      const paths = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
      requests.push(paths);
      return new Response(JSON.stringify(paths.map(() => ({ result: { data: { banners: [], player: [], popup: [] } } }))), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const client = createClient({ language: () => 'bn' });
    // After a login every member query of home refetches in the same tick: more than one batch holds.
    const calls = Array.from({ length: 2 * TRPC_MAX_BATCH_SIZE + 3 }, () => client.content.announcements.query({ language: 'bn' }));
    await Promise.all(calls);
    expect(requests.flat()).toHaveLength(calls.length);
    expect(requests.length).toBe(3);
    for (const paths of requests) expect(paths.length).toBeLessThanOrEqual(TRPC_MAX_BATCH_SIZE);
  });
});
