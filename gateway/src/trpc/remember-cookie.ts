import type { FastifyReply, FastifyRequest } from 'fastify';
import { REMEMBER_ME_MS } from '@wl/schemas';

/** Name of the httpOnly cookie holding the upstream's remember token (docs/0006 remember me). */
export const REMEMBER_COOKIE = 'wl_remember';
/** The cookie only travels to tRPC calls, never to pages or static files. */
export const REMEMBER_COOKIE_PATH = '/trpc';
/** Longest token we read back; anything longer was not set by us. */
const MAX_TOKEN_LENGTH = 256;

/** Reads and writes the remember cookie of one request. */
export type TRememberCookie = {
  /** The token the browser sent, or null. */
  read(): string | null;
  /** Sets the cookie for 24 hours (docs/rules/accounts.md#a-22 remember me). */
  set(token: string): void;
  /** Tells the browser to drop the cookie. */
  clear(): void;
};

/** The value of a named cookie in a Cookie header (first occurrence), or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const raw = pair
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

/** `Set-Cookie` value of the remember cookie; Max-Age 0 clears it. */
export function rememberCookieHeader(token: string, opts: { secure: boolean; maxAgeSeconds: number }): string {
  return [
    `${REMEMBER_COOKIE}=${encodeURIComponent(token)}`,
    `Max-Age=${opts.maxAgeSeconds}`,
    `Path=${REMEMBER_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The remember cookie of this request; Secure when the request came over https (behind a trusted proxy too). */
export function rememberCookie(req: FastifyRequest, res: FastifyReply): TRememberCookie {
  const secure = req.protocol === 'https';
  return {
    read() {
      const token = cookieValue(req.headers.cookie, REMEMBER_COOKIE);
      return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
    },
    set(token) {
      res.header('set-cookie', rememberCookieHeader(token, { secure, maxAgeSeconds: Math.round(REMEMBER_ME_MS / 1000) }));
    },
    clear() {
      res.header('set-cookie', rememberCookieHeader('', { secure, maxAgeSeconds: 0 }));
    },
  };
}
