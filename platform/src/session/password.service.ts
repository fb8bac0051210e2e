import type * as TArgon2 from '@node-rs/argon2';

// argon2id with the OWASP baseline (m=19 MiB, t=2, p=1); ~13 ms a hash here (STACK.md).
// Algorithm is a const enum in the typings; 2 is Argon2id.
const ARGON2ID = 2 as TArgon2.Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

// Loaded at the first hash or check, not at start: its native binary is ~3 MB that an idle site need
// not hold (docs/0061).
let argon2: Promise<typeof TArgon2> | null = null;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

/** Hashes a password with argon2id; the only form in which a password is ever stored. */
export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, OPTIONS);
}

// Verified against when the username is unknown, so both cases cost the same time.
let dummyHash: Promise<string> | null = null;

/** Verifies a password; a null hash (unknown user) still spends one verification and answers false. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
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
