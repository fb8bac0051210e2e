import { generateRsaKeyPair } from '@wl/schemas/wps/body-cipher';
import { hashDemoPasswords, type TDemoPasswordHashes } from '../seed/demo-accounts.ts';

/*
 * What every test database and platform of a worker may share because no test reads it as new:
 * the demo passwords' argon2 hashes (11 of them, ~0.45 s of CPU per seed) and the platform's RSA key
 * pair (~0.2 s of CPU per buildPlatform). Made once per worker instead of once per file (docs/0101).
 */

let passwords: Promise<TDemoPasswordHashes> | undefined;
/** The demo passwords' hashes, made once per worker: seed a test database with them. */
export function demoPasswordHashes(): Promise<TDemoPasswordHashes> {
  passwords ??= hashDemoPasswords();
  return passwords;
}

let rsa: ReturnType<typeof generateRsaKeyPair> | undefined;
/** The platform's RSA key pair, one per worker: build a test platform with it. */
export function testRsaKeyPair(): ReturnType<typeof generateRsaKeyPair> {
  rsa ??= generateRsaKeyPair();
  return rsa;
}
