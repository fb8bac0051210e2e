import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as OTPAuth from 'otpauth';
import {
  ACCOUNT_MESSAGES,
  AGENT_TYPES,
  NON_MEMBER_TYPE,
  REMEMBER_ME_MS,
  TRIAL_TYPE,
  WEAK_PASSWORD,
  WPS_CODES,
  WPS_MESSAGES,
  type TAccountLoginRequest,
  type TLoginOutcomeValue,
  type TLanguage,
  type TSecondFactorMethod,
  type TSessionValue,
  type TSmsSendResponse,
} from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { newToken, sessionIdleMs, sha256Hex, updateLiveSession, type TMerchant, type TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import { checkPhone, consumeCode, sendCode, type TCodeTarget } from '../verification/verification.service.ts';
import { consumeCaptcha } from '../verification/captcha.service.ts';
import { hashPassword, verifyPassword } from './password.service.ts';
import { featureEnabled, requireFeature } from '../kernel/features.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { securitySettings } from './security.service.ts';
import {
  knownIps,
  liveChallenge,
  liveLock,
  loginMemberById,
  memberByPhone,
  memberByUsername,
  releaseLoginAttempt,
  rememberIp,
  reserveChallengeAttempt,
  reserveLoginAttempt,
  revokeMemberSessions,
} from './session.queries.ts';
import { maskEmail, maskMobile } from '../kernel/masks.ts';
import { newAvatarKey } from '../kernel/member-keys.ts';

/** Default captcha threshold (per merchant in merchants.captcha_after_failures). */
export const CAPTCHA_AFTER_FAILURES = 2;
/** A second-factor challenge lives 10 minutes and survives this many wrong answers. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 3;

type TLoginMember = Awaited<ReturnType<typeof loginMemberById>>;

/** Login failures answer HTTP 200 with success:false, as the upstream does; the value says whether a captcha is needed. */
function loginFailure(code: number, message: string, value: unknown): WpsError {
  return new WpsError(code, message, value, 200);
}

const isAgent = (type: number) => (AGENT_TYPES as readonly number[]).includes(type);

function passwordExpired(member: Pick<TLoginMember, 'password_expires_at'>, now: Date): boolean {
  return member.password_expires_at !== null && new Date(member.password_expires_at) <= now;
}

/** docs/rules/accounts.md#a-12: 123456, or an expired password while PWDEXPFORCECHANGE3 is on, forces a change (never after an SMS login). */
async function mustChangeFor(db: Kysely<DB>, merchantId: number, member: TLoginMember, now: Date): Promise<boolean> {
  if (member.weak_password) return true;
  return passwordExpired(member, now) && (await featureEnabled(db, merchantId, 'PWDEXPFORCECHANGE3'));
}

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

/**
 * The second factors a member can answer (docs/rules/accounts.md#a-7 login from a new IP), each proving possession
 * (docs/0067): the authenticator, offered first when bound, then a code to the bound mobile or
 * e-mail. A bank holder name or an address typed in is known to whoever read a statement or a
 * profile, so it is no factor.
 */
export function secondFactorMethods(member: TLoginMember): TSecondFactorMethod[] {
  const methods: TSecondFactorMethod[] = [];
  if (member.totp_secret) methods.push('totp');
  if (member.mobile_num) methods.push('mobile');
  if (member.email) methods.push('email');
  return methods;
}

/** Where a second-factor code of `method` goes: the member's bound address, never one a client names. */
function secondFactorTarget(member: TLoginMember, method: TSecondFactorMethod): TCodeTarget | null {
  if (method === 'mobile' && member.mobile_num) return { key: `${member.country_dialing_code ?? ''}${member.mobile_num}` };
  if (method === 'email' && member.email) return { key: `email:${member.email.toLowerCase()}`, email: member.email };
  return null;
}

/**
 * Sends the one-time code of a live challenge to the bound mobile or e-mail of its member
 * (docs/0067). The code is tied to the challenge (a code of another login does not open this one),
 * single use, expires with the merchant's SMS minutes and dies after CODE_MAX_ATTEMPTS guesses; the
 * challenge itself takes CHALLENGE_MAX_ATTEMPTS answers. Sends per address are throttled by
 * sendCode (one a second, five per 15 minutes, then locked).
 */
export async function sendSecondFactorCode(
  deps: TPlatformDeps,
  merchant: TMerchant,
  req: { challengeId: string; method: 'mobile' | 'email' },
  ip: string,
  language: TLanguage,
): Promise<TSmsSendResponse> {
  const idHash = sha256Hex(req.challengeId);
  const challenge = await liveChallenge(deps.db, merchant.id, idHash, deps.clock());
  const methods = (challenge?.methods ?? []) as unknown as string[];
  if (!challenge || !methods.includes(req.method)) throw new WpsError(WPS_CODES.notFound, ACCOUNT_MESSAGES.secondFactorExpired);
  const member = await loginMemberById(deps.db, challenge.member_id);
  const target = secondFactorTarget(member, req.method);
  // The address was unbound since the login: the challenge cannot be answered this way.
  if (!target) throw new WpsError(WPS_CODES.notFound, ACCOUNT_MESSAGES.secondFactorExpired);
  const sent = await sendCode(deps, merchant, target, 'secondFactor', { deliver: true, challengeHash: idHash, language });
  await recordAuthEvent(deps.db, { merchantId: merchant.id, memberId: member.id, username: member.username, kind: `second_factor_code_${req.method}`, ip });
  return sent;
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
    const challengeId = newToken();
    await db
      .insertInto('login_challenges')
      .values({
        id_hash: sha256Hex(challengeId),
        merchant_id: merchant.id,
        member_id: member.id,
        methods: JSON.stringify(methods),
        remember_me: req.rememberMe === true,
        must_change_password: mustChangePassword,
        ip: ip.slice(0, 64),
        expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
      })
      .execute();
    await event('second_factor_required', member.id);
    return {
      kind: 'secondFactor',
      challengeId,
      methods,
      maskedMobile: methods.includes('mobile') ? maskMobile(member.country_dialing_code, member.mobile_num) : null,
      maskedEmail: methods.includes('email') ? maskEmail(member.email) : null,
    };
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

/**
 * Answers a second-factor challenge. Every answer is counted before it is checked (atomic, so
 * parallel guesses stay within CHALLENGE_MAX_ATTEMPTS); a wrong last one voids the challenge
 * (404 second_factor_expired, as for an unknown or old one). Right → the session.
 */
export async function verifySecondFactor(
  deps: TPlatformDeps,
  merchant: TMerchant,
  req: { challengeId: string; method: TSecondFactorMethod; code: string },
  ip: string,
  previousToken: string | null,
): Promise<TSessionValue> {
  const db = deps.db;
  const now = deps.clock();
  const idHash = sha256Hex(req.challengeId);
  const expired = () => new WpsError(WPS_CODES.notFound, ACCOUNT_MESSAGES.secondFactorExpired);
  // The answer is counted before it is checked, so parallel guesses cannot exceed the budget.
  const challenge = await reserveChallengeAttempt(db, merchant.id, idHash, now, CHALLENGE_MAX_ATTEMPTS);
  if (!challenge) throw expired();
  const member = await loginMemberById(db, challenge.member_id);
  const methods = challenge.methods as unknown as string[];
  let right = false;
  let totpStep: number | null = null;
  if (methods.includes(req.method)) {
    const target = secondFactorTarget(member, req.method);
    if (target) {
      // The code sent to the bound address for this challenge: single use, expiring, its own
      // guesses counted before judged (consumeCode), on top of the challenge's reserved attempt.
      right = await consumeCode(deps, merchant, target, 'secondFactor', req.code, idHash).then(
        () => true,
        () => false,
      );
    } else if (req.method === 'totp' && member.totp_secret) {
      totpStep = totpCounter(member.totp_secret, (req.code ?? '').trim(), now);
      // A code already used for a login does not work twice.
      right = totpStep !== null && (member.totp_last_counter === null || totpStep > Number(member.totp_last_counter));
    }
  }
  const event = (kind: string) => recordAuthEvent(db, { merchantId: merchant.id, memberId: member.id, username: member.username, kind, ip });
  if (!right) {
    await event(`second_factor_failed_${req.method}`);
    if (challenge.attempts >= CHALLENGE_MAX_ATTEMPTS) {
      await db.updateTable('login_challenges').set({ used_at: now }).where('id_hash', '=', idHash).execute();
      await event('second_factor_void');
      throw expired();
    }
    throw new WpsError(WPS_CODES.badRequest, ACCOUNT_MESSAGES.secondFactorWrong);
  }
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('login_challenges')
      .set({ used_at: now })
      .where('id_hash', '=', idHash)
      .where('used_at', 'is', null)
      .returning('id_hash')
      .executeTakeFirst();
    if (!used) throw expired();
    if (totpStep !== null) {
      // The step moves forward only if no parallel answer used it first: a code opens one challenge.
      const step = totpStep;
      const fresh = await trx
        .updateTable('members')
        .set({ totp_last_counter: step })
        .where('id', '=', member.id)
        .where((eb) => eb.or([eb('totp_last_counter', 'is', null), eb('totp_last_counter', '<', step)]))
        .returning('id')
        .executeTakeFirst();
      if (!fresh) throw new WpsError(WPS_CODES.badRequest, ACCOUNT_MESSAGES.secondFactorWrong);
    }
    return issueSession(trx, merchant, member, {
      now,
      ip,
      kind: `second_factor_ok_${req.method}`,
      mustChangePassword: challenge.must_change_password,
      rememberMe: challenge.remember_me,
      previousToken,
    });
  });
}

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

/** docs/rules/accounts.md#a-1 free trial (FREEPLAY3): a new trial account (type 4), logged in. */
export async function freePlay(deps: TPlatformDeps, merchant: TMerchant, ip: string): Promise<TSessionValue> {
  await requireFeature(deps.db, merchant.id, 'FREEPLAY3');
  const now = deps.clock();
  // Nobody knows this password: a trial account is reachable only through its session.
  const passwordHash = await hashPassword(newToken());
  return deps.db.transaction().execute(async (trx) => {
    const member = await trx
      .insertInto('members')
      .values({
        merchant_id: merchant.id,
        username: `trial_${randomBytes(5).toString('hex')}`,
        nickname: 'Trial Player',
        password_hash: passwordHash,
        type: TRIAL_TYPE,
        upline_id: null,
        first_time_login: false,
        password_expires_at: null,
        avatar_key: newAvatarKey(),
      })
      .returning(['id', 'username', 'first_time_login', 'password_expires_at'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('ledger_accounts')
      .values({ merchant_id: merchant.id, member_id: member.id, kind: 'member_wallet', currency: merchant.currency })
      .execute();
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
