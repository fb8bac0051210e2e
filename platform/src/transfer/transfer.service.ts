import {
  TRANSFER_MESSAGES,
  type TConsolidatedResponse,
  type TMerchantWalletResponse,
  type TMoneyTransferResult,
  type TUplineResponse,
  type TUplineTransferRequest,
  type TWalletRecallRequest,
  type TWalletTransferRequest,
} from '@wl/schemas';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { conflict, fieldError } from '../http/errors.ts';
import { requireFeature } from '../kernel/features.ts';
import {
  accountFor,
  inTransaction,
  LedgerError,
  ledgerKeyUsed,
  memberBalance,
  transfer,
  type TTransferArgs,
  type TTransferResult,
} from '../wallet/ledger.service.ts';
import { accountBalance } from '../wallet/wallet.queries.ts';
import { requireStepUp } from '../session/step-up.guard.ts';
import { recordMemberAudit } from '../audit/member-audit.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { assertNotExcluded } from '../protection/exclusion.ts';
import { assertDepositRoom } from '../protection/deposit-room.ts';
import { assertNotStopped } from '../kernel/emergency-stop.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** Member types that are agents (docs/rules/money.md#m-5): a member's upline must be one of them to receive a transfer. */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];

/** The ledger's refusals of a member's transfer as the member's messages; anything else is a fault. */
export function transferRefusal(error: unknown): never {
  if (error instanceof LedgerError) {
    if (error.reason === 'insufficient_funds') throw fieldError('amountMinor', TRANSFER_MESSAGES.insufficientFunds);
    if (error.reason === 'key_reused') throw conflict(TRANSFER_MESSAGES.keyReused);
    if (error.reason === 'invalid_amount') throw fieldError('amountMinor', TRANSFER_MESSAGES.amountInvalid);
  }
  throw error;
}

/** The merchant-wallet codes of a merchant: one per game vendor it runs (docs/0030). */
async function walletVendors(db: TDb, merchantId: number): Promise<{ code: string; name: string }[]> {
  const rows = await db.selectFrom('vendors').select(['vassalage', 'name']).where('merchant_id', '=', merchantId).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ code: r.vassalage, name: r.name }));
}

async function isSingle(db: TDb, merchantId: number): Promise<boolean> {
  const row = await db.selectFrom('merchants').select('merchant_wallet_single').where('id', '=', merchantId).executeTakeFirstOrThrow();
  return row.merchant_wallet_single;
}

/** GCS_merchantWallet: single or multi, the main wallet and, in multi mode, each merchant wallet's balance. */
export async function merchantWallets(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember): Promise<TMerchantWalletResponse> {
  const main = await accountFor(deps.db, merchant, 'member_wallet', { memberId: member.memberId });
  const mainMinor = await accountBalance(deps.db, main);
  if (await isSingle(deps.db, merchant.id)) return { isSingle: true, mainMinor, wallets: [] };
  const vendors = await walletVendors(deps.db, merchant.id);
  const held = await deps.db
    .selectFrom('ledger_accounts')
    .select(['code', 'balance_minor'])
    .where('member_id', '=', member.memberId)
    .where('kind', '=', 'member_merchant_wallet')
    .execute();
  const byCode = new Map(held.map((r) => [r.code, Number(r.balance_minor)]));
  return { isSingle: false, mainMinor, wallets: vendors.map((v) => ({ code: v.code, name: v.name, balanceMinor: byCode.get(v.code) ?? 0 })) };
}

/**
 * A member's money moving in the caller's transaction, keyed by the member (docs/0026) and audited
 * once: a replay of the key answers the first transfer and audits nothing.
 */
async function auditedMemberTransfer(
  trx: Transaction<DB>,
  by: { merchantId: number; memberId: number; ip: string },
  move: Omit<TTransferArgs, 'owner'>,
  audit: { action: string; detail: string },
): Promise<TTransferResult> {
  const moved = await transfer(trx, { ...move, owner: { kind: 'member', id: by.memberId } });
  if (moved.created) await recordMemberAudit(trx, { merchantId: by.merchantId, memberId: by.memberId, action: audit.action, detail: audit.detail, ip: by.ip });
  return moved;
}

/**
 * auditedMemberTransfer in a transaction of its own, with the ledger's refusals as the member's
 * messages: the member's row (and the counterparty's, in id order) locked first, then `guard`, then
 * the ledger, then the audit (the lock order of docs/0080). Answers the transaction and both accounts' balances after it.
 */
export async function memberTransfer(
  deps: TPlatformDeps,
  by: { merchantId: number; memberId: number; ip: string },
  move: Omit<TTransferArgs, 'owner'>,
  audit: { action: string; detail: string },
  guard?: (trx: Transaction<DB>) => Promise<void>,
  counterpartyId?: number,
): Promise<{ transactionId: number; fromMinor: number; toMinor: number }> {
  try {
    return await inTransaction(deps.db, async (trx) => {
      // Both members in one ordered step (docs/0080): two transfers between the same pair in
      // opposite directions queue instead of each holding one member and waiting for the other.
      await lockMembers(trx, counterpartyId === undefined ? [by.memberId] : [by.memberId, counterpartyId]);
      // The owner's emergency stop of money movement (docs/rules/operator.md#o-12): every transfer, an agent's included.
      await assertNotStopped(trx, by.merchantId, 'money');
      await guard?.(trx);
      const moved = await auditedMemberTransfer(trx, by, move, audit);
      return { transactionId: moved.transactionId, fromMinor: memberBalance(moved.fromBalanceMinor), toMinor: memberBalance(moved.toBalanceMinor) };
    });
  } catch (error) {
    transferRefusal(error);
  }
}

/**
 * One member's main wallet → another member's (transfer_upline, transfer_downline), keyed
 * `<direction>:<key>` by the sender, the counterparty and remark in the meta (what the records and
 * an agent's downline detail read), audited on the sender as `<counterparty> <amount>`.
 */
export async function mainWalletTransfer(
  deps: TPlatformDeps,
  merchant: TMerchant,
  t: { senderId: number; receiverId: number; direction: 'upline' | 'downline'; amountMinor: number; key: string; remark: string; ip: string },
  guard?: (trx: Transaction<DB>) => Promise<void>,
): Promise<{ transactionId: number; fromMinor: number; toMinor: number }> {
  const from = await accountFor(deps.db, merchant, 'member_wallet', { memberId: t.senderId });
  const to = await accountFor(deps.db, merchant, 'member_wallet', { memberId: t.receiverId });
  const kind = `transfer_${t.direction}`;
  const meta = { counterpartyMemberId: t.receiverId, remark: t.remark };
  // Neither a closed account's transfer out nor anyone's into it (docs/rules/protection.md#p-22), checked under the locks.
  const action = t.direction === 'downline' ? 'agent_transfer' : 'member_transfer';
  const idempotencyKey = `${t.direction}:${t.key}`;
  const closedGuard = async (trx: Transaction<DB>) => {
    await assertNotExcluded(trx, merchant.id, t.senderId, 'member_transfer', deps.clock());
    await assertNotExcluded(trx, merchant.id, t.receiverId, action, deps.clock());
    // Money into a downline's wallet is a deposit to it: its deposit limits hold (docs/0102); a replay
    // of a transfer they let through answers as the first one.
    if (t.direction === 'downline' && !(await ledgerKeyUsed(trx, { kind: 'member', id: t.senderId }, idempotencyKey))) {
      await assertDepositRoom(trx, { memberId: t.receiverId, amountMinor: t.amountMinor, now: deps.clock() });
    }
    await guard?.(trx);
  };
  return memberTransfer(
    deps,
    { merchantId: merchant.id, memberId: t.senderId, ip: t.ip },
    { from, to, amountMinor: t.amountMinor, idempotencyKey, kind, meta },
    { action: kind, detail: `${t.receiverId} ${t.amountMinor}` },
    closedGuard,
    t.receiverId,
  );
}

/** GCS_walletTransfer: main → a merchant wallet (`in`) or back (`out`), once per member key. */
export async function walletTransfer(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  req: TWalletTransferRequest,
  ip: string,
): Promise<TMoneyTransferResult> {
  if (await isSingle(deps.db, merchant.id)) throw conflict(TRANSFER_MESSAGES.walletSingle);
  const vendor = (await walletVendors(deps.db, merchant.id)).find((v) => v.code === req.code);
  if (!vendor) throw fieldError('code', TRANSFER_MESSAGES.walletUnknown);
  const main = await accountFor(deps.db, merchant, 'member_wallet', { memberId: member.memberId });
  const wallet = await accountFor(deps.db, merchant, 'member_merchant_wallet', { memberId: member.memberId, code: vendor.code });
  const [from, to] = req.direction === 'in' ? [main, wallet] : [wallet, main];
  const moved = await memberTransfer(
    deps,
    { merchantId: merchant.id, memberId: member.memberId, ip },
    { from, to, amountMinor: req.amountMinor, idempotencyKey: `wallet:${req.key}`, kind: `wallet_${req.direction}`, meta: { code: vendor.code } },
    { action: `wallet_transfer_${req.direction}`, detail: `${vendor.code} ${req.amountMinor}` },
    // Into a game wallet is to play: refused while closed; back out to the main wallet always works (docs/rules/protection.md#p-22).
    req.direction === 'in' ? (trx) => assertNotExcluded(trx, merchant.id, member.memberId, 'member_transfer', deps.clock()) : undefined,
  );
  return { transactionId: moved.transactionId, mainMinor: req.direction === 'in' ? moved.fromMinor : moved.toMinor };
}

/** Every merchant wallet's balance back to the main wallet ("recall all"), once per member key. */
export async function recallAll(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  req: TWalletRecallRequest,
  ip: string,
): Promise<TMerchantWalletResponse> {
  const main = await accountFor(deps.db, merchant, 'member_wallet', { memberId: member.memberId });
  await inTransaction(deps.db, async (trx) => {
    await lockMembers(trx, [member.memberId]);
    await assertNotStopped(trx, merchant.id, 'money'); // docs/rules/operator.md#o-12
    const wallets = await trx
      .selectFrom('ledger_accounts')
      .select(['id', 'code', 'balance_minor'])
      .where('member_id', '=', member.memberId)
      .where('kind', '=', 'member_merchant_wallet')
      .where('balance_minor', '>', 0)
      .orderBy('id')
      .execute();
    for (const w of wallets) {
      // One key per wallet: a resend of the same recall moves nothing twice.
      await auditedMemberTransfer(
        trx,
        { merchantId: merchant.id, memberId: member.memberId, ip },
        {
          from: w.id,
          to: main,
          amountMinor: Number(w.balance_minor),
          idempotencyKey: `recall:${req.key}:${w.code}`,
          kind: 'wallet_out',
          meta: { code: w.code },
        },
        { action: 'wallet_recall', detail: `${w.code} ${w.balance_minor}` },
      ).catch((error: unknown) => {
        // A resend after the wallet changed: the first recall already moved it.
        if (error instanceof LedgerError && error.reason === 'key_reused') return null;
        throw error;
      });
    }
  });
  return merchantWallets(deps, merchant, member);
}

/** Consolidated funds (docs/rules/money.md#m-14): only while AGENTPOLICY3 is on; trial accounts never reach here. */
export async function consolidatedFunds(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember): Promise<TConsolidatedResponse> {
  await requireFeature(deps.db, merchant.id, 'AGENTPOLICY3');
  const rows = await deps.db.selectFrom('ledger_accounts').select(['kind', 'balance_minor']).where('member_id', '=', member.memberId).execute();
  const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + Number(r.balance_minor), 0);
  const mainMinor = sum('member_wallet');
  const merchantWalletsMinor = sum('member_merchant_wallet');
  const withdrawalHoldMinor = sum('member_withdrawal_hold');
  return { totalMinor: mainMinor + merchantWalletsMinor + withdrawalHoldMinor, mainMinor, merchantWalletsMinor, withdrawalHoldMinor };
}

/** The member's upline, when it is an agent that can receive a transfer. */
async function uplineAgent(db: TDb, merchantId: number, memberId: number): Promise<{ id: number; nickname: string } | null> {
  const row = await db
    .selectFrom('members as m')
    .innerJoin('members as u', 'u.id', 'm.upline_id')
    .select(['u.id', 'u.nickname', 'u.type'])
    .where('m.id', '=', memberId)
    .where('u.merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row || !AGENT_TYPES.includes(row.type)) return null;
  return { id: row.id, nickname: row.nickname };
}

/** transferUpline page: the member's upline agent (nickname only), the main balance and recent transfers. */
export async function uplineOverview(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember): Promise<TUplineResponse> {
  const upline = await uplineAgent(deps.db, merchant.id, member.memberId);
  const main = await accountFor(deps.db, merchant, 'member_wallet', { memberId: member.memberId });
  const recent = await deps.db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_entries as e', 'e.transaction_id', 't.id')
    .select(['t.id', 'e.amount_minor', 't.meta', 't.created_at'])
    .where('e.account_id', '=', main)
    .where('t.kind', '=', 'transfer_upline')
    .where('e.amount_minor', '<', 0)
    .orderBy('t.id', 'desc')
    .limit(20)
    .execute();
  return {
    upline: upline ? { nickname: upline.nickname } : null,
    mainMinor: await accountBalance(deps.db, main),
    recent: recent.map((r) => ({
      id: Number(r.id),
      amountMinor: -Number(r.amount_minor),
      remark: String((r.meta as Record<string, unknown> | null)?.remark ?? ''),
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/** transferUpline: the member's main wallet → its own upline agent's main wallet; no other target exists. Needs a fresh step-up. */
export async function transferToUpline(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  req: TUplineTransferRequest,
  ip: string,
): Promise<TMoneyTransferResult> {
  // Money leaving the member to another account: a stolen session alone cannot send it (docs/0068).
  await requireStepUp(deps, member);
  const upline = await uplineAgent(deps.db, merchant.id, member.memberId);
  if (!upline) throw new WpsError(409, TRANSFER_MESSAGES.noUpline);
  const t = {
    senderId: member.memberId,
    receiverId: upline.id,
    direction: 'upline',
    amountMinor: req.amountMinor,
    key: req.key,
    remark: req.remark,
    ip,
  } as const;
  const moved = await mainWalletTransfer(deps, merchant, t);
  return { transactionId: moved.transactionId, mainMinor: moved.fromMinor };
}
