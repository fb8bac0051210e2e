import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf } from '../trpc/context.ts';
import type { ByteDoor } from './byte-door.ts';
import { encodeAnswer, prepareAnswer, sendAnswer, type TAnswerHeaders, type TEncodedAnswer } from './encoded-answer.ts';

/**
 * Procedures whose answer depends only on the URL and the x-language header: they call the upstream
 * without a member token (docs/rules/README.md#calls, `publicCall`) and read nothing else of the request. Only GETs made
 * entirely of these, sent without Authorization, enter the byte cache. Adding one here is a promise
 * that it is and stays that way; anything personal (favourites, balance, launches) never is.
 */
export const PUBLIC_PROCEDURES: ReadonlySet<string> = new Set([
  'catalogue.gameMenus',
  'catalogue.games',
  'catalogue.hotGames',
  'content.announcements',
  'content.winnerBoard',
]);

const HEADERS: TAnswerHeaders = {
  cacheControl: 'public, no-cache',
  vary: 'trpc-accept, accept, accept-encoding, authorization, x-language',
};
/** Larger answers are served by tRPC as usual (a games page of 12 is about 5 KB). */
const MAX_BODY_BYTES = 512 * 1024;
const TRPC_PREFIX = '/trpc/';

type TEntry = { answer: TEncodedAnswer; expiresAt: number };

/**
 * Whole tRPC answers (single calls and batches, the home page's 9-call batch among them) of public
 * procedures, as ready bytes: serialized, compressed and hashed once (docs/0019). Keyed by
 * the full URL and the language; each entry lives as long as the public upstream cache's TTL, and
 * `clear()` (on every config change) drops them all and refuses fills that began before it.
 */
export class PublicAnswerCache {
  private readonly entries = new Map<string, TEntry>();
  private generation = 0;

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now?: () => number }) {}

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get(key: string): TEncodedAnswer | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (hit.expiresAt > this.now()) return hit.answer;
    this.entries.delete(key);
    return null;
  }

  /** Current generation: a fill started under an older one is dropped. */
  get stamp(): number {
    return this.generation;
  }

  set(key: string, answer: TEncodedAnswer, stamp: number): void {
    if (stamp !== this.generation || !this.enabled) return;
    this.entries.delete(key);
    this.entries.set(key, { answer, expiresAt: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

/** Memo of path segments (`a.b,c.d`) to whether every procedure in them is public. */
const publicPaths = new Map<string, boolean>();

function isPublicPath(paths: string): boolean {
  let known = publicPaths.get(paths);
  if (known === undefined) {
    known = paths !== '' && paths.split(',').every((path) => PUBLIC_PROCEDURES.has(path));
    if (publicPaths.size < 256) publicPaths.set(paths, known);
  }
  return known;
}

/** The cache key of a request that may be answered from (or fill) the cache, else null. */
export function publicAnswerKey(request: { method?: string | undefined; url?: string | undefined; headers: IncomingHttpHeaders }): string | null {
  const url = request.url;
  if (request.method !== 'GET' || url === undefined || !url.startsWith(TRPC_PREFIX)) return null;
  const headers = request.headers;
  // A member's request never reads or fills a shared entry, even for public procedures.
  if (headers.authorization !== undefined || headers['trpc-accept'] !== undefined) return null;
  if (headers.accept !== undefined && /jsonl|event-stream/i.test(headers.accept)) return null;
  const query = url.indexOf('?');
  if (!isPublicPath(url.slice(TRPC_PREFIX.length, query < 0 ? undefined : query))) return null;
  const language = headers['x-language'];
  return `${languageOf(Array.isArray(language) ? language[0] : language)} ${url}`;
}

/** A miss being filled: later requests for the same key wait for it instead of running tRPC too. */
type TFill = { key: string; stamp: number; done: Promise<TEncodedAnswer | null>; settle: (answer: TEncodedAnswer | null) => void };

/**
 * Hooks of the public answer cache, registered before the tRPC plugin and after registerTrpcBytes:
 * onRequest answers hits (or 304) before tRPC runs; onSend turns a miss's 200 answer into an entry
 * and sends its bytes. Its onSend runs before @fastify/compress's route hook, which then leaves the
 * encoded bytes alone.
 *
 * One fill per key at a time (docs/0038): when an entry expires under a crowd, the first request
 * runs tRPC and every request for the same key that arrives meanwhile waits for its answer, rather
 * than each running the whole batch (all of the home page's calls) and encoding it again. If the
 * fill ends without an answer to keep (a refusal, an error, a closed connection, a config change
 * meanwhile), the waiters run tRPC themselves, as before.
 */
export function registerPublicAnswers(
  app: FastifyInstance,
  cacheOf: PublicAnswerCache | ((request: { headers: IncomingHttpHeaders }) => PublicAnswerCache),
  door?: ByteDoor,
): void {
  // One cache per brand (docs/0131), each with its own fills under way; all enabled or none.
  const pick = typeof cacheOf === 'function' ? cacheOf : () => cacheOf;
  if (!pick({ headers: {} }).enabled) return;
  door?.add({
    kind: 'public',
    lookup: (req) => {
      const key = publicAnswerKey(req);
      return key === null ? null : pick(req).get(key);
    },
  });
  const fills = new WeakMap<FastifyRequest, TFill & { cache: PublicAnswerCache }>();
  const pendingOf = new WeakMap<PublicAnswerCache, Map<string, TFill>>();

  const startFill = (request: FastifyRequest, reply: FastifyReply, key: string, cache: PublicAnswerCache, pending: Map<string, TFill>): void => {
    let settle!: (answer: TEncodedAnswer | null) => void;
    const done = new Promise<TEncodedAnswer | null>((resolve) => (settle = resolve));
    const fill: TFill = { key, stamp: cache.stamp, done, settle };
    const end = (answer: TEncodedAnswer | null) => {
      if (pending.get(key) === fill) pending.delete(key);
      settle(answer);
    };
    fill.settle = end;
    fills.set(request, Object.assign(fill, { cache }));
    pending.set(key, fill);
    // However the request ends (answered, refused, aborted), its waiters are released.
    reply.raw.once('close', () => end(null));
  };

  app.addHook('onRequest', async (request, reply) => {
    const key = publicAnswerKey(request);
    if (key === null) return;
    const cache = pick(request);
    let pending = pendingOf.get(cache);
    if (!pending) pendingOf.set(cache, (pending = new Map()));
    const hit = cache.get(key);
    if (hit) {
      // A hit's answer is the model of the door's (byte-door.ts); a fill's goes through tRPC first.
      door?.servedBytes(request, 'public');
      return sendAnswer(request, reply, hit, HEADERS);
    }
    const running = pending.get(key);
    if (running && running.stamp === cache.stamp) {
      const answer = await running.done;
      if (answer) return sendAnswer(request, reply, answer, HEADERS);
      return; // No answer to share: this request runs tRPC itself.
    }
    startFill(request, reply, key, cache, pending);
  });

  // A miss's 200 answer becomes the entry (never a refusal or a partial batch) and is sent as its bytes.
  app.addHook('onSend', async (request, reply, payload) => {
    const fill = fills.get(request);
    if (!fill) return payload;
    fills.delete(request);
    if (reply.statusCode !== 200 || !Buffer.isBuffer(payload) || payload.length > MAX_BODY_BYTES) {
      fill.settle(null);
      return payload;
    }
    const contentType = String(reply.getHeader('content-type') ?? 'application/json');
    const answer = await encodeAnswer(payload, { contentType, brotliQuality: 5 });
    fill.cache.set(fill.key, answer, fill.stamp);
    // Shared only if it is still current (no config change while it was made).
    fill.settle(fill.stamp === fill.cache.stamp ? answer : null);
    return prepareAnswer(request, reply, answer, HEADERS);
  });
}
