import type { Kysely, Transaction } from 'kysely';
import {
  WPS_CODES,
  WPS_MESSAGES,
  WITHDRAW_MESSAGES,
  type TBankAccount,
  type TBankAccountRequest,
  type TSecurityResponse,
  type TWithdrawPasswordRequest,
} from '@wl/schemas';
import { checkNewPassword } from '../kernel/password-rules.ts';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { fieldFailure } from '../http/errors.ts';
import { hashPassword, verifyPassword } from '../session/password.service.ts';
import { judgeCountedPassword, type TPasswordJudgement } from '../session/security.service.ts';

import { requireStepUp } from '../session/step-up.guard.ts';
import { boundContacts, notifySecurityChange } from '../verification/security-notice.service.ts';
import { recordMemberAudit } from '../audit/member-audit.ts';
import { maskAccountNumber, maskEmail, maskMobile } from '../kernel/masks.ts';

/** Holder names match when equal ignoring case and runs of white space (docs/0026). */
export function sameHolderName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

/** Wrong withdraw passwords are counted in the login throttle under their own key: never a username. */
function throttleKey(memberId: number): string {
  return `withdraw-password:${memberId}`;
}

/**
 * Judges a withdraw password like a login password (docs/0014): the attempt is reserved before the
 * comparison, so parallel guesses are all counted; at the merchant's lock threshold the member is
 * locked out of withdraw-password checks for lockMinutes. A right password clears the count. Runs
 * on the given handle: inside a caller's transaction the caller must commit a wrong answer's count
 * (answer, then throw after the commit).
 */
export async function judgeWithdrawPassword(
  db: Kysely<DB> | Transaction<DB>,
  merchant: TMerchant,
  memberId: number,
  password: string,
  now: Date,
): Promise<TPasswordJudgement> {
  const row = await db.selectFrom('members').select('withdraw_password_hash').where('id', '=', memberId).executeTakeFirstOrThrow();
  return judgeCountedPassword(db, merchant, throttleKey(memberId), row.withdraw_password_hash, password, now);
}

/** The refusal of a judgement other than ok, naming the form field. */
export function passwordRefusal(judgement: Exclude<TPasswordJudgement, { kind: 'ok' }>, field: string): WpsError {
  if (judgement.kind === 'not_set') return fieldFailure(field, WITHDRAW_MESSAGES.withdrawPasswordNotSet, {}, 409);
  if (judgement.kind === 'locked') return new WpsError(WPS_CODES.locked, WPS_MESSAGES.locked, { retryAfterSeconds: judgement.retryAfterSeconds });
  return fieldFailure(field, WITHDRAW_MESSAGES.withdrawPasswordWrong);
}

/** Judges a withdraw password outside any transaction; throws its refusal. */
export async function checkWithdrawPassword(deps: TPlatformDeps, merchant: TMerchant, memberId: number, password: string, field: string): Promise<void> {
  const judgement = await judgeWithdrawPassword(deps.db, merchant, memberId, password, deps.clock());
  if (judgement.kind !== 'ok') throw passwordRefusal(judgement, field);
}

/**
 * A holder name as the browser sees it (docs/0068): each word's first letter, the rest starred
 * ('Demo Member' → 'D*** M*****'). The full name stays on the platform (and with the operator who pays).
 */
export function maskHolderName(name: string | null): string | null {
  if (name === null) return null;
  return name
    .trim()
    .split(/\s+/)
    .map((word) => {
      const letters = Array.from(word);
      return letters.length === 0 ? '' : `${letters[0]}${'*'.repeat(Math.max(1, letters.length - 1))}`;
    })
    .join(' ');
}

/** The member's bank accounts, oldest first; holder names masked (they go to the browser). */
export async function bankAccountsOf(db: Kysely<DB>, memberId: number): Promise<TBankAccount[]> {
  const rows = await db
    .selectFrom('member_bank_accounts')
    .select(['id', 'bank_name', 'account_number', 'holder_name'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, bankName: r.bank_name, maskedNumber: maskAccountNumber(r.account_number), holderName: maskHolderName(r.holder_name)! }));
}

/** The security centre (docs/0033): what is set, the bank accounts and the latest changes. */
export async function securityCentre(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember): Promise<TSecurityResponse> {
  const db = deps.db;
  const m = await db
    .selectFrom('members')
    .innerJoin('merchants', 'merchants.id', 'members.merchant_id')
    .select(['withdraw_password_hash', 'country_dialing_code', 'mobile_num', 'email', 'bank_holder_name', 'merchants.bank_accounts_max'])
    .where('members.id', '=', member.memberId)
    .executeTakeFirstOrThrow();
  const changes = await db
    .selectFrom('member_audit')
    .select(['created_at', 'action', 'detail'])
    .where('member_id', '=', member.memberId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return {
    withdrawPasswordSet: m.withdraw_password_hash !== null,
    maskedMobile: maskMobile(m.country_dialing_code, m.mobile_num),
    maskedEmail: maskEmail(m.email),
    bankHolderName: maskHolderName(m.bank_holder_name?.trim() ? m.bank_holder_name : null),
    bankAccounts: await bankAccountsOf(db, member.memberId),
    bankAccountsMax: m.bank_accounts_max,
    recentChanges: changes.map((c) => ({ at: new Date(c.created_at).toISOString(), action: c.action, detail: c.detail })),
  };
}

/**
 * Sets the withdraw password the first time, or changes it with the old one (counted like wrong
 * login passwords). The new one follows the merchant's password rule and must differ from the
 * login password. Audited for the member.
 */
export async function setWithdrawPassword(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  req: TWithdrawPasswordRequest,
  ip: string,
): Promise<{ ok: true }> {
  await requireStepUp(deps, member);
  const db = deps.db;
  const before = await boundContacts(deps, member.memberId);
  const row = await db.selectFrom('members').select(['withdraw_password_hash', 'password_hash']).where('id', '=', member.memberId).executeTakeFirstOrThrow();
  const isChange = row.withdraw_password_hash !== null;
  if (isChange) {
    if (!req.oldPassword) throw fieldFailure('oldPassword', WITHDRAW_MESSAGES.withdrawPasswordWrong);
    await checkWithdrawPassword(deps, merchant, member.memberId, req.oldPassword, 'oldPassword');
  }
  await checkNewPassword(db, merchant.id, req.newPassword, req.confirmNewPassword);
  if (await verifyPassword(row.password_hash, req.newPassword)) throw fieldFailure('newPassword', WITHDRAW_MESSAGES.withdrawPasswordSame);
  const hash = await hashPassword(req.newPassword);
  await db.transaction().execute(async (trx) => {
    // Set only if still unset (first time) or still the hash the old password was judged against:
    // two racing first-time sets cannot both win.
    let update = trx.updateTable('members').set({ withdraw_password_hash: hash }).where('id', '=', member.memberId);
    update =
      row.withdraw_password_hash === null
        ? update.where('withdraw_password_hash', 'is', null)
        : update.where('withdraw_password_hash', '=', row.withdraw_password_hash);
    const done = await update.executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new WpsError(409, WITHDRAW_MESSAGES.withdrawPasswordWrong);
    await recordMemberAudit(trx, {
      merchantId: merchant.id,
      memberId: member.memberId,
      action: isChange ? 'withdraw_password.changed' : 'withdraw_password.set',
      ip,
    });
  });
  await notifySecurityChange(deps, merchant, member.memberId, before, isChange ? 'withdraw_password.changed' : 'withdraw_password.set');
  return { ok: true };
}

/**
 * Binds a bank account: the holder name must equal the member's (set from the first bound account
 * when empty; later accounts may leave it out and take the member's), at most
 * merchants.bank_accounts_max accounts, a number once per member. The member row is locked so
 * parallel binds count right. Needs a fresh step-up; the member is told through the contacts bound
 * before (docs/0068); the account waits the merchant's cooling-off before its first withdrawal.
 */
export async function addBankAccount(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  req: TBankAccountRequest,
  ip: string,
): Promise<TBankAccount> {
  await requireStepUp(deps, member);
  const before = await boundContacts(deps, member.memberId);
  const added = await deps.db.transaction().execute(async (trx) => {
    const m = await trx
      .selectFrom('members')
      .innerJoin('merchants', 'merchants.id', 'members.merchant_id')
      .select(['members.bank_holder_name', 'merchants.bank_accounts_max'])
      .where('members.id', '=', member.memberId)
      .forNoKeyUpdate('members')
      .executeTakeFirstOrThrow();
    const holder = m.bank_holder_name?.trim() ? m.bank_holder_name : null;
    if (holder === null && !req.holderName) throw fieldFailure('holderName', WITHDRAW_MESSAGES.holderNameMismatch);
    if (holder !== null && req.holderName !== undefined && !sameHolderName(holder, req.holderName))
      throw fieldFailure('holderName', WITHDRAW_MESSAGES.holderNameMismatch);
    const existing = await trx.selectFrom('member_bank_accounts').select(['account_number']).where('member_id', '=', member.memberId).execute();
    if (existing.some((e) => e.account_number === req.accountNumber)) throw fieldFailure('accountNumber', WITHDRAW_MESSAGES.bankAccountTaken, {}, 409);
    if (existing.length >= m.bank_accounts_max) throw fieldFailure('accountNumber', WITHDRAW_MESSAGES.bankAccountsFull, { max: m.bank_accounts_max }, 409);
    if (holder === null) await trx.updateTable('members').set({ bank_holder_name: req.holderName! }).where('id', '=', member.memberId).execute();
    const inserted = await trx
      .insertInto('member_bank_accounts')
      .values({
        member_id: member.memberId,
        bank_name: req.bankName,
        account_number: req.accountNumber,
        holder_name: holder ?? req.holderName!,
        created_at: deps.clock(),
      })
      .returning(['id', 'bank_name', 'account_number', 'holder_name'])
      .executeTakeFirstOrThrow();
    const masked = maskAccountNumber(inserted.account_number);
    await recordMemberAudit(trx, {
      merchantId: merchant.id,
      memberId: member.memberId,
      action: 'bank_account.added',
      detail: `${inserted.bank_name} ${masked}`,
      ip,
    });
    return { id: inserted.id, bankName: inserted.bank_name, maskedNumber: masked, holderName: maskHolderName(inserted.holder_name)! };
  });
  await notifySecurityChange(deps, merchant, member.memberId, before, 'bank_account.added');
  return added;
}
