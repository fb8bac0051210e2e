import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  AGENT_TYPES,
  NON_MEMBER_TYPE,
  TRIAL_TYPE,
  WEAK_PASSWORD,
  WPS_CODES,
  WPS_MESSAGES,
  type TAccountLoginRequest,
  type TLoginOutcomeValue,
  type TSessionValue,
} from '@wl/schemas';
import { newToken, type TMerchant, type TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import { checkPhone, consumeCode } from '../verification/verification.service.ts';
import { consumeCaptcha } from '../verification/captcha.service.ts';
import { issueSession, mustChangeFor, type TLoginMember } from './issue-session.ts';
import { hashPassword, verifyPassword } from './password.service.ts';
import { openSecondFactorChallenge, secondFactorMethods } from './second-factor.service.ts';
import { requireFeature } from '../kernel/features.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { securitySettings } from './security.service.ts';
import { insertMemberWithWallet, knownIps, liveLock, memberByPhone, memberByUsername, releaseLoginAttempt, reserveLoginAttempt } from './session.queries.ts';

/*
 * Login and logout of members (docs/rules/accounts.md#a-2, #a-3, #a-24) and the free trial. The
 * session itself is made by issue-session.ts; the second factor of a new IP is second-factor.service.ts;
 * remember-me and the token exchange are remember.service.ts.
 */

/** Re-exported for the operator's and the security centre's imports of them from here. */
export { memberTotp, totpCounter } from './totp.ts';

/** Default captcha threshold (per merchant in merchants.captcha_after_failures). */
export const CAPTCHA_AFTER_FAILURES = 2;

/** Login failures answer HTTP 200 with success:false, as the upstream does; the value says whether a captcha is needed. */
function loginFailure(code: number, message: string, value: unknown): WpsError {
  return new WpsError(code, message, value, 200);
}

const isAgent = (type: number) => (AGENT_TYPES as readonly number[]).includes(type);

/**
 * docs/rules/accounts.md#a-1: a non-member account never signs in, and the agent page signs in agents only; each
 * refusal is recorded as an auth event before it is thrown.
 */
async function refuseWrongAudience(
  member: Pick<TLoginMember, 'id' | 'type'>,
  agentPage: boolean,
  event: (kind: string, memberId: number) => Promise<unknown>,
): Promise<void> {
  if (member.type === NON_MEMBER_TYPE) {
    await event('login_not_member', member.id);
    throw loginFailure(WPS_CODES.notMember, WPS_MESSAGES.notMember, { captcha: false });
  }
  if (agentPage && !isAgent(member.type)) {
    await event('login_not_agent', member.id);
    throw loginFailure(WPS_CODES.notAgent, WPS_MESSAGES.notAgent, { captcha: false });
  }
}

/**
 * Login (docs/rules/accounts.md#a-2, docs/rules/accounts.md#a-3): by username and password or by mobile and SMS code. The same answers for
 * unknown and known usernames; captcha after `captchaAfterFailures` failures; locked for
 * `lockMinutes` after `lockAfterFailures` failures within `lockWindowMinutes` (counted atomically,
 * before the password is judged; while locked even the right password is refused); non-members refused;
 * agentPage refuses non-agents without a session; a new IP asks for a second factor. Every attempt
 * lands in auth_events.
 */
export async function login(
  deps: TPlatformDeps,
  merchant: TMerchant,
  req: TAccountLoginRequest,
  ip: string,
  previousToken: string | null,
): Promise<TLoginOutcomeValue> {
  if (req.type === 'sms') return smsLogin(deps, merchant, req, ip, previousToken);
  const db = deps.db;
  const now = deps.clock();
  const username = req.username?.trim() ?? '';
  const password = req.password ?? '';
  if (username === '' || password === '') throw wpsErrors.badRequest();
  const settings = await securitySettings(db, merchant.id);
  const since = new Date(now.getTime() - settings.lockWindowMinutes * 60_000);
  const key = username.toLowerCase();
  const event = (kind: string, memberId: number | null = null) => recordAuthEvent(db, { merchantId: merchant.id, memberId, username, kind, ip });

  // The attempt is reserved (counted, and the lock set at the threshold) before anything is
  // judged, so parallel attempts are all counted and at most lockAfterFailures of them are judged.
  const lockedUntil = new Date(now.getTime() + settings.lockMinutes * 60_000);
  const reservation = await reserveLoginAttempt(db, merchant.id, key, { now, since, lockAfter: settings.lockAfterFailures, lockedUntil });
  if (!reservation) {
    // Locked: not judged, so even the right password is refused.
    await event('login_locked');
    const until = await liveLock(db, merchant.id, key, now);
    const retryAfterSeconds = until ? Math.ceil((until.getTime() - now.getTime()) / 1000) : settings.lockMinutes * 60;
    throw loginFailure(WPS_CODES.locked, WPS_MESSAGES.locked, { retryAfterSeconds });
  }
  const count = reservation.failures;
  if (count - 1 >= settings.captchaAfterFailures) {
    const answered = req.captcha && req.captchaId ? await consumeCaptcha(deps, merchant, req.captchaId, req.captcha) : null;
    if (answered !== true) {
      // Never judged: the reserved attempt is given back.
      await releaseLoginAttempt(db, merchant.id, key, settings.lockAfterFailures);
      await event(answered === null ? 'login_captcha_missing' : 'login_captcha_wrong');
      throw loginFailure(WPS_CODES.captchaRequired, answered === null ? WPS_MESSAGES.captchaRequired : WPS_MESSAGES.captchaWrong, { captcha: true });
    }
  }

  const member = await memberByUsername(db, merchant.id, username);
  const valid = await verifyPassword(member?.password_hash ?? null, password);
  if (!member || !valid) {
    await event('login_failed', member?.id ?? null);
    if (count >= settings.lockAfterFailures) {
      await event('login_locked', member?.id ?? null);
      throw loginFailure(WPS_CODES.locked, WPS_MESSAGES.locked, { retryAfterSeconds: settings.lockMinutes * 60 });
    }
    throw loginFailure(WPS_CODES.badRequest, WPS_MESSAGES.invalidCredentials, { captcha: count >= settings.captchaAfterFailures });
  }
  await db.deleteFrom('login_throttle').where('merchant_id', '=', merchant.id).where('username_key', '=', key).execute();
  await refuseWrongAudience(member, req.agentPage === true, event);
  // The plaintext is seen only here: remember whether it is the weak one (docs/rules/accounts.md#a-12 forced change).
  const weak = password === WEAK_PASSWORD;
  if (weak !== member.weak_password) await db.updateTable('members').set({ weak_password: weak }).where('id', '=', member.id).execute();
  const current = { ...member, weak_password: weak };
  const mustChangePassword = await mustChangeFor(db, merchant.id, current, now);

  const known = await knownIps(db, member.id);
  const methods = secondFactorMethods(current);
  // A member never seen before has no known IP; one with no factor to answer cannot be asked.
  if (known.length > 0 && !known.includes(ip) && methods.length > 0) {
    const challenge = await openSecondFactorChallenge(db, merchant.id, current, methods, { now, ip, rememberMe: req.rememberMe === true, mustChangePassword });
    await event('second_factor_required', member.id);
    return challenge;
  }
  return db
    .transaction()
    .execute((trx) =>
      issueSession(trx, merchant, current, { now, ip, kind: 'login_ok', mustChangePassword, rememberMe: req.rememberMe === true, previousToken }),
    );
}

/** docs/rules/accounts.md#a-3 login by mobile number and SMS code (MOBILEVERCODELOGIN3). No forced password change after it. */
async function smsLogin(deps: TPlatformDeps, merchant: TMerchant, req: TAccountLoginRequest, ip: string, previousToken: string | null): Promise<TSessionValue> {
  const db = deps.db;
  const now = deps.clock();
  await requireFeature(db, merchant.id, 'MOBILEVERCODELOGIN3');
  const phone = await checkPhone(deps, merchant, req.mobileNum, req.countryDialingCode);
  const event = (kind: string, memberId: number | null = null) => recordAuthEvent(db, { merchantId: merchant.id, memberId, username: phone.key, kind, ip });
  try {
    await consumeCode(deps, merchant, phone, 'login', req.verificationCode);
  } catch (err) {
    await event('login_sms_failed');
    throw err;
  }
  const member = await memberByPhone(db, merchant.id, phone.dial, phone.mobile);
  if (!member) {
    await event('login_sms_failed');
    throw new WpsError(WPS_CODES.badRequest, ACCOUNT_MESSAGES.verificationCodeInvalid);
  }
  await refuseWrongAudience(member, req.agentPage === true, event);
  return db
    .transaction()
    .execute((trx) =>
      issueSession(trx, merchant, member, { now, ip, kind: 'login_sms_ok', mustChangePassword: false, rememberMe: req.rememberMe === true, previousToken }),
    );
}

/** docs/rules/accounts.md#a-1 free trial (FREEPLAY3): a new trial account (type 4), logged in. */
export async function freePlay(deps: TPlatformDeps, merchant: TMerchant, ip: string): Promise<TSessionValue> {
  await requireFeature(deps.db, merchant.id, 'FREEPLAY3');
  const now = deps.clock();
  // Nobody knows this password: a trial account is reachable only through its session.
  const passwordHash = await hashPassword(newToken());
  return deps.db.transaction().execute(async (trx) => {
    const member = await insertMemberWithWallet(trx, merchant, {
      username: `trial_${randomBytes(5).toString('hex')}`,
      nickname: 'Trial Player',
      password_hash: passwordHash,
      type: TRIAL_TYPE,
      upline_id: null,
      first_time_login: false,
      password_expires_at: null,
    });
    return issueSession(trx, merchant, member, { now, ip, kind: 'freeplay', mustChangePassword: false, rememberMe: false });
  });
}

/** Revokes the session of the call and the remember tokens it issued (docs/rules/accounts.md#a-24 Logout). */
export async function logout(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, ip: string): Promise<void> {
  const now = deps.clock();
  await deps.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', member.sessionId).execute();
  await deps.db.updateTable('remember_tokens').set({ revoked_at: now }).where('session_id', '=', member.sessionId).where('revoked_at', 'is', null).execute();
  await recordAuthEvent(deps.db, { merchantId: merchant.id, memberId: member.memberId, username: member.username, kind: 'logout', ip });
}
