import { NON_MEMBER_TYPE, type TSessionValue } from '@wl/schemas';
import { sha256Hex, updateLiveSession, type TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { issueSession, mustChangeFor } from './issue-session.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { loginMemberById, revokeMemberSessions } from './session.queries.ts';

/**
 * Exchanges a remember token for a session and a new remember token (rotation; the old one is
 * revoked, the 24 h end stays). A revoked token shown again means it was copied: every session and
 * every remember token of the member is revoked, the thief's included (docs/0070). Anything wrong → 401.
 */
export async function rememberLogin(deps: TPlatformDeps, merchant: TMerchant, token: string, ip: string): Promise<TSessionValue> {
  const db = deps.db;
  const now = deps.clock();
  const row = await db
    .selectFrom('remember_tokens')
    .innerJoin('members', 'members.id', 'remember_tokens.member_id')
    .select(['remember_tokens.id', 'remember_tokens.member_id', 'remember_tokens.expires_at', 'remember_tokens.revoked_at', 'members.type'])
    .where('remember_tokens.token_hash', '=', sha256Hex(token))
    .where('members.merchant_id', '=', merchant.id)
    .executeTakeFirst();
  if (!row) throw wpsErrors.notLoggedIn();
  if (row.revoked_at !== null) {
    // Whoever holds the rotated token (the owner or the thief) also holds a session made from it:
    // which one is which cannot be told, so every session of the member ends (docs/0070).
    await db.transaction().execute((trx) => revokeMemberSessions(trx, row.member_id, now, null));
    await recordAuthEvent(db, { merchantId: merchant.id, memberId: row.member_id, username: '', kind: 'remember_replayed', ip });
    throw wpsErrors.notLoggedIn();
  }
  if (new Date(row.expires_at) <= now || row.type === NON_MEMBER_TYPE) throw wpsErrors.notLoggedIn();
  const member = await loginMemberById(db, row.member_id);
  const mustChangePassword = await mustChangeFor(db, merchant.id, member, now);
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('remember_tokens')
      .set({ revoked_at: now })
      .where('id', '=', row.id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!revoked) throw wpsErrors.notLoggedIn();
    return issueSession(trx, merchant, member, {
      now,
      ip,
      kind: 'login_remember',
      mustChangePassword,
      rememberMe: true,
      rememberExpiresAt: new Date(row.expires_at),
    });
  });
}

/**
 * docs/rules/accounts.md#a-23 token from the URL (docs/0013): a live session token that travelled in an address is
 * never adopted; it is revoked and a fresh session for the same member is answered. One UPDATE ...
 * WHERE revoked_at IS NULL RETURNING decides, so of any number of parallel exchanges of one token
 * exactly one wins; the others (and every later one) get 401. The fresh session keeps the old one's
 * forced password change.
 */
export async function exchangeSession(deps: TPlatformDeps, merchant: TMerchant, token: string, ip: string): Promise<TSessionValue> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const old = await updateLiveSession(trx, merchant, sha256Hex(token), now)
      .set({ revoked_at: now })
      .where('members.type', '<>', NON_MEMBER_TYPE)
      .returning(['sessions.member_id', 'sessions.must_change_password', 'sessions.started_at'])
      .executeTakeFirst();
    if (!old) throw wpsErrors.notLoggedIn();
    const member = await loginMemberById(trx, old.member_id);
    // The fresh token is the same session to the lifetime: exchanging never extends it (docs/0070).
    return issueSession(trx, merchant, member, {
      now,
      ip,
      kind: 'session_exchange',
      mustChangePassword: old.must_change_password,
      rememberMe: false,
      startedAt: new Date(old.started_at),
    });
  });
}

/** Revokes a remember token (logout); unknown tokens are fine. */
export async function revokeRemember(deps: TPlatformDeps, token: string): Promise<void> {
  await deps.db
    .updateTable('remember_tokens')
    .set({ revoked_at: deps.clock() })
    .where('token_hash', '=', sha256Hex(token))
    .where('revoked_at', 'is', null)
    .execute();
}
