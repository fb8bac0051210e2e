import { constants, createHash, generateKeyPairSync, privateDecrypt, publicEncrypt, randomBytes, timingSafeEqual } from 'node:crypto';
import CryptoJS from 'crypto-js';

/**
 * Transport encryption for encrypted wps calls (UPSTREAM-NOTES "Encryption on login"): the JSON body
 * is TripleDES-encrypted (ECB, PKCS7) under a random 24-byte key, the key travels RSA-OAEP(SHA-256)
 * encrypted in `x-rsa`, and `x-digest` is the SHA-256 hex of the ciphertext. This is wire
 * compatibility with the upstream, not protection: TLS and server-side checks are the protection.
 * Node-only (node:crypto); deliberately not exported from the schemas index so browsers never load it.
 */

/** The value of the `encryption` header on an encrypted call. */
export const BODY_CIPHER_ALGORITHM = 'DES3';
const KEY_BYTES = 24;

/** Thrown by decryptBody for any malformed, tampered or undecryptable body. */
export class BodyCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BodyCipherError';
  }
}

/** A fresh RSA 2048 key pair in PEM (SPKI public, PKCS8 private). */
export function generateRsaKeyPair(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function tripleDesOptions() {
  return { mode: CryptoJS.mode.ECB, padding: CryptoJS.pad.Pkcs7 };
}

/** Encrypts a JSON payload for an encrypted call: returns the `{ value }` body and the three headers. */
export function encryptBody(
  payload: unknown,
  publicKeyPem: string,
): { body: { value: string }; headers: { encryption: string; 'x-digest': string; 'x-rsa': string } } {
  const json = JSON.stringify(payload);
  if (json === undefined) throw new BodyCipherError('payload is not JSON-serialisable');
  const key = randomBytes(KEY_BYTES);
  const ciphertext = CryptoJS.TripleDES.encrypt(json, CryptoJS.enc.Hex.parse(key.toString('hex')), tripleDesOptions()).toString();
  const wrappedKey = publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, key).toString('base64');
  return {
    body: { value: ciphertext },
    headers: { encryption: BODY_CIPHER_ALGORITHM, 'x-digest': sha256Hex(ciphertext), 'x-rsa': wrappedKey },
  };
}

/** Case-insensitive single-valued header lookup; a repeated header is refused. */
function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  let found: string | string[] | undefined;
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === name) {
      if (found !== undefined) throw new BodyCipherError(`header ${name} sent twice`);
      found = v;
    }
  }
  if (Array.isArray(found)) {
    if (found.length !== 1) throw new BodyCipherError(`header ${name} sent twice`);
    found = found[0];
  }
  if (typeof found !== 'string' || found.length === 0) throw new BodyCipherError(`header ${name} missing`);
  return found;
}

/** Verifies the digest, unwraps the key and returns the parsed JSON payload; throws BodyCipherError on anything wrong. */
export function decryptBody(body: unknown, headers: Record<string, string | string[] | undefined>, privateKeyPem: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BodyCipherError('body must be { value }');
  const value = (body as Record<string, unknown>).value;
  if (typeof value !== 'string' || value.length === 0) throw new BodyCipherError('body value must be a non-empty string');
  if (header(headers, 'encryption').toUpperCase() !== BODY_CIPHER_ALGORITHM) throw new BodyCipherError('unsupported encryption');
  const digest = header(headers, 'x-digest').toLowerCase();
  const expected = sha256Hex(value);
  if (digest.length !== expected.length || !timingSafeEqual(Buffer.from(digest), Buffer.from(expected))) {
    throw new BodyCipherError('digest mismatch');
  }
  let key: Buffer;
  try {
    key = privateDecrypt(
      { key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(header(headers, 'x-rsa'), 'base64'),
    );
  } catch (err) {
    if (err instanceof BodyCipherError) throw err;
    throw new BodyCipherError('key unwrap failed');
  }
  if (key.length !== KEY_BYTES) throw new BodyCipherError('wrong key length');
  let plain: string;
  try {
    plain = CryptoJS.TripleDES.decrypt(value, CryptoJS.enc.Hex.parse(key.toString('hex')), tripleDesOptions()).toString(CryptoJS.enc.Utf8);
  } catch {
    throw new BodyCipherError('decryption failed');
  }
  if (plain.length === 0) throw new BodyCipherError('decryption failed');
  try {
    return JSON.parse(plain) as unknown;
  } catch {
    throw new BodyCipherError('payload is not JSON');
  }
}
