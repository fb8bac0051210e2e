import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { memberLanguage } from '../kernel/member-language.ts';

/** Where the member could be reached before a change: read before the change is written. */
export type TBoundContacts = { dial: string | null; mobile: string | null; email: string | null };

/** The changes a member is told of, each with its BN and EN wording. */
const CHANGE_TEXT = {
  'mobile.bound': ['একটি মোবাইল নম্বর যুক্ত হয়েছে', 'a mobile number was bound'],
  'mobile.changed': ['মোবাইল নম্বর বদলানো হয়েছে', 'the mobile number was changed'],
  'email.bound': ['একটি ইমেইল ঠিকানা যুক্ত হয়েছে', 'an email address was bound'],
  'email.changed': ['ইমেইল ঠিকানা বদলানো হয়েছে', 'the email address was changed'],
  'withdraw_password.set': ['উত্তোলন পাসওয়ার্ড সেট করা হয়েছে', 'the withdraw password was set'],
  'withdraw_password.changed': ['উত্তোলন পাসওয়ার্ড বদলানো হয়েছে', 'the withdraw password was changed'],
  'bank_account.added': ['একটি ব্যাংক অ্যাকাউন্ট যুক্ত হয়েছে', 'a bank account was added'],
  'totp.enabled': ['একটি অথেনটিকেটর অ্যাপ চালু হয়েছে', 'an authenticator app was turned on'],
  'password.changed': ['লগইন পাসওয়ার্ড বদলানো হয়েছে', 'the login password was changed'],
} as const;

export type TSecurityChange = keyof typeof CHANGE_TEXT;

/** The member's bound contacts now (call before the change). */
export async function boundContacts(deps: TPlatformDeps, memberId: number): Promise<TBoundContacts> {
  const m = await deps.db.selectFrom('members').select(['country_dialing_code', 'mobile_num', 'email']).where('id', '=', memberId).executeTakeFirstOrThrow();
  return { dial: m.country_dialing_code, mobile: m.mobile_num, email: m.email };
}

/**
 * Tells the member of a security change (docs/0068) through the channels bound BEFORE it: a message
 * in the member's messages (BN · EN, as every platform notice), an SMS to the mobile and an email
 * to the address that were bound before the change. A thief who binds a new address first cannot
 * hide the change: the old ones hear of it. No code, link or secret is in the text. Called after
 * the change is committed; a delivery failure does not undo it.
 */
export async function notifySecurityChange(
  deps: TPlatformDeps,
  merchant: TMerchant,
  memberId: number,
  before: TBoundContacts,
  change: TSecurityChange,
): Promise<void> {
  const [bn, en] = CHANGE_TEXT[change];
  const at = deps.clock().toISOString().slice(0, 16).replace('T', ' ');
  const bnTitle = 'নিরাপত্তা পরিবর্তন';
  const enTitle = 'Security change';
  const bnBody = `${merchant.name}: আপনার অ্যাকাউন্টে ${bn} (${at} UTC)। এটি আপনি না করে থাকলে এখনই পাসওয়ার্ড বদলান এবং সাপোর্টে যোগাযোগ করুন।`;
  const enBody = `${merchant.name}: on your account ${en} (${at} UTC). If this was not you, change your password now and contact support.`;
  // The member's saved language first (docs/0115). The other stays below it: whoever changed the
  // account may have changed the language too, and the owner must still read the notice.
  const english = (await memberLanguage(deps.db, memberId)) === 'en';
  const title = english ? `${enTitle} · ${bnTitle}` : `${bnTitle} · ${enTitle}`;
  const body = english ? `${enBody}\n${bnBody}` : `${bnBody}\n${enBody}`;
  await deps.db.insertInto('member_messages').values({ member_id: memberId, title, body }).execute();
  const sends: Promise<void>[] = [];
  if (before.mobile) sends.push(deps.sms.send({ merchantId: merchant.id, to: `${before.dial ?? ''}${before.mobile}`, subject: title, body }));
  if (before.email) sends.push(deps.email.send({ merchantId: merchant.id, to: before.email, subject: title, body }));
  await Promise.all(sends);
}
