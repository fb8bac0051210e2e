import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WPS_CODES, WPS_MESSAGES } from '@wl/schemas';
import { ipBucket } from '../rate-limit/rate-limiter.ts';
import { NETWORK_ERROR_KEY } from '../upstream/upstream.errors.ts';

/** Where pages open the live config stream (EventSource; docs/0021). */
export const LIVE_CONFIG_PATH = '/live/config';
/** Where open chat pages hear that the room changed (the same streams, another path; docs/0117). */
export const LIVE_CHAT_PATH = '/live/chat';

/** Limits of the live config streams. */
export type TLiveStreamLimits = {
  /** Open streams one client (IPv4 address or IPv6 /64) may hold; more are refused with 429. */
  perIp: number;
  /** Open streams in this process; more are refused with 503 (the page retries, maybe elsewhere). */
  total: number;
  /** Comment line written to every stream this often, so proxies and phones keep it open. */
  heartbeatMs: number;
};

/**
 * A household or an office shares one address, and a phone network many more: 64 tabs per
 * address is far above one person and far below someone holding thousands of sockets.
 */
export const DEFAULT_LIVE_STREAM_LIMITS: TLiveStreamLimits = { perIp: 64, total: 20_000, heartbeatMs: 25_000 };

/** A stream whose client stopped reading and has this much queued is dropped (it reconnects with Last-Event-ID). */
const MAX_BUFFERED_BYTES = 64 * 1024;
/** How long EventSource waits before it reconnects (ms), sent once per stream. */
const RETRY_MS = 3000;
const HEARTBEAT = Buffer.from(':\n\n');
const VERSION_ID = /^\d{1,15}$/;

/** The one message of a version: `id` lets a reconnecting page say what it has (Last-Event-ID). */
function versionMessage(version: number): Buffer {
  return Buffer.from(`id: ${version}\ndata: {"version":${version}}\n\n`);
}

/**
 * What every live stream of this process counts against (docs/0131): the streams of all brands and
 * both paths share the per-client and the per-process limits, as one process's sockets do.
 */
export class StreamBudget {
  readonly perClient = new Map<string, number>();
  open = 0;
  constructor(readonly limits: TLiveStreamLimits) {}
}

/**
 * The open pages of one brand's live config stream (or its chat room's), in one Set. A change is
 * encoded once into one Buffer and the same Buffer is written to every open response: O(1) work per
 * change besides the socket writes (docs/0021). Pages then fetch `config.screen`, which the gateway
 * serves from its cache.
 */
export class ConfigStreams {
  private readonly streams = new Set<ServerResponse>();
  private current: { version: number; message: Buffer } | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly budget: StreamBudget) {}

  /** Open streams now. */
  get size(): number {
    return this.streams.size;
  }

  /** The version pages are told on connect; null until the gateway knows one. */
  get version(): number | null {
    return this.current?.version ?? null;
  }

  /** Tells every open page about a new config version. */
  publish(version: number): void {
    if (this.current?.version === version) return;
    this.current = { version, message: versionMessage(version) };
    this.writeAll(this.current.message);
  }

  private writeAll(message: Buffer): void {
    for (const res of this.streams) {
      // A page that stopped reading would hold memory for ever: drop it, it reconnects and resumes.
      if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
      else res.write(message);
    }
  }

  /** Opens a page's stream, or refuses it past the client's or the process's limit. */
  open(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
    const { budget } = this;
    const client = ipBucket(request.ip);
    const held = budget.perClient.get(client) ?? 0;
    if (held >= budget.limits.perIp) {
      return reply
        .code(429)
        .header('retry-after', '30')
        .send({ success: false, value: null, message: WPS_MESSAGES.tooManyRequests, code: WPS_CODES.tooManyRequests });
    }
    if (budget.open >= budget.limits.total) {
      return reply.code(503).header('retry-after', '10').send({ success: false, value: null, message: NETWORK_ERROR_KEY, code: 503 });
    }
    // Raw from here: no per-page serializer, compressor or stream wrapper between us and the socket.
    // Helmet's headers are already on reply.raw (its onRequest hook sets them there).
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise hold the events back.
      'x-accel-buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    this.streams.add(res);
    budget.open++;
    budget.perClient.set(client, held + 1);
    res.once('close', () => {
      this.streams.delete(res);
      budget.open--;
      const left = (budget.perClient.get(client) ?? 1) - 1;
      if (left <= 0) budget.perClient.delete(client);
      else budget.perClient.set(client, left);
      if (this.streams.size === 0) this.stopHeartbeat();
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    // Resume (SSE Last-Event-ID, or `since` on the first connect): a page that missed a version gets the current one now.
    const header = request.headers['last-event-id'];
    const since = (typeof header === 'string' ? header : undefined) ?? (request.query as { since?: string }).since;
    const known = since !== undefined && VERSION_ID.test(since) ? Number(since) : null;
    if (this.current && this.current.version !== known) res.write(this.current.message);
    this.startHeartbeat();
    return undefined;
  }

  /** One timer for every stream, running only while some are open. */
  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => this.writeAll(HEARTBEAT), this.budget.limits.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /** Ends every stream (the pages reconnect, to this process or another one). */
  closeAll(): void {
    this.stopHeartbeat();
    for (const res of this.streams) res.end();
  }
}

/**
 * Registers a live stream path: each request opens a stream of its own brand's (`pick`), so a
 * brand's pages hear only of its changes (docs/0131); every stream ends when the app closes.
 */
export function registerStreams(app: FastifyInstance, path: string, pick: (request: FastifyRequest) => ConfigStreams, all: () => ConfigStreams[]): void {
  app.get(path, (request, reply) => pick(request).open(request, reply));
  app.addHook('preClose', async () => {
    for (const streams of all()) streams.closeAll();
  });
}
