import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WPS_MESSAGES } from '@wl/schemas';
import { expectTRPCError } from './errors.ts';
import { startGateway, useGateway, type THarness } from './harness.ts';

// docs/0088: past its limit a gateway answers busy at once, or after its queue's deadline, before any
// upstream work: tRPC's SERVICE_UNAVAILABLE with the key the web translates (EN and BN), Retry-After,
// never a hung request or a reset connection. A call holds its place for real: its headers are sent
// (the limit counts it), its body is not yet.

let h: THarness;
useGateway(
  (started) => {
    h = started;
  },
  { loadLimits: { maxInFlight: 1, maxQueued: 1, queueWaitMs: 60_000 } },
);

/** A tRPC POST whose body is still on its way: it holds a place until `finish` sends the rest. */
async function heldCall(baseUrl: string): Promise<{ finish: () => Promise<string> }> {
  const { hostname, port } = new URL(baseUrl);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const body = '{"username":"nobody","password":"x"}';
  socket.write(
    `POST /trpc/session.login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 1)}`,
  );
  return {
    finish: async () => {
      const answer = new Promise<string>((resolve, reject) => {
        let text = '';
        socket.on('data', (d: Buffer) => (text += d.toString()));
        socket.once('end', () => resolve(text));
        socket.once('error', reject);
      });
      socket.write(body.slice(1));
      return answer;
    },
  };
}

/** Lets the event loop turn until the gateway counts `n` (its hooks run on the next turns). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe("the gateway's own limit", () => {
  it('refuses past its place and queue at once with the busy key; the queued call is answered once the place is free', async () => {
    const held = await heldCall(h.baseUrl);
    await until(() => h.app.gatewayLoad.inFlight() === 1);
    // Queued: it waits for the held call's place. With a token, so the upstream is asked once admitted.
    const queued = h.client({ token: 'any-session-token' }).transfer.upline.query();
    await until(() => h.app.gatewayLoad.queued() === 1);
    // Full: the next is refused at once, as the web's client reads it.
    await expectTRPCError(h.client({ token: 'any-session-token' }).transfer.upline.query(), 'SERVICE_UNAVAILABLE', WPS_MESSAGES.busy);
    const raw = await fetch(`${h.baseUrl}/trpc/transfer.upline`, { headers: { authorization: 'any-session-token' } });
    expect(raw.status).toBe(503);
    expect(raw.headers.get('retry-after')).toBe('1');
    expect(await raw.json()).toMatchObject({ error: { message: WPS_MESSAGES.busy, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } });
    // The web app's files and the artwork door never wait for a place.
    expect((await fetch(`${h.baseUrl}/manifest.webmanifest`)).status).not.toBe(503);
    expect(await held.finish()).toMatch(/^HTTP\/1\.1 \d{3}/);
    // The queued call got the place: the platform answered it (an unknown session), not the limit.
    await expectTRPCError(queued, 'UNAUTHORIZED');
    expect([h.app.gatewayLoad.inFlight(), h.app.gatewayLoad.queued()]).toEqual([0, 0]);
  });

  it('a call that waits past the queue deadline is answered busy, not held', async () => {
    const short = await startGateway({ upstreamUrl: h.upstreamUrl, loadLimits: { maxInFlight: 1, maxQueued: 4, queueWaitMs: 50 } });
    try {
      const held = await heldCall(short.baseUrl);
      await until(() => short.app.gatewayLoad.inFlight() === 1);
      const started = performance.now();
      await expectTRPCError(short.client({ token: 'any-session-token' }).transfer.upline.query(), 'SERVICE_UNAVAILABLE', WPS_MESSAGES.busy);
      expect(performance.now() - started).toBeGreaterThanOrEqual(45);
      expect(short.app.gatewayLoad.queued()).toBe(0);
      expect(await held.finish()).toMatch(/^HTTP\/1\.1 \d{3}/);
    } finally {
      await short.close();
    }
  });
});
