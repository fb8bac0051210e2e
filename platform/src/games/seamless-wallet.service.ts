import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  NON_MEMBER_TYPE,
  SEAMLESS_MESSAGES,
  TRIAL_TYPE,
  WPS_CODES,
  type TSeamlessAnswer,
  type TSeamlessBetRequest,
  type TSeamlessRollbackRequest,
  type TSeamlessWinRequest,
} from '@wl/schemas';
import { isUniqueViolation } from '../db/errors.ts';
import type { DB } from '../db/schema.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { accountFor, inTransaction, LedgerError, transfer } from '../wallet/ledger.service.ts';
import type { TSeamlessProvider } from './seamless-auth.ts';

const refusal = (code: number, key: string, balance?: { balanceMinor: number; currency: string }) => new WpsError(code, key, balance ?? null);

/** The member behind a playerId: a real member of the provider's merchant (no trial, no non-member). */
async function playerOf(db: TPlatformDeps['db'] | Transaction<DB>, provider: TSeamlessProvider, playerId: string): Promise<number> {
  const member = await db
    .selectFrom('members')
    .select(['id', 'type'])
    .where('id', '=', Number(playerId))
    .where('merchant_id', '=', provider.merchant.id)
    .executeTakeFirst();
  if (!member || member.type === TRIAL_TYPE || member.type === NON_MEMBER_TYPE) throw refusal(WPS_CODES.notFound, SEAMLESS_MESSAGES.playerUnknown);
  return member.id;
}

async function balanceOf(
  db: TPlatformDeps['db'] | Transaction<DB>,
  provider: TSeamlessProvider,
  memberId: number,
): Promise<{ balanceMinor: number; currency: string }> {
  const id = await accountFor(db, provider.merchant, 'member_wallet', { memberId });
  const row = await db.selectFrom('ledger_accounts').select('balance_minor').where('id', '=', id).executeTakeFirstOrThrow();
  return { balanceMinor: Number(row.balance_minor), currency: provider.merchant.currency };
}

export async function seamlessBalance(deps: TPlatformDeps, provider: TSeamlessProvider, playerId: string): Promise<TSeamlessAnswer> {
  const memberId = await playerOf(deps.db, provider, playerId);
  return { ...(await balanceOf(deps.db, provider, memberId)), duplicate: false };
}

const requestHash = (kind: string, req: object) =>
  createHash('sha256')
    .update(`${kind}:${JSON.stringify(req)}`)
    .digest('hex');

/**
 * A transaction id seen before: the same request answers again (duplicate, nothing moves); anything
 * different under that id is a conflict. Returns null when the id is new.
 */
async function seenBefore(
  trx: Transaction<DB>,
  provider: TSeamlessProvider,
  memberId: number,
  transactionId: string,
  hash: string,
): Promise<TSeamlessAnswer | null> {
  const seen = await trx
    .selectFrom('seamless_transactions')
    .select('request_hash')
    .where('provider_id', '=', provider.id)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
  if (!seen) return null;
  const balance = await balanceOf(trx, provider, memberId);
  if (seen.request_hash !== hash) throw refusal(409, SEAMLESS_MESSAGES.conflict, balance);
  return { ...balance, duplicate: true };
}

type TMoveKind = 'bet' | 'win' | 'rollback';

/** Moves money between the member's wallet and the provider's account, keyed by the provider's id. */
async function move(
  trx: Transaction<DB>,
  provider: TSeamlessProvider,
  memberId: number,
  kind: TMoveKind,
  key: string,
  amountMinor: number,
  meta: Record<string, string>,
): Promise<number> {
  const wallet = await accountFor(trx, provider.merchant, 'member_wallet', { memberId });
  const house = await accountFor(trx, provider.merchant, 'provider', { code: provider.code });
  const [from, to] = kind === 'bet' ? [wallet, house] : [house, wallet];
  const result = await transfer(trx, {
    from,
    to,
    amountMinor,
    owner: { kind: 'provider', id: provider.id },
    idempotencyKey: `${kind}:${key}`,
    kind,
    meta: { code: provider.code, ...meta },
  });
  return result.transactionId;
}

/**
 * Records the call under its transaction id (with the ledger transaction it moved, if any) and
 * answers the member's balance after it.
 */
async function recorded(
  trx: Transaction<DB>,
  provider: TSeamlessProvider,
  memberId: number,
  kind: TMoveKind,
  req: { transactionId: string; roundId: string; gameCode: string },
  row: { amountMinor: number; hash: string; ledgerId: number | null; ref?: string },
): Promise<TSeamlessAnswer> {
  await trx
    .insertInto('seamless_transactions')
    .values({
      provider_id: provider.id,
      transaction_id: req.transactionId,
      kind,
      member_id: memberId,
      round_id: req.roundId,
      game_code: req.gameCode,
      ref_transaction_id: row.ref ?? null,
      amount_minor: row.amountMinor,
      request_hash: row.hash,
      ledger_transaction_id: row.ledgerId,
    })
    .execute();
  return { ...(await balanceOf(trx, provider, memberId)), duplicate: false };
}

/** A refusal of the call with the member's balance (409 unless said otherwise). */
const refusedWithBalance = async (trx: Transaction<DB>, provider: TSeamlessProvider, memberId: number, key: string, code = 409) =>
  refusal(code, key, await balanceOf(trx, provider, memberId));

/**
 * Runs a wallet call in one transaction. Two copies of one call racing both find the id new; the
 * ledger key and the unique (provider, transaction id) let only one commit, and the other runs once
 * more to answer as its duplicate. The ledger's insufficient funds becomes the provider's refusal
 * with the balance.
 */
async function walletCall(
  deps: TPlatformDeps,
  provider: TSeamlessProvider,
  memberId: number,
  work: (trx: Transaction<DB>) => Promise<TSeamlessAnswer>,
): Promise<TSeamlessAnswer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inTransaction(deps.db, work);
    } catch (error) {
      if (isUniqueViolation(error) && attempt < 3) continue;
      if (error instanceof LedgerError && error.reason === 'insufficient_funds') {
        throw refusal(WPS_CODES.badRequest, SEAMLESS_MESSAGES.insufficientFunds, await balanceOf(deps.db, provider, memberId));
      }
      throw error;
    }
  }
}

type TSlotState = 'placed' | 'rolled_back' | 'void' | 'settled';

/**
 * Takes a bet's slot: created with `state` by whichever of the bet and its rollback comes first,
 * then locked for the rest of the transaction, so the bet, its rollback and its round's win decide
 * one after the other.
 */
async function lockBetSlot(trx: Transaction<DB>, provider: TSeamlessProvider, betId: string, state: 'placed' | 'void'): Promise<{ state: TSlotState }> {
  await trx
    .insertInto('seamless_bet_slots')
    .values({ provider_id: provider.id, bet_transaction_id: betId, state })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return trx
    .selectFrom('seamless_bet_slots')
    .select('state')
    .where('provider_id', '=', provider.id)
    .where('bet_transaction_id', '=', betId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * Moves bet slots from one state to another, all of them or none: a slot found in any other state
 * means the caller's decision was made on a state that moved, so the transaction fails (docs/0072).
 */
async function moveSlots(trx: Transaction<DB>, provider: TSeamlessProvider, betIds: string[], from: TSlotState, to: TSlotState): Promise<void> {
  const moved = await trx
    .updateTable('seamless_bet_slots')
    .set({ state: to })
    .where('provider_id', '=', provider.id)
    .where('bet_transaction_id', 'in', betIds)
    .where('state', '=', from)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== betIds.length) throw new Error(`seamless bet slots ${betIds.join(',')}: expected ${from}, the state moved`);
}

/**
 * A bet debits the member once per transaction id. Its bet slot is taken first: if a rollback of
 * this id came before (slot 'void'), the bet is refused and nothing moves.
 */
export async function seamlessBet(deps: TPlatformDeps, provider: TSeamlessProvider, req: TSeamlessBetRequest): Promise<TSeamlessAnswer> {
  const memberId = await playerOf(deps.db, provider, req.playerId);
  const hash = requestHash('bet', req);
  return walletCall(deps, provider, memberId, async (trx) => {
    const slot = await lockBetSlot(trx, provider, req.transactionId, 'placed');
    const again = await seenBefore(trx, provider, memberId, req.transactionId, hash);
    if (again) return again;
    if (slot.state !== 'placed') throw await refusedWithBalance(trx, provider, memberId, SEAMLESS_MESSAGES.betRolledBack);
    const ledgerId = await move(trx, provider, memberId, 'bet', req.transactionId, req.amountMinor, { game: req.gameCode, round: req.roundId });
    return recorded(trx, provider, memberId, 'bet', req, { amountMinor: req.amountMinor, hash, ledgerId });
  });
}

/**
 * A win pays a round of the member once (docs/0072). Under the locks of the round's bet slots: the
 * same transaction id again answers as its duplicate; a round holding no bet of this member is
 * refused (unknown), one whose bets were all rolled back is refused, one already paid under another
 * id is refused; otherwise its placed bets become 'settled' (no later rollback, no second win) and the
 * member is credited. A win of 0 closes a lost round: recorded, settled, nothing moves.
 */
export async function seamlessWin(deps: TPlatformDeps, provider: TSeamlessProvider, req: TSeamlessWinRequest): Promise<TSeamlessAnswer> {
  const memberId = await playerOf(deps.db, provider, req.playerId);
  const hash = requestHash('win', req);
  return walletCall(deps, provider, memberId, async (trx) => {
    const bets = await trx
      .selectFrom('seamless_transactions')
      .select('transaction_id')
      .where('provider_id', '=', provider.id)
      .where('round_id', '=', req.roundId)
      .where('member_id', '=', memberId)
      .where('kind', '=', 'bet')
      .orderBy('transaction_id')
      .execute();
    const betIds = bets.map((b) => b.transaction_id);
    const slots =
      betIds.length === 0
        ? []
        : await trx
            .selectFrom('seamless_bet_slots')
            .select(['bet_transaction_id', 'state'])
            .where('provider_id', '=', provider.id)
            .where('bet_transaction_id', 'in', betIds)
            .orderBy('bet_transaction_id')
            .forUpdate()
            .execute();
    // After the locks: a copy of this win that committed meanwhile is seen, and answers as its duplicate.
    const again = await seenBefore(trx, provider, memberId, req.transactionId, hash);
    if (again) return again;
    const refuse = (key: string, code?: number) => refusedWithBalance(trx, provider, memberId, key, code);
    if (slots.length === 0) throw await refuse(SEAMLESS_MESSAGES.betUnknown, WPS_CODES.notFound);
    if (slots.some((s) => s.state === 'settled')) throw await refuse(SEAMLESS_MESSAGES.roundSettled);
    const placed = slots.filter((s) => s.state === 'placed').map((s) => s.bet_transaction_id);
    if (placed.length === 0) throw await refuse(SEAMLESS_MESSAGES.betRolledBack);
    await moveSlots(trx, provider, placed, 'placed', 'settled');
    const ledgerId =
      req.amountMinor > 0 ? await move(trx, provider, memberId, 'win', req.transactionId, req.amountMinor, { game: req.gameCode, round: req.roundId }) : null;
    return recorded(trx, provider, memberId, 'win', req, { amountMinor: req.amountMinor, hash, ledgerId });
  });
}

/**
 * A rollback returns a bet's stake once. The bet's slot decides, under its row lock: 'placed' →
 * refunded ('rolled_back'); no slot yet → 'void' is written and nothing moves (the late bet will be
 * refused); a bet whose round was paid ('settled'), a win, or another member's bet is refused.
 */
export async function seamlessRollback(deps: TPlatformDeps, provider: TSeamlessProvider, req: TSeamlessRollbackRequest): Promise<TSeamlessAnswer> {
  const memberId = await playerOf(deps.db, provider, req.playerId);
  const hash = requestHash('rollback', req);
  return walletCall(deps, provider, memberId, async (trx) => {
    const again = await seenBefore(trx, provider, memberId, req.transactionId, hash);
    if (again) return again;
    // Only a bet of this member can be rolled back; a win or another player's bet cannot.
    const target = await trx
      .selectFrom('seamless_transactions')
      .select(['kind', 'member_id'])
      .where('provider_id', '=', provider.id)
      .where('transaction_id', '=', req.refTransactionId)
      .executeTakeFirst();
    if (target && (target.kind !== 'bet' || target.member_id !== memberId))
      throw await refusedWithBalance(trx, provider, memberId, SEAMLESS_MESSAGES.notRollbackable);
    const slot = await lockBetSlot(trx, provider, req.refTransactionId, 'void');
    if (slot.state === 'settled') throw await refusedWithBalance(trx, provider, memberId, SEAMLESS_MESSAGES.notRollbackable);
    let ledgerId: number | null = null;
    let amountMinor = 0;
    if (slot.state === 'placed') {
      const bet = await trx
        .selectFrom('seamless_transactions')
        .select(['kind', 'member_id', 'amount_minor'])
        .where('provider_id', '=', provider.id)
        .where('transaction_id', '=', req.refTransactionId)
        .executeTakeFirst();
      // The slot is 'placed' only by a committed bet, whose row is there.
      if (!bet || bet.kind !== 'bet' || bet.member_id !== memberId) throw await refusedWithBalance(trx, provider, memberId, SEAMLESS_MESSAGES.notRollbackable);
      amountMinor = Number(bet.amount_minor);
      ledgerId = await move(trx, provider, memberId, 'rollback', req.refTransactionId, amountMinor, {
        game: req.gameCode,
        round: req.roundId,
        bet: req.refTransactionId,
      });
      await moveSlots(trx, provider, [req.refTransactionId], 'placed', 'rolled_back');
    } else if (slot.state === 'rolled_back') {
      // Another rollback id for a bet already refunded: recorded, nothing moves twice.
    }
    return recorded(trx, provider, memberId, 'rollback', req, { amountMinor, hash, ledgerId, ref: req.refTransactionId });
  });
}
