/**
 * Provably fair outcomes of the built-in games (docs/0039). Pure and shared: the platform's
 * game server draws with it and the verify view recomputes with it in the browser (Web Crypto, in
 * Node and browsers alike).
 *
 * Formula: the server commits to `serverSeedHash = hex(SHA-256(serverSeed))` before any bet. A round's
 * random bytes are the concatenation, for cursor = 0, 1, 2, …, of
 * `HMAC-SHA256(key = serverSeed, message = "<clientSeed>:<nonce>:<cursor>")` (UTF-8), and each float
 * in [0, 1) is four consecutive bytes b0..b3 read as b0/256 + b1/256² + b2/256³ + b3/256⁴ (exact in a
 * double). The nonce counts the rounds played on one server seed, from 0.
 */

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** hex(SHA-256(serverSeed)): what the player sees before betting. */
export async function serverSeedHash(serverSeed: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(serverSeed)));
}

/** The first `count` floats in [0, 1) of a round. */
export async function fairFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): Promise<number[]> {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('nonce must be a non-negative integer');
  const key = await crypto.subtle.importKey('raw', encoder.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const floats: number[] = [];
  for (let cursor = 0; floats.length < count; cursor++) {
    const block = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${clientSeed}:${nonce}:${cursor}`)));
    for (let i = 0; i + 4 <= block.length && floats.length < count; i += 4) {
      floats.push(block[i]! / 256 + block[i + 1]! / 256 ** 2 + block[i + 2]! / 256 ** 3 + block[i + 3]! / 256 ** 4);
    }
  }
  return floats;
}

/** A server seed the player may not guess: 32 random bytes, hex. */
export function newServerSeed(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return hex(bytes.buffer);
}

/** A default client seed (the player may replace it): 8 random bytes, hex. */
export function newClientSeed(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return hex(bytes.buffer);
}

/** What a player may choose as client seed: 1–64 printable ASCII characters without ':' (the separator). */
export const CLIENT_SEED_PATTERN = /^[\x21-\x39\x3b-\x7e]{1,64}$/;

/*
 * Shared rounds (crash, lottery), docs/0073. Their server seeds come from a reverse hash chain: a
 * secret terminal seed is hashed down, link k−1 = hex(SHA-256(link k)), and the chain's anchor (the
 * hash of link 1) is published before any of its rounds. Round k of a chain uses link k, so its
 * serverSeedHash is link k−1 — the seed the round before revealed — and every revealed seed checks
 * against the one before it, back to the anchor: no seed can be chosen once the anchor is out.
 * Mixed in is a value fixed after that commitment: the hash of the round's tickets (the first bets
 * taken, as published), appended to the round's client seed.
 */

/** How many bets of a shared round are its tickets (the first by bet id). */
export const ROUND_MIX_TICKETS = 16;

/** The mix of a shared round: hex SHA-256 of its tickets, each on its own line (none: the hash of ''). */
export async function roundMix(tickets: readonly string[]): Promise<string> {
  return serverSeedHash(tickets.join('\n'));
}

/** The client seed a shared round draws with: its published client seed, '.', its mix. */
export const mixedClientSeed = (clientSeed: string, mix: string): string => `${clientSeed}.${mix}`;

/** One link of a seed chain holds: the seed hashes to the link before it (the previous round's seed, or the anchor). */
export async function chainLinkHolds(seed: string, previousLink: string): Promise<boolean> {
  return (await serverSeedHash(seed)) === previousLink;
}
