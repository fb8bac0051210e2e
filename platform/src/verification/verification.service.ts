import { randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  ACCOUNT_MESSAGES,
  DEFAULT_LANGUAGE,
  SMS_THROTTLE_MS,
  TOO_MANY_REQUESTS_LOCKOUT_MS,
  WPS_CODES,
  type TLanguage,
  type TSmsSendResponse,
} from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { verificationCodeMessage } from './messages.ts';
import { sha256Hex, type TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';

/** Purposes a code is sent for; a code only works for its own purpose. */
export type TCodePurpose = 'login' | 'reset' | 'secondFactor' | 'register' | 'bind';

/** docs/rules/accounts.md#a-16: more than this many sends to one number within SMS_WINDOW_MS locks it for 5 minutes. */
export const SMS_MAX_SENDS = 5;
export const SMS_WINDOW_MS = 15 * 60 * 1000;
/** Wrong guesses a code survives before it is void. */
export const CODE_MAX_ATTEMPTS = 5;

/** A checked phone number. `key` identifies it in throttles and codes. */
export type TPhone = { dial: string; mobile: string; key: string };
/** Where a code goes: a phone number (key = dial + number) or, for email, key `email:<address>`. */
export type TCodeTarget = { key: string; email?: string };

const bad = (message: string, value: unknown = null) => new WpsError(WPS_CODES.badRequest, message, value);

/** The members holding a number (at most one per merchant), to select from: login, reset and delivery choices read it. */
export function membersWithPhone(db: Kysely<DB>, merchantId: number, phone: Pick<TPhone, 'dial' | 'mobile'>) {
  return db.selectFrom('members').where('merchant_id', '=', merchantId).where('country_dialing_code', '=', phone.dial).where('mobile_num', '=', phone.mobile);
}

/** docs/rules/accounts.md#a-16 phone messages: empty → phone_enter_valid; not 6–15 digits or an unknown country → phone_invalid_format. */
export async function checkPhone(deps: TPlatformDeps, merchant: TMerchant, mobileNum: string | undefined, dial: string | undefined): Promise<TPhone> {
  const mobile = (mobileNum ?? '').trim();
  if (mobile === '') throw bad(ACCOUNT_MESSAGES.phoneEnterValid);
  if (!/^[0-9]{6,15}$/.test(mobile)) throw bad(ACCOUNT_MESSAGES.phoneInvalidFormat);
  const code = (dial ?? '').trim();
  const country = await deps.db
    .selectFrom('countries')
    .select('country_dialing_code')
    .where('merchant_id', '=', merchant.id)
    .where('country_dialing_code', '=', code)
    .executeTakeFirst();
  if (!country) throw bad(ACCOUNT_MESSAGES.phoneInvalidFormat);
  return { dial: code, mobile, key: `${code}${mobile}` };
}

function codeHash(phoneKey: string, purpose: TCodePurpose, code: string): string {
  return sha256Hex(`sms:${phoneKey}:${purpose}:${code}`);
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

function tooMany(retryAfterMs: number): WpsError {
  return new WpsError(WPS_CODES.tooManyRequests, ACCOUNT_MESSAGES.smsTooManyRequests, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
}

/**
 * Sends a 6-digit code (docs/rules/accounts.md#a-16 SMS code): at most one send a second per number; more than
 * SMS_MAX_SENDS within 15 minutes locks the number for 5 minutes (an email target the same, by its
 * address). Earlier codes of the same purpose
 * stop working. Only the hash is stored; the code leaves only through the SmsProvider, and only
 * when `deliver` (the answer is the same either way, so numbers cannot be enumerated).
 */
export async function sendCode(
  deps: TPlatformDeps,
  merchant: TMerchant,
  phone: TCodeTarget,
  purpose: TCodePurpose,
  opts: { deliver: boolean; challengeHash?: string | null; /** The message's language (the request's; BN by default). */ language?: TLanguage },
): Promise<TSmsSendResponse> {
  const db = deps.db;
  const now = deps.clock();
  const m = await db.selectFrom('merchants').select(['sms_expired_minutes', 'name']).where('id', '=', merchant.id).executeTakeFirstOrThrow();
  const lock = await db
    .selectFrom('sms_locks')
    .select('locked_until')
    .where('merchant_id', '=', merchant.id)
    .where('phone_key', '=', phone.key)
    .executeTakeFirst();
  const lockedUntil = lock ? new Date(lock.locked_until).getTime() : 0;
  if (lockedUntil > now.getTime()) throw tooMany(lockedUntil - now.getTime());
  // Sends before a served lock no longer count: after it the number starts afresh.
  const since = new Date(Math.max(now.getTime() - SMS_WINDOW_MS, lockedUntil));
  const recent = await db
    .selectFrom('verification_codes')
    .select([sql<number>`count(*)::int`.as('sends'), sql<Date | string | null>`max(created_at)`.as('last')])
    .where('merchant_id', '=', merchant.id)
    .where('phone_key', '=', phone.key)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (recent.last !== null && now.getTime() - new Date(recent.last).getTime() < SMS_THROTTLE_MS) {
    throw new WpsError(WPS_CODES.tooManyRequests, ACCOUNT_MESSAGES.smsSendTooFast, { retryAfterSeconds: 1 });
  }
  if (recent.sends >= SMS_MAX_SENDS) {
    const until = new Date(now.getTime() + TOO_MANY_REQUESTS_LOCKOUT_MS);
    await db
      .insertInto('sms_locks')
      .values({ merchant_id: merchant.id, phone_key: phone.key, locked_until: until })
      .onConflict((oc) => oc.columns(['merchant_id', 'phone_key']).doUpdateSet({ locked_until: until }))
      .execute();
    throw tooMany(TOO_MANY_REQUESTS_LOCKOUT_MS);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + m.sms_expired_minutes * 60_000);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('verification_codes')
      .set({ used_at: now })
      .where('merchant_id', '=', merchant.id)
      .where('phone_key', '=', phone.key)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('verification_codes')
      .values({
        merchant_id: merchant.id,
        phone_key: phone.key,
        purpose,
        challenge_hash: opts.challengeHash ?? null,
        code_hash: codeHash(phone.key, purpose, code),
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
  });
  if (opts.deliver) {
    const message = {
      merchantId: merchant.id,
      to: phone.email ?? phone.key,
      purpose,
      ...verificationCodeMessage(opts.language ?? DEFAULT_LANGUAGE, m.name, code, m.sms_expired_minutes),
    };
    await (phone.email === undefined ? deps.sms.send(message) : deps.email.send(message));
  }
  return { expiredMinutes: m.sms_expired_minutes, serverTime: now.toISOString(), expiresAt: expiresAt.toISOString() };
}

/**
 * Uses up the latest code sent to a number for a purpose (and challenge). Missing →
 * verification_code_missing; used, unknown, wrong or voided after CODE_MAX_ATTEMPTS guesses →
 * verification_code_invalid; past its time → verification_code_expired. All 400.
 */
export async function consumeCode(
  deps: TPlatformDeps,
  merchant: TMerchant,
  phone: TCodeTarget,
  purpose: TCodePurpose,
  code: string | undefined,
  challengeHash: string | null = null,
): Promise<void> {
  const value = (code ?? '').trim();
  if (value === '') throw bad(ACCOUNT_MESSAGES.verificationCodeMissing);
  const now = deps.clock();
  let q = deps.db
    .selectFrom('verification_codes')
    .select(['id', 'expires_at', 'used_at'])
    .where('merchant_id', '=', merchant.id)
    .where('phone_key', '=', phone.key)
    .where('purpose', '=', purpose);
  if (challengeHash !== null) q = q.where('challenge_hash', '=', challengeHash);
  const latest = await q.orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!latest || latest.used_at !== null) throw bad(ACCOUNT_MESSAGES.verificationCodeInvalid);
  if (new Date(latest.expires_at) <= now) throw bad(ACCOUNT_MESSAGES.verificationCodeExpired);
  // The guess is counted before it is checked, in one statement: parallel guesses cannot exceed
  // CODE_MAX_ATTEMPTS, and a code out of attempts is never compared again.
  const row = await deps.db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', latest.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', CODE_MAX_ATTEMPTS)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
  if (!row) throw bad(ACCOUNT_MESSAGES.verificationCodeInvalid);
  if (!/^[0-9]{6}$/.test(value) || !sameHex(row.code_hash, codeHash(phone.key, purpose, value))) {
    throw bad(ACCOUNT_MESSAGES.verificationCodeInvalid);
  }
  const used = await deps.db
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  // Two requests racing with the same code: only one wins.
  if (!used) throw bad(ACCOUNT_MESSAGES.verificationCodeInvalid);
}
