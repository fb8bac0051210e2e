import * as OTPAuth from 'otpauth';
import type { Kysely } from 'kysely';
import {
  ACCOUNT_MESSAGES,
  AGENT_TYPES,
  DEFAULT_LANGUAGE,
  MEMBER_TYPE,
  NON_MEMBER_TYPE,
  TRIAL_TYPE,
  WEAK_PASSWORD,
  WPS_CODES,
  WPS_MESSAGES,
  ZPatternId,
  ZRegistrationField,
  buildRegistrationSchema,
  smsCodeRequired,
  firstFieldErrors,
  type TFormField,
  type TLanguage,
  type TRegisterRequest,
  type TSessionValue,
} from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { newToken, sha256Hex, type TMerchant, type TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { CONFLICT, fieldErrorsFailure } from '../http/errors.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { consumeCaptcha } from '../verification/captcha.service.ts';
import { hashPassword, verifyPassword } from '../session/password.service.ts';
import { resetLinkMessage } from '../verification/messages.ts';
import { featureEnabled, requireFeature } from '../kernel/features.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { memberByPhone, memberByUsername, revokeMemberSessions } from '../session/session.queries.ts';
import { issueSession, memberTotp, totpCounter } from '../session/session.service.ts';
import { requireStepUp } from '../session/step-up.guard.ts';
import { boundContacts, notifySecurityChange } from '../verification/security-notice.service.ts';
import { checkPhone, consumeCode, type TPhone } from '../verification/verification.service.ts';
import { checkNewPassword } from '../kernel/password-rules.ts';
import { inviterByCode, type TInviter } from './inviter.queries.ts';
import { assertAgentDownlineAllowed } from '../kernel/agent-downline-limits.ts';
import { newAvatarKey } from '../kernel/member-keys.ts';

/** Reset links work once, for 30 minutes. */
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
/** Forgot-by-email requests per username within RESET_REQUEST_WINDOW_MS. */
export const RESET_REQUESTS_MAX = 5;
export const RESET_REQUEST_WINDOW_MS = 15 * 60 * 1000;

const badRequest = (message: string, value: unknown = null) => new WpsError(WPS_CODES.badRequest, message, value);

/** docs/rules/accounts.md#a-20 affiliate check: the inviting agent's name, or 404 invalid_invitation_code (unknown, disabled or deleted codes alike, docs/0051). */
export async function checkAffiliate(deps: TPlatformDeps, merchant: TMerchant, code: string): Promise<{ valid: true; agentName: string }> {
  const inviter = await inviterByCode(deps.db, merchant.id, code);
  if (!inviter) throw new WpsError(WPS_CODES.notFound, ACCOUNT_MESSAGES.invalidInvitationCode);
  return { valid: true, agentName: inviter.nickname };
}

/** The registration form of the merchant as the client gets it: enabled fields with their rules. */
async function registrationForm(db: Kysely<DB>, merchantId: number): Promise<{ fields: TFormField[]; minAge: number }> {
  const [fields, rules, m] = await Promise.all([
    db
      .selectFrom('registration_fields')
      .select(['field', 'required'])
      .where('merchant_id', '=', merchantId)
      .where('enabled', '=', true)
      .orderBy('sort')
      .execute(),
    db.selectFrom('validation_rules').selectAll().where('merchant_id', '=', merchantId).execute(),
    db.selectFrom('merchants').select('min_age').where('id', '=', merchantId).executeTakeFirstOrThrow(),
  ]);
  const byField = new Map(rules.map((r) => [r.field, r]));
  return {
    minAge: m.min_age,
    fields: fields.map((f) => {
      const r = byField.get(f.field);
      return {
        field: ZRegistrationField.parse(f.field),
        required: f.required,
        rule: r ? { acceptedPattern: r.accepted_pattern, minLength: r.min_length, maxLength: r.max_length, patternId: ZPatternId.parse(r.pattern_id) } : null,
      };
    }),
  };
}

/**
 * docs/rules/accounts.md#a-18, docs/rules/accounts.md#a-20 registration on the username or mobile tab: the tab's flag; every value checked with
 * buildRegistrationSchema (the client's validator); human verification; username and mobile free;
 * the affiliate code valid; the SMS code where smsCodeRequired (mobile tab, or REGMOBVERF3), which then
 * stands for the human check. Success logs the member in.
 */
export async function register(
  deps: TPlatformDeps,
  merchant: TMerchant,
  mode: 'username' | 'mobile',
  req: TRegisterRequest,
  ip: string,
  previousToken: string | null,
): Promise<TSessionValue> {
  const db = deps.db;
  await requireFeature(db, merchant.id, mode === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3');
  const smsVerification = await featureEnabled(db, merchant.id, 'REGMOBVERF3');
  const form = await registrationForm(db, merchant.id);
  const schema = buildRegistrationSchema(form.fields, mode, { smsVerification, minAge: form.minAge });
  const parsed = schema.safeParse({ ...req.values, termsAccepted: req.termsAccepted, ageConfirmed: req.ageConfirmed });
  if (!parsed.success) throw fieldErrorsFailure(firstFieldErrors(parsed.error));
  const v = parsed.data;
  const event = (kind: string, username: string, memberId: number | null = null) =>
    recordAuthEvent(db, { merchantId: merchant.id, memberId, username, kind, ip });

  let phone: TPhone | null = null;
  if (v.mobileNum) phone = await checkPhone(deps, merchant, v.mobileNum, req.countryDialingCode ?? (await defaultDial(db, merchant.id)));
  // One human check (docs/rules/reach.md): the SMS code was sent only behind a solved captcha, so where the tab
  // needs the code (smsCodeRequired) the code is the check; elsewhere the captcha is. Either comes
  // before anything about other accounts is looked up. A code spent on a registration refused later
  // (a taken name) is gone: the member asks for a new one.
  if (smsCodeRequired(mode, smsVerification)) {
    await consumeCode(deps, merchant, phone!, 'register', v.verificationCode);
  } else if (!req.captchaId || !req.captcha || !(await consumeCaptcha(deps, merchant, req.captchaId, req.captcha))) {
    await event('register_captcha_wrong', v.username ?? v.mobileNum ?? '');
    throw new WpsError(WPS_CODES.captchaRequired, WPS_MESSAGES.captchaWrong, { captcha: true });
  }
  if (phone && (await memberByPhone(db, merchant.id, phone.dial, phone.mobile))) {
    throw new WpsError(CONFLICT, ACCOUNT_MESSAGES.mobileTaken, { fieldErrors: { mobileNum: { key: ACCOUNT_MESSAGES.mobileTaken, params: {} } } });
  }
  let username = v.username;
  if (username && (await memberByUsername(db, merchant.id, username))) {
    throw new WpsError(CONFLICT, ACCOUNT_MESSAGES.usernameTaken, { fieldErrors: { username: { key: ACCOUNT_MESSAGES.usernameTaken, params: {} } } });
  }
  // The mobile tab may register without a username: the number becomes one.
  if (!username) username = `m${phone!.mobile}`;
  // The code decides the upline and, for an agent's registerCenter code, what the member becomes (docs/0051).
  let inviter: TInviter | undefined;
  if (v.affiliateCode) {
    inviter = await inviterByCode(db, merchant.id, v.affiliateCode);
    if (!inviter) {
      throw badRequest(ACCOUNT_MESSAGES.invalidInvitationCode, { fieldErrors: { affiliateCode: { key: ACCOUNT_MESSAGES.invalidInvitationCode, params: {} } } });
    }
  }

  const password = v.password!;
  const passwordHash = await hashPassword(password);
  const now = deps.clock();
  try {
    return await db.transaction().execute(async (trx) => {
      // An agent invitation code registers an agent only within the operator's limits (docs/0064).
      if (inviter && (AGENT_TYPES as readonly number[]).includes(inviter.memberType)) await assertAgentDownlineAllowed(trx, merchant.id, inviter.agentId);
      const member = await trx
        .insertInto('members')
        .values({
          merchant_id: merchant.id,
          username: username!,
          nickname: username!,
          password_hash: passwordHash,
          type: inviter?.memberType ?? MEMBER_TYPE,
          upline_id: inviter?.agentId ?? null,
          invitation_id: inviter?.invitationId ?? null,
          password_expires_at: null,
          mobile_num: phone?.mobile ?? null,
          country_dialing_code: phone?.dial ?? null,
          email: v.email ?? null,
          bank_holder_name: v.payeeName ?? null,
          weak_password: password === WEAK_PASSWORD,
          avatar_key: newAvatarKey(),
        })
        .returning(['id', 'username', 'first_time_login', 'password_expires_at'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('ledger_accounts')
        .values({ merchant_id: merchant.id, member_id: member.id, kind: 'member_wallet', currency: merchant.currency })
        .execute();
      return issueSession(trx, merchant, member, {
        now,
        ip,
        kind: `register_${mode}`,
        mustChangePassword: password === WEAK_PASSWORD,
        rememberMe: false,
        previousToken,
      });
    });
  } catch (err) {
    // Two registrations racing for the same name or number: the database decides.
    if (isUniqueViolation(err)) throw new WpsError(CONFLICT, ACCOUNT_MESSAGES.usernameTaken);
    throw err;
  }
}

async function defaultDial(db: Kysely<DB>, merchantId: number): Promise<string> {
  const m = await db.selectFrom('merchants').select('default_country_dialing_code').where('id', '=', merchantId).executeTakeFirstOrThrow();
  return m.default_country_dialing_code;
}

/** docs/rules/accounts.md#a-9 first login step done: clears firstTimeLogin. */
export async function firstLoginDone(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, ip: string): Promise<{ ok: true }> {
  await deps.db.updateTable('members').set({ first_time_login: false }).where('id', '=', member.memberId).execute();
  await recordAuthEvent(deps.db, { merchantId: merchant.id, memberId: member.memberId, username: member.username, kind: 'first_login_done', ip });
  return { ok: true };
}

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
      throw badRequest(ACCOUNT_MESSAGES.oldPasswordWrong, { fieldErrors: { oldPassword: { key: ACCOUNT_MESSAGES.oldPasswordWrong, params: {} } } });
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
  /** The e-mail's language (the request's; BN by default). */
  language: TLanguage = DEFAULT_LANGUAGE,
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
      ...resetLinkMessage(language, `/resetPassword?token=${token}`, RESET_LINK_TTL_MS / 60_000),
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

/** Starts authenticator setup (or its replacement): a new secret, pending until a code from it is shown. Needs a fresh step-up (docs/0068). */
export async function totpSetup(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember): Promise<{ secret: string; otpauthUrl: string }> {
  await requireStepUp(deps, member);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await deps.db.updateTable('members').set({ totp_pending_secret: secret }).where('id', '=', member.memberId).execute();
  return { secret, otpauthUrl: memberTotp(secret, member.username, merchant.name).toString() };
}

/**
 * Enables (or replaces) the authenticator when the code matches the pending secret. Needs a fresh
 * step-up, with the current authenticator's code when one is bound or the login password; the
 * member is told through the contacts bound before (docs/0068).
 */
export async function totpEnable(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, code: string, ip: string): Promise<{ ok: true }> {
  await requireStepUp(deps, member);
  const before = await boundContacts(deps, member.memberId);
  const row = await deps.db.selectFrom('members').select('totp_pending_secret').where('id', '=', member.memberId).executeTakeFirstOrThrow();
  const step = row.totp_pending_secret ? totpCounter(row.totp_pending_secret, code, deps.clock()) : null;
  if (step === null) {
    await recordAuthEvent(deps.db, { merchantId: merchant.id, memberId: member.memberId, username: member.username, kind: 'totp_enable_failed', ip });
    throw badRequest(ACCOUNT_MESSAGES.secondFactorWrong);
  }
  await deps.db
    .updateTable('members')
    .set({ totp_secret: row.totp_pending_secret, totp_pending_secret: null, totp_last_counter: step })
    .where('id', '=', member.memberId)
    .execute();
  await recordAuthEvent(deps.db, { merchantId: merchant.id, memberId: member.memberId, username: member.username, kind: 'totp_enabled', ip });
  await notifySecurityChange(deps, merchant, member.memberId, before, 'totp.enabled');
  return { ok: true };
}
