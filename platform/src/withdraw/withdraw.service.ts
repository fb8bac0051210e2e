import { randomBytes } from 'node:crypto';
import { assertAccountAllows } from '../protection/account-state.ts';
import type { Transaction } from 'kysely';
import {
  PROOF_MAX_BYTES,
  PROOF_MAX_FILES,
  WITHDRAW_MESSAGES,
  WPS_CODES,
  sniffProofType,
  type TWithdrawConfirmRequest,
  type TWithdrawOverviewResponse,
  type TWithdrawRequest,
  type TWithdrawal,
} from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { CONFLICT, conflict, fieldFailure } from '../http/errors.ts';
import { bankAccountsOf, judgeWithdrawPassword, passwordRefusal } from '../security-centre/security-centre.service.ts';
import type { TPasswordJudgement } from '../session/security.service.ts';
import { accountFor, inTransaction, LedgerError, transfer } from '../wallet/ledger.service.ts';
import { walletBalance } from '../wallet/wallet.queries.ts';
import { merchantMoney, toWithdrawal, withProofs, withdrawalRows } from './withdraw.queries.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { checkDailyLimits, dailyCountOf, levelWithdrawLimits, usedToday } from './vip-limits.ts';
import { forfeitForWithdrawal } from '../bonus/ends.ts';
import { assertNotStopped } from '../kernel/emergency-stop.ts';

/** Queue of the confirmation window: sent when paid, runs when the window ends (docs/0029). */
export const CONFIRM_QUEUE = 'withdraw.auto-receive';

function newReference(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `W${day}${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** The withdraw page (docs/0029): limits, today's use, bank accounts, balance and the latest withdrawals. */
export async function withdrawOverview(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember): Promise<TWithdrawOverviewResponse> {
  const db = deps.db;
  const [settings, used, level, pw, bankAccounts, rows, balance] = await Promise.all([
    merchantMoney(db, merchant.id),
    usedToday(db, member.memberId, deps.clock()),
    levelWithdrawLimits(db, merchant.id, member.memberId),
    db.selectFrom('members').select('withdraw_password_hash').where('id', '=', member.memberId).executeTakeFirstOrThrow(),
    bankAccountsOf(db, member.memberId),
    withdrawalRows(db).where('w.member_id', '=', member.memberId).orderBy('w.id', 'desc').limit(50).execute(),
    walletBalance(db, member.memberId),
  ]);
  return {
    minMinor: Number(settings.withdraw_min_minor),
    maxMinor: Number(settings.withdraw_max_minor),
    dailyCount: dailyCountOf(settings.withdraw_daily_count, level),
    usedToday: used.count,
    confirmMinutes: settings.withdraw_confirm_minutes,
    withdrawPasswordSet: pw.withdraw_password_hash !== null,
    balanceMinor: Number(balance),
    currencySymbol: merchant.currency_symbol,
    bankAccounts,
    withdrawals: await withProofs(db, rows),
  };
}

/** A second send of a member key: the same request answers the first withdrawal; anything else is refused. */
async function replayOf(db: Transaction<DB> | TPlatformDeps['db'], memberId: number, req: TWithdrawRequest): Promise<TWithdrawal | null> {
  const row = await withdrawalRows(db).where('w.member_id', '=', memberId).where('w.idempotency_key', '=', req.idempotencyKey).executeTakeFirst();
  if (!row) return null;
  const original = await db.selectFrom('withdrawals').select(['bank_account_id', 'amount_minor']).where('id', '=', row.id).executeTakeFirstOrThrow();
  if (original.bank_account_id !== req.bankAccountId || Number(original.amount_minor) !== req.amountMinor) throw conflict(WITHDRAW_MESSAGES.keyReused);
  return (await withProofs(db, [row]))[0]!;
}

/**
 * Requests a withdrawal: the withdraw password (counted like login passwords), the merchant's
 * min/max and daily count, a bank account of the member's; the amount moves to the member's
 * withdrawal hold in the same transaction (ledger kind withdraw_hold). The member row is locked
 * first (the lock order of docs/0080), so parallel requests count and spend right. Exactly
 * once per member key: a replay answers the first withdrawal.
 */
export async function requestWithdrawal(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, req: TWithdrawRequest): Promise<TWithdrawal> {
  const db = deps.db;
  const now = deps.clock();
  // Parallel sends of one key queue on the member row: the first is judged and creates the
  // withdrawal, the rest find it (a replay is not a password guess). A wrong password's count is
  // committed with nothing else, then refused.
  const outcome = await inTransaction(db, async (trx): Promise<{ refused: TPasswordJudgement } | { withdrawal: TWithdrawal }> => {
    await lockMembers(trx, [member.memberId]);
    const replay = await replayOf(trx, member.memberId, req);
    if (replay) return { withdrawal: replay };
    await assertAccountAllows(trx, member.memberId, 'withdraw'); // docs/rules/protection.md#p-31
    await assertNotStopped(trx, merchant.id, 'money'); // docs/rules/operator.md#o-12
    const judgement = await judgeWithdrawPassword(trx, merchant, member.memberId, req.withdrawPassword, now);
    if (judgement.kind !== 'ok') return { refused: judgement };
    return { withdrawal: await createWithdrawal(trx, merchant, member, req, now) };
  });
  if ('refused' in outcome && outcome.refused.kind !== 'ok') throw passwordRefusal(outcome.refused, 'withdrawPassword');
  if (!('withdrawal' in outcome)) throw new Error('withdraw: no outcome');
  return outcome.withdrawal;
}

/** The withdrawal row and its hold, in the request's transaction (member row locked, password judged). */
async function createWithdrawal(trx: Transaction<DB>, merchant: TMerchant, member: TSessionMember, req: TWithdrawRequest, now: Date): Promise<TWithdrawal> {
  const bank = await trx
    .selectFrom('member_bank_accounts')
    .select(['id', 'created_at'])
    .where('id', '=', req.bankAccountId)
    .where('member_id', '=', member.memberId)
    .executeTakeFirst();
  if (!bank) throw fieldFailure('bankAccountId', 'error_not_found', {}, WPS_CODES.notFound);
  const settings = await merchantMoney(trx, merchant.id);
  // A new payout account waits the merchant's cooling-off (docs/0068): a thief who adds one with a
  // stolen session cannot cash out before the member, told through the contacts bound before, acts.
  const usableAt = new Date(bank.created_at).getTime() + settings.payout_cooling_minutes * 60_000;
  if (usableAt > now.getTime()) {
    const left = Math.ceil((usableAt - now.getTime()) / 60_000);
    throw fieldFailure('bankAccountId', WITHDRAW_MESSAGES.bankAccountCooling, { hours: Math.floor(left / 60), minutes: left % 60 }, CONFLICT);
  }
  const min = Number(settings.withdraw_min_minor);
  const max = Number(settings.withdraw_max_minor);
  if (req.amountMinor < min) throw fieldFailure('amountMinor', WITHDRAW_MESSAGES.amountBelowMin, { min });
  if (req.amountMinor > max) throw fieldFailure('amountMinor', WITHDRAW_MESSAGES.amountAboveMax, { max });
  await checkDailyLimits(trx, merchant.id, settings.withdraw_daily_count, member.memberId, req.amountMinor, now);
  const inserted = await trx
    .insertInto('withdrawals')
    .values({
      merchant_id: merchant.id,
      member_id: member.memberId,
      bank_account_id: req.bankAccountId,
      reference: newReference(now),
      amount_minor: req.amountMinor,
      idempotency_key: req.idempotencyKey,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // An active bonus is given up only when the member said so (docs/0095); else the warning, and nothing changes.
  await forfeitForWithdrawal(trx, merchant, member.memberId, req.forfeitBonus === true, now, `withdrawal:${inserted.id}`);
  const wallet = await accountFor(trx, merchant, 'member_wallet', { memberId: member.memberId });
  const hold = await accountFor(trx, merchant, 'member_withdrawal_hold', { memberId: member.memberId });
  try {
    await transfer(trx, {
      from: wallet,
      to: hold,
      amountMinor: req.amountMinor,
      owner: { kind: 'member', id: member.memberId },
      idempotencyKey: `withdraw:${req.idempotencyKey}`,
      kind: 'withdraw_hold',
      meta: { withdrawalId: inserted.id },
    });
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficient_funds')
      throw fieldFailure('amountMinor', WITHDRAW_MESSAGES.insufficientFunds, {}, CONFLICT);
    if (error instanceof LedgerError && error.reason === 'key_reused') throw conflict(WITHDRAW_MESSAGES.keyReused);
    throw error;
  }
  const row = await withdrawalRows(trx).where('w.id', '=', inserted.id).executeTakeFirstOrThrow();
  return toWithdrawal(row, []);
}

async function lockMembersWithdrawal(trx: Transaction<DB>, memberId: number, withdrawalId: number) {
  const w = await trx
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', withdrawalId)
    .where('member_id', '=', memberId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  // Another member's withdrawal is answered exactly like one that does not exist.
  if (!w) throw wpsErrors.notFound();
  return w;
}

/** Refuses an answer or a proof unless the withdrawal waits for the member's answer and the window is open. */
function assertAwaitingAnswer(w: { status: string; confirm_due_at: Date | string | null }, now: Date): void {
  if (w.status === 'auto_received') throw conflict(WITHDRAW_MESSAGES.autoReceived);
  if (w.status !== 'paid') throw conflict(WITHDRAW_MESSAGES.notAwaitingAnswer);
  if (w.confirm_due_at !== null && new Date(w.confirm_due_at).getTime() <= now.getTime()) throw conflict(WITHDRAW_MESSAGES.windowClosed);
}

/**
 * docs/rules/money.md#m-11: the member's answer after payment — received; partly received (0 < received < amount,
 * the remaining amount is then shown); not received (at least one proof uploaded first, remark
 * ≤ 140). Only while paid and inside the window; the same answer sent again answers the withdrawal.
 */
export async function confirmWithdrawal(deps: TPlatformDeps, member: TSessionMember, req: TWithdrawConfirmRequest): Promise<TWithdrawal> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const w = await lockMembersWithdrawal(trx, member.memberId, req.withdrawalId);
    const received = req.answer === 'partly_received' ? req.receivedMinor : null;
    const remark = req.answer === 'received' ? '' : (req.remark ?? '');
    const sameAnswer = w.status === req.answer && (received === null || Number(w.received_minor) === received);
    if (!sameAnswer) {
      assertAwaitingAnswer(w, now);
      if (req.answer === 'partly_received' && req.receivedMinor >= Number(w.amount_minor)) {
        throw fieldFailure('receivedMinor', WITHDRAW_MESSAGES.receivedAmountInvalid, { max: Number(w.amount_minor) - 1 });
      }
      if (req.answer === 'not_received') {
        const proofs = await trx
          .selectFrom('withdrawal_proofs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('withdrawal_id', '=', w.id)
          .executeTakeFirstOrThrow();
        if (Number(proofs.n) === 0) throw fieldFailure('proofs', WITHDRAW_MESSAGES.proofRequired);
      }
      await trx.updateTable('withdrawals').set({ status: req.answer, received_minor: received, remark, answered_at: now }).where('id', '=', w.id).execute();
    }
    return (await withProofs(trx, [await withdrawalRows(trx).where('w.id', '=', w.id).executeTakeFirstOrThrow()]))[0]!;
  });
}

/**
 * Stores one proof of a 'not received' answer (docs/rules/money.md#m-11): decoded size ≤ 5 MB checked here, type
 * sniffed from the first bytes (png or jpeg, whatever the file was called), ≤ 3 per withdrawal,
 * only while the withdrawal waits for the member's answer. The id is random (18 bytes).
 */
export async function uploadProof(deps: TPlatformDeps, member: TSessionMember, req: { withdrawalId: number; base64: string }) {
  const bytes = Buffer.from(req.base64, 'base64');
  if (bytes.length > PROOF_MAX_BYTES) throw fieldFailure('file', WITHDRAW_MESSAGES.proofTooLarge, { max: PROOF_MAX_BYTES });
  const contentType = sniffProofType(bytes);
  if (contentType === null) throw fieldFailure('file', WITHDRAW_MESSAGES.proofWrongType);
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const w = await lockMembersWithdrawal(trx, member.memberId, req.withdrawalId);
    assertAwaitingAnswer(w, now);
    const count = await trx
      .selectFrom('withdrawal_proofs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('withdrawal_id', '=', w.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= PROOF_MAX_FILES) throw fieldFailure('file', WITHDRAW_MESSAGES.proofTooMany, { max: PROOF_MAX_FILES }, CONFLICT);
    const id = randomBytes(18).toString('base64url');
    await trx
      .insertInto('withdrawal_proofs')
      .values({ id, withdrawal_id: w.id, content_type: contentType, size_bytes: bytes.length, bytes, created_at: now })
      .execute();
    return { proofId: id, contentType, sizeBytes: bytes.length };
  });
}

/** A proof file for its member (memberId) or for an operator of the merchant (memberId null); else not found. */
export async function readProof(deps: TPlatformDeps, merchantId: number, memberId: number | null, proofId: string) {
  let query = deps.db
    .selectFrom('withdrawal_proofs as p')
    .innerJoin('withdrawals as w', 'w.id', 'p.withdrawal_id')
    .select(['p.content_type', 'p.bytes'])
    .where('p.id', '=', proofId)
    .where('w.merchant_id', '=', merchantId);
  if (memberId !== null) query = query.where('w.member_id', '=', memberId);
  const row = await query.executeTakeFirst();
  if (!row) throw wpsErrors.notFound();
  return { contentType: row.content_type, base64: Buffer.from(row.bytes).toString('base64') };
}

/**
 * Turns a paid withdrawal whose window has ended into auto_received (docs/rules/money.md#m-11), in one conditional
 * statement: of a job, a retry, the sweep and a late answer, exactly one changes it. No money moves
 * (docs/0029: a forced 'received' is not refunded).
 */
export async function autoReceive(trx: Transaction<DB>, withdrawalId: number, now: Date): Promise<boolean> {
  const r = await trx
    .updateTable('withdrawals')
    .set({ status: 'auto_received', answered_at: now })
    .where('id', '=', withdrawalId)
    .where('status', '=', 'paid')
    .where('confirm_due_at', '<=', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
