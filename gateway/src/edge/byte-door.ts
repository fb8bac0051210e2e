import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, preferredEncoding, type TEncodedAnswer, type TEncoding } from './encoded-answer.ts';

/** Which byte answer a request was: its headers besides the answer's own are the same for every hit of a kind. */
export type TByteKind = 'screen' | 'public';

/** Looks up a ready answer for a raw request, synchronously; null when it has none (Fastify answers). */
export type TByteSource = { kind: TByteKind; lookup: (req: IncomingMessage) => TEncodedAnswer | null };

/** Headers of an answer that belong to its bytes, not to its kind: set per request. */
const OWN_HEADERS = new Set(['content-type', 'content-encoding', 'content-length', 'etag', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Distinct header sets kept (per kind and per what decides the protocol); more than this run through Fastify. */
const MAX_SNAPSHOTS = 256;

/**
 * The byte door (docs/0019): the hottest public reads — a visitor's `config.screen`
 * and the public GETs of the home page — are answered from their ready bytes before Fastify routes
 * the request, once Fastify has answered the same kind of request from the same bytes at least once.
 * Fastify's answer is the model: its headers (helmet's, Permissions-Policy, CORS, cache-control,
 * vary; HSTS when it judged the request https) are kept per kind and per the request's facts that
 * decide the protocol (an encrypted socket, X-Forwarded-Proto, the peer address trustProxy judges),
 * and replayed with the answer's own ETag, type, coding and length. The door answers only what every
 * hook before it would let through unchanged: a GET with no body, no Origin (tRPC refuses foreign
 * ones), and nothing the byte hooks would send to tRPC (a streaming Accept, trpc-accept,
 * Authorization). Everything else, and every miss, goes to Fastify as before.
 *
 * Not logged per request, like a file a CDN serves: Fastify's request log (LOG_LEVEL info) does not
 * see these hits.
 */
export class ByteDoor {
  private readonly sources: TByteSource[] = [];

  /**
   * `peerDecidesProtocol`: trustProxy is on, so whether Fastify believes X-Forwarded-Proto (and
   * sends HSTS) depends on the peer's address, which then keys the kept headers too.
   */
  constructor(private readonly options: { peerDecidesProtocol: boolean }) {}

  private readonly snapshots = new Map<string, TModel>();
  private readonly served = new WeakMap<FastifyRequest, TByteKind>();
  /** Requests the door has answered (tests; a figure for whoever profiles the gateway). */
  hits = 0;

  /** An http.Server whose requests try the door first (Fastify's `serverFactory`). */
  serverFactory = (handler: RequestListener, options?: { keepAliveTimeout?: number }): Server => {
    const server = createServer((req, res) => {
      if (!this.answer(req, res)) handler(req, res);
    });
    // Fastify applies its keep-alive (72 s) only to servers it makes itself. Node's 5 s instead closed idle
    // sockets sooner than a proxy's idle timeout, and a PGlite query that held the event loop past it reset
    // sockets a client had already sent its next request on (docs/0079).
    if (options?.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
    return server;
  };

  /** Adds a source of ready answers. */
  add(source: TByteSource): void {
    this.sources.push(source);
  }

  /**
   * Marks a request Fastify answers from the bytes of `kind` (from its onRequest hooks): when it has
   * been sent, its headers become the model for the door's answers of that kind.
   */
  servedBytes(request: FastifyRequest, kind: TByteKind): void {
    this.served.set(request, kind);
  }

  /** Keeps the headers of byte answers Fastify sent (an onResponse hook on `app`). */
  register(app: FastifyInstance): void {
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const kind = this.served.get(request);
      if (kind !== undefined && (reply.statusCode === 200 || reply.statusCode === 304)) {
        const key = this.snapshotKey(kind, request.raw);
        // Fastify's own and those set on the raw response (helmet's) alike.
        const sent = reply.getHeaders();
        // An answer that set a cookie was made for one client: its headers are never anyone's model.
        if (!this.snapshots.has(key) && this.snapshots.size < MAX_SNAPSHOTS && sent['set-cookie'] === undefined) {
          const headers: OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(sent)) if (!OWN_HEADERS.has(name)) headers[name] = value;
          this.snapshots.set(key, flatten(headers));
        }
      }
      done();
    });
  }

  /** Forgets every kept header set (tests; a change of the security headers would need it). */
  forget(): void {
    this.snapshots.clear();
  }

  /** Answers `req` from ready bytes and returns true, or returns false and leaves it untouched. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || !req.url?.startsWith('/trpc/')) return false;
    const headers = req.headers;
    if (headers.origin !== undefined || headers.authorization !== undefined || headers['trpc-accept'] !== undefined) return false;
    // A GET that says it has a body is refused by Fastify's first hook (one-door.ts refuseBodiesOnGet).
    if (headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0')) return false;
    if (headers.accept !== undefined && /jsonl|event-stream/i.test(headers.accept)) return false;
    for (const source of this.sources) {
      const answer = source.lookup(req);
      if (answer === null) continue;
      const model = this.snapshots.get(this.snapshotKey(source.kind, req));
      if (model === undefined) return false;
      send(req, res, model, answer);
      this.hits++;
      return true;
    }
    return false;
  }

  /** The kind and what decides the protocol Fastify sees (and so whether HSTS is sent). */
  private snapshotKey(kind: TByteKind, req: IncomingMessage): string {
    const encrypted = (req.socket as TLSSocket).encrypted === true ? 's' : 'p';
    if (!this.options.peerDecidesProtocol) return `${kind}|${encrypted}`;
    const proto = req.headers['x-forwarded-proto'];
    return `${kind}|${encrypted}|${Array.isArray(proto) ? proto.join(',') : (proto ?? '')}|${req.socket.remoteAddress ?? ''}`;
  }
}

/** A kept header set as a flat [name, value, …] list, the form `writeHead` takes without copying into an object. */
type TModel = { flat: (string | string[])[]; heads: WeakMap<TEncodedAnswer, Map<TEncoding | 'identity' | 'not-modified', (string | string[])[]>> };

function flatten(headers: OutgoingHttpHeaders): TModel {
  const flat: (string | string[])[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat.push(name, Array.isArray(value) ? value : String(value));
  }
  return { flat, heads: new WeakMap() };
}

/**
 * The whole header list of one answer in one coding under one model, made once and reused by every
 * request for it (the hot path allocates nothing).
 */
function headsOf(model: TModel, answer: TEncodedAnswer, coding: TEncoding | 'identity' | 'not-modified'): (string | string[])[] {
  let byCoding = model.heads.get(answer);
  if (!byCoding) model.heads.set(answer, (byCoding = new Map()));
  let heads = byCoding.get(coding);
  if (!heads) {
    heads = [...model.flat, 'etag', answer.etag];
    if (coding !== 'not-modified') {
      heads.push('content-type', answer.contentType);
      if (coding !== 'identity') heads.push('content-encoding', coding);
      heads.push('content-length', String((coding === 'identity' ? answer.identity : answer[coding]).length));
    }
    byCoding.set(coding, heads);
  }
  return heads;
}

/** Writes the answer as prepareAnswer and Fastify would: 304 when If-None-Match names it, else the preferred coding. */
function send(req: IncomingMessage, res: ServerResponse, model: TModel, answer: TEncodedAnswer): void {
  if (etagMatches(req.headers['if-none-match'], answer.etag)) {
    res.writeHead(304, headsOf(model, answer, 'not-modified'));
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  res.writeHead(200, headsOf(model, answer, encoding ?? 'identity'));
  res.end(encoding === null ? answer.identity : answer[encoding]);
}
