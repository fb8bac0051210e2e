import {
  ACCOUNT_MESSAGES,
  CONTACT_MESSAGES,
  EMAIL_PATTERN,
  WPS_CODES,
  WPS_MESSAGES,
  type TBindCodeRequest,
  type TBindContactRequest,
  type TBindContactResponse,
  type TContactTarget,
  type TSmsSendResponse,
} from '@wl/schemas';
import { isUniqueViolation } from '../db/errors.ts';
import { sha256Hex, type TMerchant, type TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { checkPhone, consumeCode, sendCode, type TCodeTarget } from '../verification/verification.service.ts';
import { markStepUp, requireStepUp } from '../session/step-up.guard.ts';
import { fieldFailure } from '../http/errors.ts';
import { judgeCountedPassword } from '../session/security.service.ts';
import { notifySecurityChange } from '../verification/security-notice.service.ts';
import { recordMemberAudit } from '../audit/member-audit.ts';
import { maskEmail, maskMobile } from '../kernel/masks.ts';
import { memberLanguage } from '../kernel/member-language.ts';

/** A checked new address: where its code goes, and what the member row gets. */
type TNewContact =
  | { channel: 'mobile'; target: TCodeTarget; dial: string; mobile: string; field: 'mobileNum' }
  | { channel: 'email'; target: TCodeTarget; email: string; field: 'email' };

/** Codes for binding are tied to the member who asked: another member's code for the same address never fits. */
const bindScope = (memberId: number) => sha256Hex(`bind:${memberId}`);

/** Wrong login passwords given in the security centre are counted under their own key. */
const passwordKey = (memberId: number) => `account-password:${memberId}`;

async function checkContact(deps: TPlatformDeps, merchant: TMerchant, req: TContactTarget): Promise<TNewContact> {
  if (req.channel === 'mobile') {
    const phone = await checkPhone(deps, merchant, req.mobileNum, req.countryDialingCode);
    return { channel: 'mobile', target: { key: phone.key }, dial: phone.dial, mobile: phone.mobile, field: 'mobileNum' };
  }
  const email = req.email.trim();
  if (email === '') throw fieldFailure('email', CONTACT_MESSAGES.emailEnterValid);
  if (email.length < 5 || !EMAIL_PATTERN.test(email)) throw fieldFailure('email', CONTACT_MESSAGES.emailInvalid);
  return { channel: 'email', target: { key: `email:${email.toLowerCase()}`, email }, email, field: 'email' };
}

type TContactRow = { country_dialing_code: string | null; mobile_num: string | null; email: string | null; password_hash: string };

async function contactRow(deps: TPlatformDeps, memberId: number): Promise<TContactRow> {
  return deps.db
    .selectFrom('members')
    .select(['country_dialing_code', 'mobile_num', 'email', 'password_hash'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

function isBound(row: TContactRow, channel: TNewContact['channel']): boolean {
  return channel === 'mobile' ? row.mobile_num !== null : row.email !== null;
}

/** Refuses an address equal to the bound one, or a number another member of the merchant has. */
async function checkFree(deps: TPlatformDeps, merchant: TMerchant, memberId: number, row: TContactRow, c: TNewContact): Promise<void> {
  const same = c.channel === 'mobile' ? row.mobile_num === c.mobile && row.country_dialing_code === c.dial : row.email?.toLowerCase() === c.email.toLowerCase();
  if (same) throw fieldFailure(c.field, CONTACT_MESSAGES.contactUnchanged);
  if (c.channel === 'mobile') {
    const other = await deps.db
      .selectFrom('members')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('country_dialing_code', '=', c.dial)
      .where('mobile_num', '=', c.mobile)
      .where('id', '!=', memberId)
      .executeTakeFirst();
    if (other) throw fieldFailure('mobileNum', ACCOUNT_MESSAGES.mobileTaken, {}, 409);
  }
}

/**
 * Sends a code to a new mobile number (SMS) or email address (email outbox), under the same
 * per-address throttle and lock as every other code (verification.service). Nothing changes yet.
 */
export async function sendBindCode(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, req: TBindCodeRequest): Promise<TSmsSendResponse> {
  const contact = await checkContact(deps, merchant, req);
  await checkFree(deps, merchant, member.memberId, await contactRow(deps, member.memberId), contact);
  // In the member's saved language (docs/0115).
  const language = await memberLanguage(deps.db, member.memberId);
  return sendCode(deps, merchant, contact.target, 'bind', { deliver: true, challengeHash: bindScope(member.memberId), language });
}

/**
 * Binds the address with its code. Every bind needs proof of the login password (docs/0068): the
 * password in the request (judged and counted like a login, before the code is used up, so a wrong
 * password leaves the code usable; a right one steps the session up), or a fresh step-up. Replacing
 * a bound address needs one of them as before. Audited for the member with the masked address; the
 * member is told through the contacts bound before.
 */
export async function bindContact(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  req: TBindContactRequest,
  ip: string,
): Promise<TBindContactResponse> {
  const contact = await checkContact(deps, merchant, req);
  const row = await contactRow(deps, member.memberId);
  await checkFree(deps, merchant, member.memberId, row, contact);
  const replacing = isBound(row, contact.channel);
  if (req.password) {
    const judgement = await judgeCountedPassword(deps.db, merchant, passwordKey(member.memberId), row.password_hash, req.password, deps.clock());
    if (judgement.kind === 'locked') throw new WpsError(WPS_CODES.locked, WPS_MESSAGES.locked, { retryAfterSeconds: judgement.retryAfterSeconds });
    if (judgement.kind !== 'ok') throw fieldFailure('password', CONTACT_MESSAGES.passwordWrong);
    await markStepUp(deps, member);
  } else if (replacing) {
    // The form asks for the password when it replaces; without it only a fresh step-up will do.
    await requireStepUp(deps, member).catch(() => {
      throw fieldFailure('password', CONTACT_MESSAGES.passwordRequired);
    });
  } else {
    await requireStepUp(deps, member);
  }
  await consumeCode(deps, merchant, contact.target, 'bind', req.code, bindScope(member.memberId));
  const masked = contact.channel === 'mobile' ? maskMobile(contact.dial, contact.mobile)! : maskEmail(contact.email)!;
  try {
    await deps.db.transaction().execute(async (trx) => {
      // A number bound with its code is a proved mobile (the referral's condition, docs/0097).
      const set =
        contact.channel === 'mobile'
          ? { country_dialing_code: contact.dial, mobile_num: contact.mobile, mobile_verified_at: deps.clock() }
          : { email: contact.email };
      await trx.updateTable('members').set(set).where('id', '=', member.memberId).execute();
      await recordMemberAudit(trx, {
        merchantId: merchant.id,
        memberId: member.memberId,
        action: `${contact.channel}.${replacing ? 'changed' : 'bound'}`,
        detail: masked,
        ip,
      });
    });
  } catch (err) {
    // Another member took the number between the check and the write (members_mobile_idx).
    if (isUniqueViolation(err)) throw fieldFailure('mobileNum', ACCOUNT_MESSAGES.mobileTaken, {}, 409);
    throw err;
  }
  const before = { dial: row.country_dialing_code, mobile: row.mobile_num, email: row.email };
  await notifySecurityChange(deps, merchant, member.memberId, before, `${contact.channel}.${replacing ? 'changed' : 'bound'}`);
  return { channel: contact.channel, masked };
}
