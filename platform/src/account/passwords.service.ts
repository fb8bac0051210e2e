import type { Kysely } from 'kysely';
import { ACCOUNT_MESSAGES, NON_MEMBER_TYPE, TRIAL_TYPE, WEAK_PASSWORD, WPS_CODES, WPS_MESSAGES, type TSessionValue } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { newToken, sha256Hex, type TMerchant, type TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { checkNewPassword } from '../kernel/password-rules.ts';
import { issueSession } from '../session/issue-session.ts';
import { hashPassword, verifyPassword } from '../session/password.service.ts';
import { requireFeature } from '../kernel/features.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { memberByPhone, memberByUsername, revokeMemberSessions } from '../session/session.queries.ts';
import { resetLinkMessage } from '../verification/messages.ts';
import { boundContacts, notifySecurityChange } from '../verification/security-notice.service.ts';
import { checkPhone, consumeCode } from '../verification/verification.service.ts';
import { fieldFailure } from '../http/errors.ts';

const badRequest = (message: string) => new WpsError(WPS_CODES.badRequest, message);

/* A member's password: changed in the security centre, or reset by an e-mailed link or an SMS code. */

/** Reset links work once, for 30 minutes. */
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
/** Forgot-by-email requests per username within RESET_REQUEST_WINDOW_MS. */
export const RESET_REQUESTS_MAX = 5;
export const RESET_REQUEST_WINDOW_MS = 15 * 60 * 1000;

/** Stores a new password: clears the weak and expired marks. */
async function storePassword(db: Kysely<DB>, memberId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .updateTable('members')
    .set({ password_hash: passwordHash, weak_password: password === WEAK_PASSWORD, password_expires_at: null })
    .where('id', '=', memberId)
    .execute();
}

/**
 * docs/rules/accounts.md#a-13 change password (security centre and the forced modal): the old password unless the
 * session is flagged mustChangePassword; the rule and confirmation; other sessions revoked.
 */
export async function changePassword(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  req: { oldPassword?: string | undefined; newPassword: string; confirmNewPassword: string },
  ip: string,
): Promise<{ ok: true }> {
  const db = deps.db;
  const event = (kind: string) => recordAuthEvent(db, { merchantId: merchant.id, memberId: member.memberId, username: member.username, kind, ip });
  if (!member.mustChangePassword) {
    const row = await db.selectFrom('members').select('password_hash').where('id', '=', member.memberId).executeTakeFirstOrThrow();
    if (!req.oldPassword || !(await verifyPassword(row.password_hash, req.oldPassword))) {
      await event('password_change_failed');
      throw fieldFailure('oldPassword', ACCOUNT_MESSAGES.oldPasswordWrong);
    }
  }
  await checkNewPassword(db, merchant.id, req.newPassword, req.confirmNewPassword);
  const now = deps.clock();
  const before = await boundContacts(deps, member.memberId);
  await db.transaction().execute(async (trx) => {
    await storePassword(trx, member.memberId, req.newPassword);
    await revokeMemberSessions(trx, member.memberId, now, member.sessionId);
    await trx.updateTable('sessions').set({ must_change_password: false }).where('id', '=', member.sessionId).execute();
    await recordAuthEvent(trx, { merchantId: merchant.id, memberId: member.memberId, username: member.username, kind: 'password_changed', ip });
  });
  // The old password is this change's proof (docs/0068); the member hears of it where it could be
  // reached before. A forced change right after the login is the login's own step, not news.
  if (!member.mustChangePassword) await notifySecurityChange(deps, merchant, member.memberId, before, 'password.changed');
  return { ok: true };
}

/**
 * docs/rules/accounts.md#a-14 forgot by email: the same answer whether or not username and email belong together (no
 * enumeration). When they do, the EmailProvider gets a one-time link valid 30 minutes.
 */
export async function forgotByEmail(
  deps: TPlatformDeps,
  merchant: TMerchant,
  req: { username: string; email: string },
  ip: string,
): Promise<{ messageKey: 'in_been_out' }> {
  const db = deps.db;
  const now = deps.clock();
  const recent = await db
    .selectFrom('auth_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchant.id)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', req.username.toLowerCase()))
    .where('kind', '=', 'password_reset_requested')
    .where('created_at', '>', new Date(now.getTime() - RESET_REQUEST_WINDOW_MS))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= RESET_REQUESTS_MAX) {
    throw new WpsError(WPS_CODES.tooManyRequests, WPS_MESSAGES.tooManyRequests, { retryAfterSeconds: RESET_REQUEST_WINDOW_MS / 1000 });
  }
  const member = await memberByUsername(db, merchant.id, req.username);
  await db
    .insertInto('auth_events')
    .values({
      merchant_id: merchant.id,
      member_id: null,
      operator_id: null,
      username: req.username.slice(0, 200),
      kind: 'password_reset_requested',
      ip,
      created_at: now,
    })
    .execute();
  const match =
    member !== undefined &&
    member.email !== null &&
    member.type !== NON_MEMBER_TYPE &&
    member.type !== TRIAL_TYPE &&
    member.email.trim().toLowerCase() === req.email.trim().toLowerCase();
  if (match) {
    const token = newToken();
    await db
      .insertInto('password_resets')
      .values({ token_hash: sha256Hex(token), member_id: member.id, expires_at: new Date(now.getTime() + RESET_LINK_TTL_MS) })
      .execute();
    await deps.email.send({
      merchantId: merchant.id,
      to: member.email!,
      purpose: 'resetLink',
      // In the member's saved language, not the asker's (docs/0115): whoever asks, the owner reads it.
      ...resetLinkMessage(member.language, `/resetPassword?token=${token}`, RESET_LINK_TTL_MS / 60_000),
    });
  }
  return { messageKey: 'in_been_out' };
}

/** docs/rules/accounts.md#a-14 reset by the emailed link: single use; every session of the member is revoked. */
export async function resetByLink(
  deps: TPlatformDeps,
  merchant: TMerchant,
  req: { resetToken: string; newPassword: string; confirmNewPassword: string },
  ip: string,
): Promise<{ ok: true }> {
  const db = deps.db;
  const now = deps.clock();
  const invalid = () => badRequest(ACCOUNT_MESSAGES.resetLinkInvalid);
  const hash = sha256Hex(req.resetToken);
  const link = await db
    .selectFrom('password_resets')
    .innerJoin('members', 'members.id', 'password_resets.member_id')
    .select(['members.id', 'members.username'])
    .where('password_resets.token_hash', '=', hash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', now)
    .where('members.merchant_id', '=', merchant.id)
    .executeTakeFirst();
  if (!link) throw invalid();
  // A refused password leaves the link usable.
  await checkNewPassword(db, merchant.id, req.newPassword, req.confirmNewPassword);
  await db.transaction().execute(async (trx) => {
    // Single use, decided by one UPDATE: of parallel uses of one link exactly one gets a row back.
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('member_id', '=', link.id)
      .returning('member_id')
      .executeTakeFirst();
    if (!used) throw invalid();
    await storePassword(trx, link.id, req.newPassword);
    await revokeMemberSessions(trx, link.id, now, null);
    await recordAuthEvent(trx, { merchantId: merchant.id, memberId: link.id, username: link.username, kind: 'password_reset_link', ip });
  });
  return { ok: true };
}

/** docs/rules/accounts.md#a-15 forgot by mobile (CHNGPASSVERIF3): code, new password, then logged in. */
export async function resetByMobile(
  deps: TPlatformDeps,
  merchant: TMerchant,
  req: { mobileNum: string; countryDialingCode: string; verificationCode: string; newPassword: string; confirmNewPassword: string },
  ip: string,
  previousToken: string | null,
): Promise<TSessionValue> {
  const db = deps.db;
  await requireFeature(db, merchant.id, 'CHNGPASSVERIF3');
  const phone = await checkPhone(deps, merchant, req.mobileNum, req.countryDialingCode);
  await checkNewPassword(db, merchant.id, req.newPassword, req.confirmNewPassword);
  try {
    await consumeCode(deps, merchant, phone, 'reset', req.verificationCode);
  } catch (err) {
    await recordAuthEvent(db, { merchantId: merchant.id, username: phone.key, kind: 'password_reset_mobile_failed', ip });
    throw err;
  }
  const member = await memberByPhone(db, merchant.id, phone.dial, phone.mobile);
  if (!member || member.type === NON_MEMBER_TYPE) throw badRequest(ACCOUNT_MESSAGES.verificationCodeInvalid);
  const now = deps.clock();
  return db.transaction().execute(async (trx) => {
    await storePassword(trx, member.id, req.newPassword);
    await revokeMemberSessions(trx, member.id, now, null);
    await recordAuthEvent(trx, { merchantId: merchant.id, memberId: member.id, username: member.username, kind: 'password_reset_mobile', ip });
    return issueSession(
      trx,
      merchant,
      { ...member, password_expires_at: null },
      { now, ip, kind: 'login_after_reset', mustChangePassword: false, rememberMe: false, previousToken },
    );
  });
}
