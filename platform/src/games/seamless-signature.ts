import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a seamless wallet call (docs/0035): hex HMAC-SHA256 of `${timestamp}.${body}`
 * with the provider's secret, over the exact body bytes sent. The provider's game server signs,
 * the platform checks.
 */
export function seamlessSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** Compares a received signature in constant time; anything that is not 64 hex digits is wrong. */
export function sameSignature(expected: string, received: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(received)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(received, 'hex'));
}
