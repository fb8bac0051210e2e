import type { FastifyRequest } from 'fastify';
import { BodyCipherError, decryptBody } from '@wl/schemas/wps/body-cipher';
import type { TPlatformDeps } from './deps.ts';
import { wpsErrors } from './envelope.ts';
import { headerValues } from './request-context.ts';

/**
 * The decrypted JSON of an encrypted call (UPSTREAM-NOTES). Encrypted calls accept only encrypted
 * bodies: without the `encryption` header, or with anything wrong in it, the call is a bad request.
 */
export function decryptedBody(deps: TPlatformDeps, request: FastifyRequest): unknown {
  if (headerValues(request, 'encryption').length === 0) throw wpsErrors.badRequest();
  const headers: Record<string, string | string[] | undefined> = {};
  for (const name of ['encryption', 'x-digest', 'x-rsa']) {
    const values = headerValues(request, name);
    headers[name] = values.length > 1 ? values : values[0];
  }
  try {
    return decryptBody(request.body, headers, deps.rsa.privateKeyPem);
  } catch (err) {
    if (err instanceof BodyCipherError) throw wpsErrors.badRequest();
    throw err;
  }
}
