import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A content coding the gateway sends ready-made bytes in. */
export type TEncoding = 'br' | 'gzip';

/**
 * One answer, serialized and compressed once (docs/0019): the same bytes go to every request for it.
 * The ETag is weak because the three codings share it (RFC 9110 §8.8.1: a strong one changes with
 * the coding); it is a hash of the uncompressed bytes, so any change of the answer changes it.
 */
export type TEncodedAnswer = {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
  readonly contentType: string;
};

/** What a byte answer is sent with besides its bytes. */
export type TAnswerHeaders = { cacheControl: string; vary: string };

/**
 * Compresses `body` with brotli and gzip, off the event loop (zlib's thread pool). `brotliQuality`:
 * 11 for answers made once per config version, lower for answers that expire every few seconds.
 */
export async function encodeAnswer(body: Buffer, options: { contentType: string; brotliQuality: number }): Promise<TEncodedAnswer> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: options.brotliQuality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { identity: body, br, gzip: gz, etag, contentType: options.contentType };
}

/** The coding a client accepts that we prefer: br, then gzip; null for none (identity). */
export function preferredEncoding(acceptEncoding: string | undefined): TEncoding | null {
  if (!acceptEncoding) return null;
  let known = negotiated.get(acceptEncoding);
  if (known === undefined) {
    known = negotiate(acceptEncoding);
    // Browsers send a handful of distinct values; a client inventing new ones only misses the memo.
    if (negotiated.size < 64) negotiated.set(acceptEncoding, known);
  }
  return known;
}

const negotiated = new Map<string, TEncoding | null>();

function negotiate(header: string): TEncoding | null {
  let br = -1;
  let gz = -1;
  let any = -1;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    let q = 1;
    for (const param of params) {
      const m = /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(param);
      if (m) q = Number(m[1]);
    }
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gz = q;
    else if (name === '*') any = q;
  }
  if (br < 0) br = any;
  if (gz < 0) gz = any;
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/** True when If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2) or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || tag === opaque || tag === `W/${opaque}`) return true;
  }
  return false;
}

/**
 * Sets the answer's headers on `reply` and returns the body to send: the coding the client prefers,
 * or null with status 304 when its If-None-Match already names this answer. Usable from a handler,
 * an onRequest hook (with `reply.send`) and an onSend hook (returning the body).
 */
export function prepareAnswer(request: FastifyRequest, reply: FastifyReply, answer: TEncodedAnswer, headers: TAnswerHeaders): Buffer | null {
  reply.header('etag', answer.etag).header('cache-control', headers.cacheControl).header('vary', headers.vary);
  if (etagMatches(request.headers['if-none-match'], answer.etag)) {
    reply.code(304);
    return null;
  }
  reply.header('content-type', answer.contentType);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === null) return answer.identity;
  reply.header('content-encoding', encoding);
  return answer[encoding];
}

/** Sends a byte answer (or its 304) from a handler or an onRequest hook. */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: TEncodedAnswer, headers: TAnswerHeaders): FastifyReply {
  const body = prepareAnswer(request, reply, answer, headers);
  return body === null ? reply.send() : reply.send(body);
}
