import type { IncomingHttpHeaders } from 'node:http';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { Brand } from '../brands/brand.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@wl/schemas';
import type { PublicCache } from '../cache/public-cache.ts';
import type { ScreenConfigService } from '../composer/screen-config.service.ts';
import type { RateLimiter, TRequestRateLimiter } from '../rate-limit/rate-limiter.ts';
import type { WpsApi } from '../upstream/wps.api.ts';
import type { TCallContext } from '../upstream/upstream.client.ts';
import { rememberCookie, type TRememberCookie } from './remember-cookie.ts';

/** What every procedure sees: who is calling and the services it may use. */
export type TContext = {
  /** The merchant code of the request's brand (docs/0131). */
  brand: string;
  /** Member or operator session token; null without a session. */
  token: string | null;
  language: TLanguage;
  /** The browser's address (from X-Forwarded-For behind a trusted proxy), forwarded to the upstream. */
  ip: string;
  /** Host name the browser asked for (registration's `domain`). */
  host: string;
  /** User agent, trimmed; free play reports the OS from it. */
  userAgent: string;
  /** The httpOnly remember-me cookie of this request. */
  remember: TRememberCookie;
  /** The gateway's rate limits, counting this request's client (`withRateLimit`). */
  rateLimiter: TRequestRateLimiter;
  api: WpsApi;
  screenConfig: ScreenConfigService;
  /** Short-lived cache of public catalogue and content answers, cleared on every config change. */
  publicCache: PublicCache;
  /** After an operator change: drops this instance's public cache and reads the config version now, without waiting. */
  configChanged: () => void;
  /** After a chat message or a moderation: tells this instance's open chat pages to read the room again (docs/0117). */
  chatChanged: () => void;
};

/** Longest token we pass on; anything longer cannot be a session and is treated as none. */
const MAX_TOKEN_LENGTH = 512;

/** The session token of an authorization header (`Bearer` optional); null when absent or too long. */
export function tokenOf(raw: string | undefined): string | null {
  if (!raw) return null;
  const token = raw.replace(/^Bearer\s+/i, '').trim();
  return token === '' || token.length > MAX_TOKEN_LENGTH ? null : token;
}

/** The language an x-language header asks for; the default for anything else. */
export function languageOf(raw: string | undefined): TLanguage {
  const lower = raw?.trim().toLowerCase();
  return (LANGUAGES as readonly string[]).includes(lower ?? '') ? (lower as TLanguage) : DEFAULT_LANGUAGE;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Builds the tRPC context factory. */
export function contextFactory({ rateLimiter, brandOf }: { rateLimiter: RateLimiter; brandOf: (request: { headers: IncomingHttpHeaders }) => Brand }) {
  return ({ req, res }: CreateFastifyContextOptions): TContext => {
    // The request's brand, by its host name (docs/0131): every service a procedure uses is that brand's.
    const brand = brandOf(req);
    return {
      brand: brand.code,
      api: brand.api,
      screenConfig: brand.screenConfig,
      publicCache: brand.publicCache,
      configChanged: brand.configChanged,
      chatChanged: brand.chatChanged,
      rateLimiter: rateLimiter.forRequest(req, brand.code),
      token: tokenOf(header(req.headers.authorization)),
      language: languageOf(header(req.headers['x-language'])),
      ip: req.ip,
      host: req.hostname.slice(0, 253),
      userAgent: (header(req.headers['user-agent']) ?? '').slice(0, 512),
      remember: rememberCookie(req, res),
    };
  };
}

/** The upstream call context of a request. */
export function callContext(ctx: TContext, language: TLanguage = ctx.language): TCallContext {
  return { token: ctx.token, language, ip: ctx.ip };
}

/**
 * A public upstream call (docs/rules/README.md#calls sends no member token for the catalogue and content calls), served
 * from the shared cache: the key must hold every input that changes the answer.
 */
export function publicCall<T>(ctx: TContext, key: string, language: TLanguage, load: (call: TCallContext) => Promise<T>): Promise<T> {
  return ctx.publicCache.get(`${key}|${language}`, () => load({ token: null, language, ip: ctx.ip }));
}
