import { REMEMBER_ME_MS } from '@wl/schemas/constants';

/**
 * Remember me (docs/rules/accounts.md#a-22, 24 hours). The upstream's cookie held the password; here local storage
 * keeps only the username, and the session itself comes back through the gateway's httpOnly
 * remember cookie (`session.resume`), which the page never sees. No password is stored anywhere.
 */
export const REMEMBERED_USERNAME_KEY = 'rememberedUsername';

type TRemembered = { username: string; expiresAt: number };

/** The remembered username while it is younger than 24 hours; expired entries are removed. */
export function readRememberedUsername(now = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(REMEMBERED_USERNAME_KEY);
    if (raw === null) return null;
    const parsed = JSON.parse(raw) as Partial<TRemembered>;
    if (typeof parsed.username === 'string' && typeof parsed.expiresAt === 'number' && parsed.expiresAt > now) return parsed.username;
    localStorage.removeItem(REMEMBERED_USERNAME_KEY);
    return null;
  } catch {
    return null;
  }
}

/** Keeps the username for 24 hours (docs/rules/accounts.md#a-22 REMEMBER_ME_MS). */
export function rememberUsername(username: string, now = Date.now()): void {
  try {
    const entry: TRemembered = { username, expiresAt: now + REMEMBER_ME_MS };
    localStorage.setItem(REMEMBERED_USERNAME_KEY, JSON.stringify(entry));
  } catch {
    // storage unavailable: nothing remembered
  }
}

/** Forgets the username (remember me unticked). */
export function forgetUsername(): void {
  try {
    localStorage.removeItem(REMEMBERED_USERNAME_KEY);
  } catch {
    // storage unavailable
  }
}
