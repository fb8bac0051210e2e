/**
 * How the platform shows a member's contacts and payout accounts partly hidden (docs/0068): one home
 * for the masks every area answers with, so that the security centre, the session and withdrawals
 * show the same thing without importing each other.
 */

/** '+880 17*****001': enough for the member to recognise the number. */
export function maskMobile(dial: string | null, mobile: string | null): string | null {
  if (!mobile) return null;
  const head = mobile.slice(0, 2);
  const tail = mobile.slice(-3);
  return `${dial ?? ''} ${head}${'*'.repeat(Math.max(1, mobile.length - 5))}${tail}`.trim();
}

/** 'de***@example.test'. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** An account number as members and operators see it: all but the last 4 digits hidden. */
export function maskAccountNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}

/** A handle (QQ, LINE, WhatsApp, Facebook, WeChat) or a name: its first and last two characters ('ab****yz'); short ones keep their first. */
export function maskHandle(value: string | null): string | null {
  if (!value) return null;
  const chars = Array.from(value);
  if (chars.length <= 4) return `${chars[0]}${'*'.repeat(Math.max(1, chars.length - 1))}`;
  return `${chars.slice(0, 2).join('')}${'*'.repeat(Math.min(chars.length - 4, 8))}${chars.slice(-2).join('')}`;
}

/** An identity number: all but its last 4 characters hidden. */
export function maskIdNumber(value: string | null): string | null {
  if (!value) return null;
  return `•••• ${Array.from(value).slice(-4).join('')}`;
}
