import * as OTPAuth from 'otpauth';

/** A TOTP of a member's secret (RFC 6238, 30 s, 6 digits, SHA1: what authenticator apps use). */
export function memberTotp(secret: string, label = 'member', issuer = 'Lucky Bazaar'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** The time step a TOTP code is valid in (±1 step), or null. */
export function totpCounter(secret: string, code: string, now: Date): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const totp = memberTotp(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}
