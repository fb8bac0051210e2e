import type { FastifyInstance } from 'fastify';
import { INVALID_CHARACTERS, nulPath } from '@wl/schemas';
import { wpsErrors } from './envelope.ts';

/**
 * Backstop of docs/0015: a NUL anywhere in a request's parameters, query or body is refused
 * with a 400 naming the field before any handler runs, so nothing unvalidated reaches SQL even where
 * a route forgets its schema (PostgreSQL refuses NUL in text: a 500 before this). Encrypted bodies
 * are checked after decryption by parseInput.
 */
export function refuseNulInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = nulPath(value);
      if (path) throw wpsErrors.badRequest({ field: path.length > 0 ? path.join('.').slice(0, 200) : part, issue: INVALID_CHARACTERS });
    }
  });
}
