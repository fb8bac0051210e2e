import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PublicAnswerCache, registerPublicAnswers } from './public-answers.ts';

/**
 * One fill per key (docs/0038): requests that miss while the same answer is being made wait for it.
 * A real Fastify server over real HTTP; the procedure is a route that holds every call until all
 * the requests have arrived, then answers (its status chosen per call).
 */
const PATH = '/trpc/catalogue.hotGames?input=%7B%22language%22%3A%22bn%22%7D';
const CROWD = 10;

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function site(statusOfCall: (call: number) => number) {
  const app = Fastify({ logger: false });
  let arrived = 0;
  let release!: () => void;
  const allArrived = new Promise<void>((resolve) => (release = resolve));
  // Before the cache's own hook: every request is counted, waiters included.
  app.addHook('onRequest', async () => {
    if (++arrived === CROWD) release();
  });
  registerPublicAnswers(app, new PublicAnswerCache({ ttlMs: 60_000, maxEntries: 10 }));
  let calls = 0;
  app.get('/trpc/:path', async (_request, reply) => {
    const call = ++calls;
    await allArrived;
    return reply
      .code(statusOfCall(call))
      .type('application/json')
      .send(Buffer.from(JSON.stringify({ result: { data: { call } } })));
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
  const crowd = () =>
    Promise.all(
      Array.from({ length: CROWD }, async () => {
        const res = await fetch(base + PATH, { headers: { 'x-language': 'bn' } });
        return { status: res.status, body: await res.text() };
      }),
    );
  return { crowd, calls: () => calls };
}

describe('public answers under a crowd', () => {
  it('run the procedure once for requests that miss together, and give all of them its answer', async () => {
    const s = await site(() => 200);
    const answers = await s.crowd();
    expect(s.calls()).toBe(1);
    expect(answers.map((a) => a.status)).toEqual(Array(CROWD).fill(200));
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set([JSON.stringify({ result: { data: { call: 1 } } })]));
  });

  it('never share a refusal: the waiters run the procedure themselves', async () => {
    const s = await site((call) => (call === 1 ? 500 : 200));
    const answers = await s.crowd();
    expect(s.calls()).toBe(CROWD);
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(CROWD - 1).fill(200), 500]);
  });
});
