import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Smallest answer worth compressing. Lower than @fastify/compress's 1 KB because the artwork a page
 * loads by the dozen (game icons ~700 B, vendor logos ~420 B, banners ~530 B of SVG) roughly halves.
 */
export const COMPRESS_THRESHOLD_BYTES = 256;

/**
 * What is compressed when it is not already (docs/0019): text (HTML, CSS, JS), JSON and XML (SVG
 * is image/svg+xml). Never text/event-stream: an SSE stream is written event by event, and a
 * compressor would hold events back until its buffer fills.
 */
export const COMPRESSIBLE = /^text\/(?!event-stream)|^application\/(?:javascript|json)|\+json(?:;|$)|[/+]xml(?:;|$)/u;

/**
 * Brotli or gzip for every dynamic answer: tRPC answers that are not ready bytes, proxied artwork
 * and game pages, static files without a pre-compressed twin. Registered before any route: the
 * plugin adds its hook to routes as they are declared. Answers that already carry Content-Encoding
 * (ready bytes, pre-compressed files) pass through untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies stay as sent: nothing the browser sends is compressed, and inflating bodies
    // would let a few kilobytes on the wire become the 256 KB body limit many times over.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    // Neither the gateway's own answers nor the upstream's are deflate-compressed; skip the sniffing.
    inflateIfDeflated: false,
  });
}

/**
 * tRPC hands Fastify a fetch Response whose body is a stream, so its length is unknown to the
 * compressor: every answer, even `{"result":{"data":{"ip":"…"}}}`, would go through a zlib stream,
 * chunked. A JSON answer (never an SSE or JSON-lines stream) is read into bytes here first: the
 * threshold applies, small ones are compressed in one call and get a Content-Length. Registered
 * before the routes' own onSend hooks (the compressor's), which run after the app's.
 */
export function registerTrpcBytes(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!(payload instanceof Response) || !request.url.startsWith('/trpc/')) return payload;
    if (!/^application\/json(?:;|$)/.test(payload.headers.get('content-type') ?? '')) return payload;
    const body = Buffer.from(await payload.arrayBuffer());
    reply.code(payload.status);
    // Framing is the bytes' own (Fastify sets their Content-Length): a streamed batch's
    // `transfer-encoding: chunked` copied beside it made a response with both, which clients refuse.
    payload.headers.forEach((value, name) => {
      if (name !== 'transfer-encoding' && name !== 'content-length') void reply.header(name, value);
    });
    return body;
  });
}
