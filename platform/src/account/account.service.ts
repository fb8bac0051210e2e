import * as OTPAuth from 'otpauth';
import type { Kysely } from 'kysely';
import {
  ACCOUNT_MESSAGES,
  AGENT_TYPES,
  MEMBER_TYPE,
  REFERRAL_CODE_PATTERN,
  WEAK_PASSWORD,
  WPS_CODES,
  WPS_MESSAGES,
  ZPatternId,
  DEFAULT_LANGUAGE,
  ZRegistrationField,
  buildRegistrationSchema,
  validateField,
  smsCodeRequired,
  firstFieldErrors,
  type TFormField,
  type TLanguage,
  type TRegisterRequest,
  type TRegistrationField,
  type TSessionValue,
} from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { CONFLICT, fieldErrorsFailure, fieldFailure } from '../http/errors.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { consumeCaptcha } from '../verification/captcha.service.ts';
import { hashPassword } from '../session/password.service.ts';
import { featureEnabled, requireFeature } from '../kernel/features.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { offerSignUpBonus } from '../promo/sign-up.ts';
import { assertRegistrationAllowed } from '../kernel/closure.ts';
import { insertMemberWithWallet, memberByPhone, memberByUsername } from '../session/session.queries.ts';
import { issueSession } from '../session/issue-session.ts';
import { memberTotp, totpCounter } from '../session/totp.ts';
import { requireStepUp } from '../session/step-up.guard.ts';
import { boundContacts, notifySecurityChange } from '../verification/security-notice.service.ts';
import { checkPhone, consumeCode, type TPhone } from '../verification/verification.service.ts';
import { inviterByCode, type TInviter } from './inviter.queries.ts';
import { assertAgentDownlineAllowed } from '../kernel/agent-downline-limits.ts';
import { referrerByCode } from '../referral/referral.queries.ts';
import { recordReferral } from '../referral/referral.service.ts';
import { recordMemberAudit } from '../audit/member-audit.ts';
import { fieldRule } from '../kernel/password-rules.ts';

const badRequest = (message: string) => new WpsError(WPS_CODES.badRequest, message);

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
  /** The language the site is in: the member's saved language from now on (docs/0115). */
  language: TLanguage = DEFAULT_LANGUAGE,
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
    throw fieldFailure('mobileNum', ACCOUNT_MESSAGES.mobileTaken, {}, CONFLICT);
  }
  // The person of an open time-out or self-exclusion, of any brand, cannot open an account (docs/rules/protection.md#p-26).
  await assertRegistrationAllowed(db, { mobile: phone?.mobile ?? null, email: v.email ?? null, payee: v.payeeName ?? null });
  let username = v.username;
  if (username && (await memberByUsername(db, merchant.id, username))) {
    throw fieldFailure('username', ACCOUNT_MESSAGES.usernameTaken, {}, CONFLICT);
  }
  // The mobile tab may register without a username: the number becomes one.
  if (!username) username = `m${phone!.mobile}`;
  // The code decides the upline and, for an agent's registerCenter code, what the member becomes (docs/0051).
  let inviter: TInviter | undefined;
  if (v.affiliateCode) {
    inviter = await inviterByCode(db, merchant.id, v.affiliateCode);
    if (!inviter) {
      throw fieldFailure('affiliateCode', ACCOUNT_MESSAGES.invalidInvitationCode);
    }
  }
  const referrerId = await referrerOf(db, merchant.id, v.referralCode ?? req.values.referralCode);

  const password = v.password!;
  // The payment password asked at registration is the withdraw password (docs/0115): the same rule
  // and the same storage as the security centre's (setWithdrawPassword), never the login password.
  const paymentPassword = v.paymentPassword ? await checkedPaymentPassword(db, merchant.id, v.paymentPassword, password) : null;
  const [passwordHash, withdrawPasswordHash] = await Promise.all([hashPassword(password), paymentPassword ? hashPassword(paymentPassword) : null]);
  const now = deps.clock();
  try {
    return await db.transaction().execute(async (trx) => {
      // An agent invitation code registers an agent only within the operator's limits (docs/0064).
      if (inviter && (AGENT_TYPES as readonly number[]).includes(inviter.memberType)) await assertAgentDownlineAllowed(trx, merchant.id, inviter.agentId);
      const member = await insertMemberWithWallet(trx, merchant, {
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
        mobile_verified_at: phone && smsCodeRequired(mode, smsVerification) ? now : null,
        withdraw_password_hash: withdrawPasswordHash,
        ...optionalFieldColumns(v),
        language,
      });
      if (withdrawPasswordHash !== null) {
        await recordMemberAudit(trx, { merchantId: merchant.id, memberId: member.id, action: 'withdraw_password.set', ip });
      }
      // A player's own sign-up is offered the sign-up bonus (no code, a referral link, an agent's member
      // link); an agent's account, even through an agent link, is not a player's (docs/0100).
      if (!(AGENT_TYPES as readonly number[]).includes(inviter?.memberType ?? MEMBER_TYPE)) await offerSignUpBonus(trx, merchant, member.id, now, ip);
      if (referrerId !== null) await recordReferral(trx, merchant.id, referrerId, member.id);
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

/** The optional registration fields kept as typed (docs/0115): their columns, null when not given. */
function optionalFieldColumns(v: Partial<Record<TRegistrationField, string>>) {
  const kept = (value: string | undefined) => (value === undefined || value === '' ? null : value);
  return {
    qq_num: kept(v.qqNum),
    line_id: kept(v.line),
    whatsapp: kept(v.whatsapp),
    facebook: kept(v.facebook),
    wechat: kept(v.wechat),
    id_number: kept(v.idNumber),
    recommender_id: kept(v.recommenderId),
  };
}

/**
 * A payment password given at registration, checked as the security centre checks a new withdraw
 * password (docs/0115): the field's own rule when the merchant has one, else the password rule, and
 * never the login password (withdraw_password_same). Refusals name the paymentPassword field.
 */
async function checkedPaymentPassword(db: Kysely<DB>, merchantId: number, paymentPassword: string, loginPassword: string): Promise<string> {
  const rule = (await fieldRule(db, merchantId, 'paymentPassword')) ?? (await fieldRule(db, merchantId, 'password'));
  const error = validateField(paymentPassword, rule, { required: true });
  if (error) throw fieldFailure('paymentPassword', error.key, error.params);
  if (paymentPassword === loginPassword) throw fieldFailure('paymentPassword', ACCOUNT_MESSAGES.paymentPasswordSame);
  return paymentPassword;
}

/**
 * The member a referral code names (docs/0097), taken whether or not the form shows the field (the
 * link `/register?ref=CODE` fills it); a code that names no member is refused like an unknown
 * affiliate code, before anything is written. No code: null.
 */
async function referrerOf(db: Kysely<DB>, merchantId: number, raw: unknown): Promise<number | null> {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  const code = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  const referrer = REFERRAL_CODE_PATTERN.test(code) ? await referrerByCode(db, merchantId, code) : undefined;
  if (referrer === undefined) throw fieldFailure('referralCode', ACCOUNT_MESSAGES.invalidInvitationCode);
  return referrer;
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
