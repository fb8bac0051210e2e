import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { TLanguage } from '@wl/schemas';
import type { ScreenConfigService } from '../composer/screen-config.service.ts';
import { ZScreenInput } from '../routers/config/config.types.ts';
import { VISITOR, viewerOf } from '../routers/config/viewer.ts';
import { tokenOf } from '../trpc/context.ts';
import type { Brand } from '../brands/brand.ts';
import type { ByteDoor } from './byte-door.ts';
import { sendAnswer, type TAnswerHeaders, type TEncodedAnswer } from './encoded-answer.ts';

/** The one URL shape the fast path answers: `config.screen` called alone (the web's httpLink). */
const SCREEN_PREFIX = '/trpc/config.screen?';

/**
 * Visitors' answers may sit in any cache (they hold nothing personal); members' only in their own
 * browser. Both are revalidated (ETag) on every use, so a config change shows at once.
 */
const VISITOR_HEADERS: TAnswerHeaders = { cacheControl: 'public, no-cache', vary: 'trpc-accept, accept, accept-encoding, authorization' };
const MEMBER_HEADERS: TAnswerHeaders = { cacheControl: 'private, no-cache', vary: 'trpc-accept, accept, accept-encoding, authorization' };

/** Query strings already validated (the web sends two), so the hot path does not parse them again. */
const knownQueries = new Map<string, TLanguage>();

/**
 * The language of `input=<json>` when that is the query's only parameter and ZScreenInput (the
 * procedure's own input schema) accepts it; null for anything else, which tRPC then answers.
 */
export function screenLanguageOf(query: string): TLanguage | null {
  const known = knownQueries.get(query);
  if (known) return known;
  const params = new URLSearchParams(query);
  let count = 0;
  for (const _ of params.keys()) count++;
  const raw = params.get('input');
  if (count !== 1 || raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const input = ZScreenInput.safeParse(json);
  if (!input.success) return null;
  if (knownQueries.size < 32) knownQueries.set(query, input.data.language);
  return input.data.language;
}

/** True when the request asks tRPC for something other than a plain JSON answer (streaming, SSE). */
function wantsOtherShape(headers: IncomingHttpHeaders): boolean {
  const accept = headers.accept;
  return headers['trpc-accept'] !== undefined || (accept !== undefined && /jsonl|event-stream/i.test(accept));
}

/**
 * A visitor's `config.screen` answer made from the current config, for the byte door: only a GET of
 * the exact fast-path shape without Authorization, and only once the answer exists (null otherwise).
 */
export function readyVisitorScreen(req: IncomingMessage, screenConfig: ScreenConfigService): TEncodedAnswer | null {
  if (req.method !== 'GET' || req.headers.authorization !== undefined || !req.url?.startsWith(SCREEN_PREFIX)) return null;
  const language = screenLanguageOf(req.url.slice(SCREEN_PREFIX.length));
  if (language === null || wantsOtherShape(req.headers)) return null;
  return screenConfig.readyAnswer(VISITOR, language) ?? null;
}

/**
 * The fast path of `config.screen` (docs/0019): a GET of `/trpc/config.screen?input=…` is answered in
 * an onRequest hook from the service's ready bytes (with ETag and 304), visitors at once, members
 * after their viewer is resolved. Anything unusual (other parameters, input the schema refuses, a
 * streaming request, any error) falls through to the tRPC procedure, so errors keep their exact shape.
 */
export function registerScreenAnswer(
  app: FastifyInstance,
  deps: { brandOf: (request: { headers: IncomingHttpHeaders }) => Pick<Brand, 'screenConfig' | 'api'>; door?: ByteDoor },
): void {
  // Each request's own brand's answers (docs/0131): the door looks them up by the Host header too.
  deps.door?.add({ kind: 'screen', lookup: (req) => readyVisitorScreen(req, deps.brandOf(req).screenConfig) });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.startsWith(SCREEN_PREFIX)) return;
    const language = screenLanguageOf(request.url.slice(SCREEN_PREFIX.length));
    if (language === null || wantsOtherShape(request.headers)) return;
    const token = tokenOf(request.headers.authorization);
    const brand = deps.brandOf(request);
    try {
      const viewer = token === null ? VISITOR : await viewerOf({ api: brand.api, token, ip: request.ip }, language);
      const answer = await brand.screenConfig.screenAnswer(viewer, language);
      // A visitor's answer (no Authorization header at all) is the model of the door's (byte-door.ts).
      if (request.headers.authorization === undefined) deps.door?.servedBytes(request, 'screen');
      return sendAnswer(request, reply, answer, token === null ? VISITOR_HEADERS : MEMBER_HEADERS);
    } catch {
      // The procedure runs the same steps again and answers the error in tRPC's shape.
      return;
    }
  });
}
