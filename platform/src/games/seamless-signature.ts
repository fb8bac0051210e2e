import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a seamless wallet call's signature covers (docs/0035, docs/0072). */
export type TSignedCall = { method: string; path: string; timestamp: string; nonce: string; body: string };

/**
 * The signature of a seamless wallet call (docs/0072): hex HMAC-SHA256 with the provider's secret of
 * `${METHOD}\n${path}\n${timestamp}\n${nonce}\n${body}`, over the exact body bytes sent. The method
 * and path bind it to one call (a signed bet cannot be replayed as a win); the timestamp bounds its
 * life to the replay window and the nonce, seen once, refuses a copy inside it.
 */
export function seamlessSignature(secret: string, call: TSignedCall): string {
  return createHmac('sha256', secret).update(`${call.method.toUpperCase()}\n${call.path}\n${call.timestamp}\n${call.nonce}\n${call.body}`).digest('hex');
}

/** A fresh nonce for one call: 16 random bytes, base64url (22 characters). */
export const newSeamlessNonce = (): string => randomBytes(16).toString('base64url');

/** Compares a received signature in constant time; anything that is not 64 hex digits is wrong. */
export function sameSignature(expected: string, received: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(received)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(received, 'hex'));
}
