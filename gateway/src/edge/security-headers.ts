import { createHash } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { strictTransportSecurity } from 'helmet';

/**
 * The Content-Security-Policy of every answer (docs/0009): scripts and styles only from this origin,
 * images also as data: URLs (captcha, favicon), no plugins, no framing, no foreign form targets.
 * Styles keep 'unsafe-inline' for style attributes and the game page's <style>; scripts never do
 * (the index page's own inline scripts are allowed by hash: `inlineScriptHashes`).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The CSP source of every inline classic script of an HTML page ('sha256-…'): the web's index.html
 * sets the stored theme and language inline, before first paint, without waiting for a request
 * (docs/0022). Only those exact bytes may run inline; 'unsafe-inline' stays off.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const [, attrs = '', body = ''] = match;
    if (/\ssrc=/.test(attrs) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** Browser features the site never uses, switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(self), camera=(), display-capture=(), fullscreen=(self), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()';

/** HSTS when the request came over https (two years; trustProxy decides what https means). */
const HSTS = { maxAge: 63_072_000, includeSubDomains: true };

/**
 * Helmet's options for every answer: our CSP, referrer policy, DENY framing; HSTS apart (https only).
 * (Not typed as helmet's HelmetOptions: @fastify/helmet sees helmet's CommonJS types, this module
 * its ESM ones, and TypeScript holds the two for unrelated; the literal fits both.)
 */
export function helmetOptions(scriptHashes: readonly string[] = []) {
  return {
    contentSecurityPolicy: { useDefaults: false as const, directives: { ...CSP_DIRECTIVES, scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...scriptHashes] } },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: false as const,
    xFrameOptions: { action: 'deny' as const },
  };
}

/**
 * Helmet's headers on every answer (one onRequest hook, global, so 404s, errors, static files and
 * proxied replies carry them), Permissions-Policy beside them, HSTS only over https, CORS closed, and
 * tRPC calls from a foreign Origin refused (CSRF: a browser always sends Origin on a cross-site POST).
 *
 * @fastify/helmet is registered with these options, so `reply.helmet()` and a route's own `helmet`
 * option work as the plugin documents, but not `global`: its global hook calls `helmet(options)` on
 * every request, which parses the CSP directives and builds helmet's thirteen middlewares again
 * each time (about 10 % of the gateway's CPU on a cached answer, docs/0038). The same `helmet`
 * (the plugin's own dependency, same version) is built once here from the same options, and its
 * middleware sets the headers in the same hook phase, on the raw response, as the plugin's would:
 * gateway/test/headers.test.ts checks that they equal @fastify/helmet's own, header for header.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { inlineScriptHashes?: readonly string[] } = {}): Promise<void> {
  const options = helmetOptions(opts.inlineScriptHashes);
  await app.register(fastifyHelmet, { ...options, global: false });
  const setHelmetHeaders = helmet(options);
  const setHsts = strictTransportSecurity(HSTS);
  app.addHook('onRequest', (request, reply, done) => {
    setHelmetHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error) return done(error instanceof Error ? error : new Error(String(error)));
      // Helmet has no Permissions-Policy; set on the raw response like helmet's own, so every path keeps it.
      reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
      if (request.protocol === 'https') setHsts(request.raw, reply.raw, () => {});
      done();
    });
  });
  // No origin but our own may read answers: no Access-Control-Allow-Origin is ever sent.
  await app.register(fastifyCors, { origin: false });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/trpc')) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
      return reply.code(403).send({ error: { message: 'error_forbidden', code: -32003, data: { code: 'FORBIDDEN', httpStatus: 403 } } });
    }
  });
}
