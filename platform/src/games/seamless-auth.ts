import { perDatabase } from '../db/call-deadline.ts';
import { SEAMLESS_MESSAGES, SEAMLESS_REPLAY_WINDOW_MS, WPS_CODES } from '@wl/schemas';
import type { TPlatformDeps } from '../http/deps.ts';
import { MERCHANT_COLUMNS, type TMerchant } from '../http/auth.ts';
import { WpsError } from '../http/envelope.ts';
import { sameSignature, seamlessSignature } from './seamless-signature.ts';

/** A provider as the wallet knows it once its call is authenticated. */
export type TSeamlessProvider = { id: number; code: string; merchant: { id: number; currency: string } };

const unauthorised = () => new WpsError(WPS_CODES.notLoggedIn, SEAMLESS_MESSAGES.unauthorised);

/** The headers of a signed call, and what the signature covers besides them. */
export type TSeamlessCallHeaders = { provider: string | undefined; timestamp: string | undefined; nonce: string | undefined; signature: string | undefined };

/** What the wallet keeps of a provider between calls: enough to check a signature before any query. */
type TKnownProvider = { id: number; code: string; secret: string; merchantId: number };

/**
 * Providers by code, per platform (docs/0081): each merchant of the deployment has its own row of a
 * code (the built-in provider's WLG in every brand, docs/0131), told apart by the secret that signed
 * the call. Never trusted alone: the statement that records a call's nonce records it only while the
 * provider is still enabled with the secret the signature was checked against, so a provider
 * disabled or re-keyed by any process is refused at its next call.
 */
const knownProviders = perDatabase(() => new Map<string, TKnownProvider[]>());
const providersOf = (deps: TPlatformDeps): Map<string, TKnownProvider[]> => knownProviders(deps.db);

/** The enabled providers of a code, one per merchant that has it, read from the database (none when unknown or disabled). */
async function readProviders(deps: TPlatformDeps, code: string): Promise<TKnownProvider[]> {
  const rows = await deps.db
    .selectFrom('seamless_providers')
    .select(['id', 'code', 'secret', 'merchant_id'])
    .where('code', '=', code)
    .where('enabled', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, code: row.code, secret: row.secret, merchantId: row.merchant_id }));
}

/**
 * Records a call's nonce, in one statement with the checks that need the database: the provider is
 * still enabled with `secret`, the nonce is new; answers the provider's merchant as a call sees it.
 */
async function recordNonce(deps: TPlatformDeps, known: TKnownProvider, nonce: string) {
  const p = deps.db
    .with('fresh', (db) =>
      db
        .insertInto('seamless_nonces')
        .columns(['provider_id', 'nonce', 'seen_at'])
        .expression((eb) =>
          eb
            .selectFrom('seamless_providers')
            .select((s) => ['id', s.val(nonce).as('nonce'), s.val(deps.clock()).as('seen_at')])
            .where('id', '=', known.id)
            .where('enabled', '=', true)
            .where('secret', '=', known.secret),
        )
        .onConflict((oc) => oc.columns(['provider_id', 'nonce']).doNothing())
        .returning('nonce'),
    )
    .selectFrom('seamless_providers')
    .innerJoin('merchants', 'merchants.id', 'seamless_providers.merchant_id')
    .select(MERCHANT_COLUMNS.map((c) => `merchants.${c}` as const))
    .select((eb) => [
      eb.and([eb('seamless_providers.enabled', '=', true), eb('seamless_providers.secret', '=', known.secret)]).as('valid'),
      eb.exists(eb.selectFrom('fresh').select('nonce')).as('fresh'),
    ])
    .where('seamless_providers.id', '=', known.id);
  return p.executeTakeFirst();
}

/**
 * Authenticates a call (docs/0072): a known, enabled provider; the signature over the method, the
 * path, the timestamp, the nonce and the exact body; a timestamp within the replay window of the
 * platform's clock; a nonce never seen before (a copy of a signed call inside the window is refused,
 * a provider's retry signs anew). Every failure is the same 401 (nothing tells a forger which part
 * was wrong), except a stale timestamp and a replay, which an honest provider must be able to see.
 * Answers the provider and its merchant, the merchant the call is for (docs/0081): one query per
 * call once the provider is known.
 */
export async function authenticateProvider(
  deps: TPlatformDeps,
  headers: TSeamlessCallHeaders,
  call: { method: string; path: string; rawBody: string },
): Promise<{ provider: TSeamlessProvider; merchant: TMerchant }> {
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
  const providers = providersOf(deps);
  const signed = { method: call.method, path: call.path, timestamp, nonce, body: call.rawBody };
  // The signature is computed even for an unknown provider, so timing does not tell them apart.
  const signedBy = (known: TKnownProvider | null | undefined) => sameSignature(seamlessSignature(known?.secret ?? 'x'.repeat(32), signed), signature);
  // The merchant's provider whose secret signed the call, among those of this code kept here.
  let known = (providers.get(provider) ?? []).find(signedBy);
  if (!known) {
    // Unknown here, or re-keyed since it was kept: checked against the rows just read (or none).
    const read = await readProviders(deps, provider);
    known = read.find(signedBy);
    if (read.length === 0) signedBy(null);
    if (!known) {
      providers.delete(provider);
      throw unauthorised();
    }
    providers.set(provider, read);
  }
  if (Math.abs(deps.clock().getTime() - Number(timestamp)) > SEAMLESS_REPLAY_WINDOW_MS) throw new WpsError(WPS_CODES.notLoggedIn, SEAMLESS_MESSAGES.stale);
  // Seen once: the nonce outlives the window (pruned by the games sweep), so a copy is refused for as long as its timestamp is accepted.
  const recorded = await recordNonce(deps, known, nonce);
  if (!recorded?.valid) {
    // Disabled or re-keyed since it was read: forgotten, and this call refused.
    providers.delete(provider);
    throw unauthorised();
  }
  if (!recorded.fresh) throw new WpsError(WPS_CODES.notLoggedIn, SEAMLESS_MESSAGES.replayed);
  const { valid: _valid, fresh: _fresh, ...merchant } = recorded;
  return { provider: { id: known.id, code: known.code, merchant: { id: merchant.id, currency: merchant.currency } }, merchant };
}

/** Forgets nonces older than twice the replay window (their timestamps are refused as stale anyway). */
export async function pruneSeamlessNonces(deps: TPlatformDeps): Promise<number> {
  const result = await deps.db
    .deleteFrom('seamless_nonces')
    .where('seen_at', '<', new Date(deps.clock().getTime() - 2 * SEAMLESS_REPLAY_WINDOW_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
