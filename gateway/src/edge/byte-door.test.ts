import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ByteDoor } from './byte-door.ts';
import { encodeAnswer, type TEncodedAnswer } from './encoded-answer.ts';

/** A Fastify app behind a door whose one source always has `answer` for /trpc/x. */
async function start(answer: TEncodedAnswer, setCookie: boolean) {
  const door = new ByteDoor({ peerDecidesProtocol: false });
  door.add({ kind: 'public', lookup: (req) => (req.url === '/trpc/x' ? answer : null) });
  const app = Fastify({ serverFactory: door.serverFactory });
  door.register(app);
  app.get('/trpc/x', async (request, reply) => {
    door.servedBytes(request, 'public');
    if (setCookie) reply.header('set-cookie', `session=${Math.random()}`);
    return reply.header('content-type', answer.contentType).send(answer.identity);
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { door, app, base };
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('ByteDoor', () => {
  it("keeps Fastify's keep-alive on its server, not Node's 5 s (docs/0079)", async () => {
    const answer = await encodeAnswer(Buffer.from('{}'), { contentType: 'application/json', brotliQuality: 5 });
    const { app } = await start(answer, false);
    close = () => app.close();
    expect(app.initialConfig.keepAliveTimeout).toBe(72_000);
    expect(app.server.keepAliveTimeout).toBe(72_000);
  });

  it('replays the headers of a byte answer Fastify sent, to the next request of its kind', async () => {
    const answer = await encodeAnswer(Buffer.from('{"result":{"data":1}}'), { contentType: 'application/json', brotliQuality: 5 });
    const { door, app, base } = await start(answer, false);
    close = () => app.close();
    await fetch(`${base}/trpc/x`);
    const second = await fetch(`${base}/trpc/x`);
    expect(door.hits).toBe(1);
    expect(await second.text()).toBe('{"result":{"data":1}}');
  });

  it('never takes as a model an answer that set a cookie (it was made for one client)', async () => {
    const answer = await encodeAnswer(Buffer.from('{"result":{"data":2}}'), { contentType: 'application/json', brotliQuality: 5 });
    const { door, app, base } = await start(answer, true);
    close = () => app.close();
    const first = await fetch(`${base}/trpc/x`);
    const second = await fetch(`${base}/trpc/x`);
    expect(door.hits).toBe(0);
    expect(second.headers.get('set-cookie')).not.toBe(first.headers.get('set-cookie'));
  });
});
