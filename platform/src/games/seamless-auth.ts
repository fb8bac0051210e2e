import { SEAMLESS_MESSAGES, SEAMLESS_REPLAY_WINDOW_MS, WPS_CODES } from '@wl/schemas';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { sameSignature, seamlessSignature } from './seamless-signature.ts';

/** A provider as the wallet knows it once its call is authenticated. */
export type TSeamlessProvider = { id: number; code: string; merchant: { id: number; currency: string } };

const unauthorised = () => new WpsError(WPS_CODES.notLoggedIn, SEAMLESS_MESSAGES.unauthorised);

/** The headers of a signed call, and what the signature covers besides them. */
export type TSeamlessCallHeaders = { provider: string | undefined; timestamp: string | undefined; nonce: string | undefined; signature: string | undefined };

/**
 * Authenticates a call (docs/0072): a known, enabled provider; the signature over the method, the
 * path, the timestamp, the nonce and the exact body; a timestamp within the replay window of the
 * platform's clock; a nonce never seen before (a copy of a signed call inside the window is refused,
 * a provider's retry signs anew). Every failure is the same 401 (nothing tells a forger which part
 * was wrong), except a stale timestamp and a replay, which an honest provider must be able to see.
 */
export async function authenticateProvider(
  deps: TPlatformDeps,
  headers: TSeamlessCallHeaders,
  call: { method: string; path: string; rawBody: string },
): Promise<TSeamlessProvider> {
  const { provider, timestamp, nonce, signature } = headers;
  if (
    !provider ||
    !timestamp ||
    !nonce ||
    !signature ||
    !/^[A-Z0-9_]{2,32}$/.test(provider) ||
    !/^[0-9]{10,16}$/.test(timestamp) ||
    !/^[A-Za-z0-9_-]{16,64}$/.test(nonce)
  ) {
    throw unauthorised();
  }
  const row = await deps.db
    .selectFrom('seamless_providers')
    .innerJoin('merchants', 'merchants.id', 'seamless_providers.merchant_id')
    .select([
      'seamless_providers.id',
      'seamless_providers.code',
      'seamless_providers.secret',
      'seamless_providers.enabled',
      'merchants.id as merchant_id',
      'merchants.currency',
    ])
    .where('seamless_providers.code', '=', provider)
    .executeTakeFirst();
  // The signature is computed even for an unknown provider, so timing does not tell them apart.
  const expected = seamlessSignature(row?.secret ?? 'x'.repeat(32), { method: call.method, path: call.path, timestamp, nonce, body: call.rawBody });
  if (!row || !row.enabled || !sameSignature(expected, signature)) throw unauthorised();
  if (Math.abs(deps.clock().getTime() - Number(timestamp)) > SEAMLESS_REPLAY_WINDOW_MS) throw new WpsError(WPS_CODES.notLoggedIn, SEAMLESS_MESSAGES.stale);
  // Seen once: the nonce outlives the window (pruned by the games sweep), so a copy is refused for as long as its timestamp is accepted.
  const fresh = await deps.db
    .insertInto('seamless_nonces')
    .values({ provider_id: row.id, nonce, seen_at: deps.clock() })
    .onConflict((oc) => oc.columns(['provider_id', 'nonce']).doNothing())
    .returning('nonce')
    .executeTakeFirst();
  if (!fresh) throw new WpsError(WPS_CODES.notLoggedIn, SEAMLESS_MESSAGES.replayed);
  return { id: row.id, code: row.code, merchant: { id: row.merchant_id, currency: row.currency } };
}

/** Forgets nonces older than twice the replay window (their timestamps are refused as stale anyway). */
export async function pruneSeamlessNonces(deps: TPlatformDeps): Promise<number> {
  const result = await deps.db
    .deleteFrom('seamless_nonces')
    .where('seen_at', '<', new Date(deps.clock().getTime() - 2 * SEAMLESS_REPLAY_WINDOW_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
