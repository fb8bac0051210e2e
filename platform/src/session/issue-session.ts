import type { Kysely } from 'kysely';
import { REMEMBER_ME_MS, type TSessionValue } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { newToken, sessionIdleMs, sha256Hex, type TMerchant } from '../http/auth.ts';
import { featureEnabled } from '../kernel/features.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { assertAccountAllows } from '../protection/account-state.ts';
import { rememberIp, type loginMemberById } from './session.queries.ts';

/** A member as the login paths read it (session.queries.ts LOGIN_MEMBER_COLUMNS). */
export type TLoginMember = Awaited<ReturnType<typeof loginMemberById>>;

function passwordExpired(member: Pick<TLoginMember, 'password_expires_at'>, now: Date): boolean {
  return member.password_expires_at !== null && new Date(member.password_expires_at) <= now;
}

/** docs/rules/accounts.md#a-12: 123456, or an expired password while PWDEXPFORCECHANGE3 is on, forces a change (never after an SMS login). */
export async function mustChangeFor(db: Kysely<DB>, merchantId: number, member: TLoginMember, now: Date): Promise<boolean> {
  if (member.weak_password) return true;
  return passwordExpired(member, now) && (await featureEnabled(db, merchantId, 'PWDEXPFORCECHANGE3'));
}

/**
 * Creates a session (and a remember token when asked) for a member whose login is complete:
 * revokes the pre-login token if one was sent (rotation), remembers the IP and audits `kind`.
 * Runs on the caller's db or transaction. The tokens are answered once; only hashes are stored.
 */
export async function issueSession(
  db: Kysely<DB>,
  merchant: TMerchant,
  member: Pick<TLoginMember, 'id' | 'username' | 'first_time_login' | 'password_expires_at'>,
  opts: {
    now: Date;
    ip: string;
    kind: string;
    mustChangePassword: boolean;
    rememberMe: boolean;
    rememberExpiresAt?: Date;
    previousToken?: string | null;
    /** The login a replacement session descends from: its absolute lifetime goes on from there (docs/0070). */
    startedAt?: Date;
  },
): Promise<TSessionValue> {
  // docs/rules/protection.md#p-31: a suspended or fully blocked member gets no session, on any login path.
  await assertAccountAllows(db, member.id, 'login');
  const token = newToken();
  const session = await db
    .insertInto('sessions')
    .values({
      member_id: member.id,
      token_hash: sha256Hex(token),
      ip: opts.ip.slice(0, 64),
      expires_at: new Date(opts.now.getTime() + sessionIdleMs(merchant)),
      must_change_password: opts.mustChangePassword,
      started_at: opts.startedAt ?? opts.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.previousToken) {
    await db
      .updateTable('sessions')
      .set({ revoked_at: opts.now })
      .where('token_hash', '=', sha256Hex(opts.previousToken))
      .where('revoked_at', 'is', null)
      .execute();
  }
  let rememberToken: string | null = null;
  if (opts.rememberMe) {
    rememberToken = newToken();
    await db
      .insertInto('remember_tokens')
      .values({
        member_id: member.id,
        session_id: session.id,
        token_hash: sha256Hex(rememberToken),
        expires_at: opts.rememberExpiresAt ?? new Date(opts.now.getTime() + REMEMBER_ME_MS),
      })
      .execute();
  }
  if (opts.ip) await rememberIp(db, member.id, opts.ip, opts.now);
  await recordAuthEvent(db, { merchantId: merchant.id, memberId: member.id, username: member.username, kind: opts.kind, ip: opts.ip });
  return {
    kind: 'session',
    token,
    firstTimeLogin: member.first_time_login,
    passwordExpired: passwordExpired(member, opts.now),
    mustChangePassword: opts.mustChangePassword,
    rememberToken,
  };
}
