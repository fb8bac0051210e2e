import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_LANGUAGE, INVALID_CHARACTERS, LANGUAGES, WPS_HEADERS, nulPath, type TLanguage } from '@wl/schemas';
import { wpsErrors } from './envelope.ts';

/** Values of a header as sent, however many times (rawHeaders keeps repeats that Node would join). */
export function headerValues(request: FastifyRequest, name: string): string[] {
  const raw = request.raw.rawHeaders;
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === name) out.push(raw[i + 1]!);
  }
  return out;
}

/** A header that may appear at most once (UPSTREAM-NOTES: Merchant twice → 400); undefined when absent. */
export function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const values = headerValues(request, name);
  if (values.length > 1) throw wpsErrors.badRequest();
  return values[0];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The client address, resolved once per request by trustGatewayClientIp (empty until then). */
    wlClientIp: string;
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** True when the request carries the configured gateway secret (compared in constant time); never without one configured. */
export function carriesGatewaySecret(request: FastifyRequest, gatewaySecret: string | undefined): boolean {
  if (!gatewaySecret) return false;
  const sent = headerValues(request, WPS_HEADERS.gatewaySecret);
  // Hashing first gives equal lengths, so the compare leaks neither the secret nor its length.
  return sent.length === 1 && timingSafeEqual(digest(sent[0]!), digest(gatewaySecret));
}

/**
 * The client address: the gateway's client-IP header when the request also carries the shared
 * gateway secret (compared in constant time), else the socket address. Without a configured secret
 * no header is believed: anyone who reaches the platform could otherwise choose their own IP.
 */
export function resolveClientIp(request: FastifyRequest, gatewaySecret: string | undefined): string {
  const socketIp = request.socket.remoteAddress ?? '';
  if (!gatewaySecret) return socketIp;
  if (!carriesGatewaySecret(request, gatewaySecret)) return socketIp;
  const claimed = headerValues(request, WPS_HEADERS.clientIp);
  const ip = claimed.length === 1 ? claimed[0]!.trim() : '';
  // Vouched for by the gateway but no address (a client-chosen X-Forwarded-For under TRUST_PROXY):
  // never the gateway's own address, which may be a member's known IP and skip the second factor.
  return isIP(ip) ? ip : UNKNOWN_CLIENT_IP;
}

/** The client address of a gateway request whose claimed address is not one: matches no known IP. */
export const UNKNOWN_CLIENT_IP = 'unknown';

/** Client address as resolved for this request (see resolveClientIp). */
export function clientIp(request: FastifyRequest): string {
  return request.wlClientIp || (request.socket.remoteAddress ?? '');
}

/** Language from the Language header (default BN, docs/rules/reach.md#r-1); unknown values fall back to the default. */
export function requestLanguage(request: FastifyRequest): TLanguage {
  const value = singleHeader(request, WPS_HEADERS.language)?.trim().toLowerCase();
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as TLanguage) : DEFAULT_LANGUAGE;
}

// A zod message that is already a message key (ours: `invalid_characters`, `not_empty`); else the issue code.
const MESSAGE_KEY = /^[a-z][a-z0-9_.]{0,63}$/;

/**
 * Parses input with a schema; any mismatch is a bad request naming the first offending field, and
 * nothing runs. NUL anywhere is refused first, whatever the schema says (PostgreSQL refuses it in text).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const nul = nulPath(input);
  if (nul) throw wpsErrors.badRequest({ field: nul.join('.').slice(0, 200), issue: INVALID_CHARACTERS });
  const res = schema.safeParse(input ?? {});
  if (!res.success) {
    const first = res.error.issues[0];
    const field = (first?.path ?? []).map(String).join('.').slice(0, 200);
    throw wpsErrors.badRequest({ field, issue: first && MESSAGE_KEY.test(first.message) ? first.message : (first?.code ?? 'invalid') });
  }
  return res.data;
}
