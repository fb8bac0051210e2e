import { hash, verify, type Algorithm } from '@node-rs/argon2';

// argon2id with the OWASP baseline (m=19 MiB, t=2, p=1); ~13 ms a hash here (STACK.md).
// Algorithm is a const enum in the typings; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id; the only form in which a password is ever stored. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified against when the username is unknown, so both cases cost the same time.
let dummyHash: Promise<string> | null = null;

/** Verifies a password; a null hash (unknown user) still spends one verification and answers false. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
