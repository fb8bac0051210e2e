import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import {
  SEAMLESS_MESSAGES,
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
import { inTransaction, LedgerError, transfer } from '../wallet/ledger.service.ts';
import { refundWithBonus, settleWithBonus, stakeWithBonus } from '../bonus/wagering.ts';
import type { TSeamlessProvider } from './seamless-auth.ts';
import { accountsOf, playerOf } from './seamless-known.ts';
import { stakeGateNeeded } from '../protection/effective-limits.ts';
import { assertMayStake } from '../protection/stake-gate.ts';
import { protectionNow } from '../protection/clock-seam.ts';

const refusal = (code: number, key: string, balance?: { balanceMinor: number; currency: string }) => new WpsError(code, key, balance ?? null);

/** The player of a call: the member, its cash and bonus wallets, and the provider's account its money moves to and from. */
type TPlayer = { memberId: number; wallet: number; house: number; bonus: number };

async function playerFor(deps: TPlatformDeps, provider: TSeamlessProvider, playerId: string): Promise<TPlayer> {
  const memberId = await playerOf(deps, provider, playerId);
  return { memberId, ...(await accountsOf(deps, provider, memberId)) };
}

/** What the member can stake: cash and bonus money together (docs/0095), one indexed read of two rows. */
const PLAYABLE = sql<string>`sum(balance_minor)`.as('balance_minor');

async function balanceOf(
  db: TPlatformDeps['db'] | Transaction<DB>,
  provider: TSeamlessProvider,
  player: TPlayer,
): Promise<{ balanceMinor: number; currency: string }> {
  const row = await db.selectFrom('ledger_accounts').select(PLAYABLE).where('id', 'in', [player.wallet, player.bonus]).executeTakeFirstOrThrow();
  return { balanceMinor: Number(row.balance_minor), currency: provider.merchant.currency };
}

export async function seamlessBalance(deps: TPlatformDeps, provider: TSeamlessProvider, playerId: string): Promise<TSeamlessAnswer> {
  return { ...(await balanceOf(deps.db, provider, await playerFor(deps, provider, playerId))), duplicate: false };
}

const requestHash = (kind: string, req: object) =>
  createHash('sha256')
    .update(`${kind}:${JSON.stringify(req)}`)
    .digest('hex');

/** The first request's hash under a transaction id, as a subquery (null when the id is new). */
const seenHashOf = (db: Transaction<DB>, provider: TSeamlessProvider, transactionId: string) =>
  db.selectFrom('seamless_transactions').select('request_hash').where('provider_id', '=', provider.id).where('transaction_id', '=', transactionId);

/**
 * A transaction id seen before (`seenHash`, the hash of its first request): the same request answers
 * again (duplicate, nothing moves); anything different under that id is a conflict. Null when new.
 */
async function answerSeen(
  trx: Transaction<DB>,
  provider: TSeamlessProvider,
  player: TPlayer,
  seenHash: string | null,
  hash: string,
): Promise<TSeamlessAnswer | null> {
  if (seenHash === null) return null;
  const balance = await balanceOf(trx, provider, player);
  if (seenHash !== hash) throw refusal(409, SEAMLESS_MESSAGES.conflict, balance);
  return { ...balance, duplicate: true };
}

/** answerSeen, read now: after a lock, a copy that committed meanwhile is seen. */
async function seenBefore(
  trx: Transaction<DB>,
  provider: TSeamlessProvider,
  player: TPlayer,
  transactionId: string,
  hash: string,
): Promise<TSeamlessAnswer | null> {
  const seen = await seenHashOf(trx, provider, transactionId).executeTakeFirst();
  return answerSeen(trx, provider, player, seen?.request_hash ?? null, hash);
}

type TMoveKind = 'bet' | 'win' | 'rollback';

/** Moves money between the member's wallet and the provider's account, keyed by the provider's id. */
async function move(
  trx: Transaction<DB>,
  provider: TSeamlessProvider,
  player: TPlayer,
  kind: TMoveKind,
  key: string,
  amountMinor: number,
  meta: Record<string, string>,
): Promise<number> {
  const [from, to] = kind === 'bet' ? [player.wallet, player.house] : [player.house, player.wallet];
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
 * answers the member's balance after it: one statement.
 */
async function recorded(
  trx: Transaction<DB>,
  provider: TSeamlessProvider,
  player: TPlayer,
  kind: TMoveKind,
  req: { transactionId: string; roundId: string; gameCode: string },
  row: { amountMinor: number; hash: string; ledgerId: number | null; ref?: string; settledStakeMinor?: number },
): Promise<TSeamlessAnswer> {
  const after = await trx
    .with('recorded', (db) =>
      db
        .insertInto('seamless_transactions')
        .values({
          provider_id: provider.id,
          transaction_id: req.transactionId,
          kind,
          member_id: player.memberId,
          round_id: req.roundId,
          game_code: req.gameCode,
          ref_transaction_id: row.ref ?? null,
          amount_minor: row.amountMinor,
          request_hash: row.hash,
          ledger_transaction_id: row.ledgerId,
          settled_stake_minor: row.settledStakeMinor ?? null,
        })
        .returning('id'),
    )
    .selectFrom('ledger_accounts')
    .select(PLAYABLE)
    .where('id', 'in', [player.wallet, player.bonus])
    .executeTakeFirstOrThrow();
  return { balanceMinor: Number(after.balance_minor), currency: provider.merchant.currency, duplicate: false };
}

/** A refusal of the call with the member's balance (409 unless said otherwise). */
const refusedWithBalance = async (trx: Transaction<DB>, provider: TSeamlessProvider, player: TPlayer, key: string, code = 409) =>
  refusal(code, key, await balanceOf(trx, provider, player));

/**
 * Runs a wallet call in one transaction. Two copies of one call racing both find the id new; the
 * ledger key and the unique (provider, transaction id) let only one commit, and the other runs once
 * more to answer as its duplicate. The ledger's insufficient funds becomes the provider's refusal
 * with the balance.
 */
async function walletCall(
  deps: TPlatformDeps,
  provider: TSeamlessProvider,
  player: TPlayer,
  work: (trx: Transaction<DB>) => Promise<TSeamlessAnswer>,
): Promise<TSeamlessAnswer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inTransaction(deps.db, work);
    } catch (error) {
      // A copy of the call committed after this one's snapshot (docs/0081): run again, it answers as the copy's duplicate or conflict.
      if ((isUniqueViolation(error) || (error instanceof LedgerError && error.reason === 'key_reused')) && attempt < 3) continue;
      if (error instanceof LedgerError && error.reason === 'insufficient_funds') {
        throw refusal(WPS_CODES.badRequest, SEAMLESS_MESSAGES.insufficientFunds, await balanceOf(deps.db, provider, player));
      }
      throw error;
    }
  }
}

type TSlotState = 'placed' | 'rolled_back' | 'void' | 'settled';

/**
 * Takes a bet's slot: created with `state` by whichever of the bet and its rollback comes first,
 * then locked for the rest of the transaction, so the bet, its rollback and its round's win decide
 * one after the other. One statement: a slot already there is locked by the no-op update that
 * answers its state, and the bet's id is looked up as of the statement's start (`seenHash`; a copy
 * committed while this waited for the lock is not in it: see walletCall).
 */
async function lockBetSlot(
  trx: Transaction<DB>,
  provider: TSeamlessProvider,
  betId: string,
  state: 'placed' | 'void',
  memberId: number,
): Promise<{ state: TSlotState; seenHash: string | null; bonusAward: number | null; gated: boolean }> {
  // The member's active bonus rides on the same statement (docs/0095): one indexed lookup, no round trip.
  const activeBonus = trx.selectFrom('bonus_awards').select('id').where('member_id', '=', memberId).where('state', '=', 'active');
  // So does whether a bet must pass the stake gate (docs/0104); a rollback never does.
  const gated = state === 'placed' ? stakeGateNeeded(provider.merchant.id, memberId) : sql<boolean>`false`;
  const slot = await trx
    .insertInto('seamless_bet_slots')
    .values({ provider_id: provider.id, bet_transaction_id: betId, state })
    .onConflict((oc) => oc.columns(['provider_id', 'bet_transaction_id']).doUpdateSet((eb) => ({ state: eb.ref('seamless_bet_slots.state') })))
    .returning(['state', seenHashOf(trx, provider, betId).as('seen_hash'), activeBonus.as('bonus_award'), gated.as('gated')])
    .executeTakeFirstOrThrow();
  return { state: slot.state, seenHash: slot.seen_hash, bonusAward: slot.bonus_award, gated: slot.gated };
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
  const player = await playerFor(deps, provider, req.playerId);
  const hash = requestHash('bet', req);
  return walletCall(deps, provider, player, async (trx) => {
    const slot = await lockBetSlot(trx, provider, req.transactionId, 'placed', player.memberId);
    if (slot.state !== 'placed') {
      // Read after the lock: a copy of this bet that was rolled back since answers as its duplicate.
      const again = await seenBefore(trx, provider, player, req.transactionId, hash);
      if (again) return again;
      throw await refusedWithBalance(trx, provider, player, SEAMLESS_MESSAGES.betRolledBack);
    }
    const again = await answerSeen(trx, provider, player, slot.seenHash, hash);
    if (again) return again;
    // The stake gate (docs/0104, docs/0105): only for a member with a limit, a reality check or a closed
    // account (time-out, self-exclusion) or an operator's block of its bets (docs/0106), its row locked before the ledger.
    if (slot.gated) {
      const at = { merchantId: provider.merchant.id, memberId: player.memberId, amountMinor: req.amountMinor, now: protectionNow(deps.clock) };
      await assertMayStake(trx, { ...at, balance: () => balanceOf(trx, provider, player) });
    }
    // With an active bonus: cash first, then bonus money, within the bonus's maximum stake (docs/0095).
    const withBonus =
      slot.bonusAward === null ? undefined : await stakeWithBonus(trx, provider, player, req, (key) => refusedWithBalance(trx, provider, player, key));
    const ledgerId = withBonus ?? (await move(trx, provider, player, 'bet', req.transactionId, req.amountMinor, { game: req.gameCode, round: req.roundId }));
    return recorded(trx, provider, player, 'bet', req, { amountMinor: req.amountMinor, hash, ledgerId });
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
  const player = await playerFor(deps, provider, req.playerId);
  const hash = requestHash('win', req);
  return walletCall(deps, provider, player, async (trx) => {
    // The round's bets of this member, their slots locked, and the win's id looked up, in one statement.
    const slots = await trx
      .selectFrom('seamless_bet_slots')
      .innerJoin('seamless_transactions', (join) =>
        join
          .onRef('seamless_transactions.provider_id', '=', 'seamless_bet_slots.provider_id')
          .onRef('seamless_transactions.transaction_id', '=', 'seamless_bet_slots.bet_transaction_id'),
      )
      .leftJoin('bonus_stakes', (join) =>
        join
          .onRef('bonus_stakes.provider_id', '=', 'seamless_bet_slots.provider_id')
          .onRef('bonus_stakes.bet_transaction_id', '=', 'seamless_bet_slots.bet_transaction_id'),
      )
      .select([
        'seamless_bet_slots.bet_transaction_id',
        'seamless_bet_slots.state',
        'seamless_transactions.amount_minor',
        'bonus_stakes.award_id',
        seenHashOf(trx, provider, req.transactionId).as('seen_hash'),
      ])
      .where('seamless_transactions.provider_id', '=', provider.id)
      .where('seamless_transactions.round_id', '=', req.roundId)
      .where('seamless_transactions.member_id', '=', player.memberId)
      .where('seamless_transactions.kind', '=', 'bet')
      .orderBy('seamless_bet_slots.bet_transaction_id')
      .forNoKeyUpdate('seamless_bet_slots')
      .execute();
    const placed = slots.filter((s) => s.state === 'placed').map((s) => s.bet_transaction_id);
    if (placed.length === 0 || slots.some((s) => s.state === 'settled')) {
      // Refused unless it is a copy: read after the locks, a copy of this win that committed
      // meanwhile (it settled the slots) is seen, and answers as its duplicate.
      const again = await seenBefore(trx, provider, player, req.transactionId, hash);
      if (again) return again;
      const refuse = (key: string, code?: number) => refusedWithBalance(trx, provider, player, key, code);
      if (slots.length === 0) throw await refuse(SEAMLESS_MESSAGES.betUnknown, WPS_CODES.notFound);
      if (slots.some((s) => s.state === 'settled')) throw await refuse(SEAMLESS_MESSAGES.roundSettled);
      throw await refuse(SEAMLESS_MESSAGES.betRolledBack);
    }
    // Placed bets: no win of this round committed, so the id as of the statement's start is current
    // for this round (the same id under another round, committed meanwhile, fails the record: walletCall).
    const again = await answerSeen(trx, provider, player, slots[0]!.seen_hash, hash);
    if (again) return again;
    await moveSlots(trx, provider, placed, 'placed', 'settled');
    // A round staked (partly) under a bonus splits its win and credits turnover (docs/0095).
    const underBonus = slots.some((s) => s.state === 'placed' && s.award_id !== null);
    const ledgerId = underBonus
      ? await settleWithBonus(trx, provider, player, req, placed, deps.clock())
      : req.amountMinor > 0
        ? await move(trx, provider, player, 'win', req.transactionId, req.amountMinor, { game: req.gameCode, round: req.roundId })
        : null;
    // The round's stake as settled, kept with its win: what rebates, VIP turnover and cashback read (docs/0099).
    const settledStakeMinor = slots.reduce((sum, s) => (s.state === 'placed' ? sum + Number(s.amount_minor) : sum), 0);
    return recorded(trx, provider, player, 'win', req, { amountMinor: req.amountMinor, hash, ledgerId, settledStakeMinor });
  });
}

/**
 * A rollback returns a bet's stake once. The bet's slot decides, under its row lock: 'placed' →
 * refunded ('rolled_back'); no slot yet → 'void' is written and nothing moves (the late bet will be
 * refused); a bet whose round was paid ('settled'), a win, or another member's bet is refused.
 */
export async function seamlessRollback(deps: TPlatformDeps, provider: TSeamlessProvider, req: TSeamlessRollbackRequest): Promise<TSeamlessAnswer> {
  const player = await playerFor(deps, provider, req.playerId);
  const hash = requestHash('rollback', req);
  return walletCall(deps, provider, player, async (trx) => {
    const again = await seenBefore(trx, provider, player, req.transactionId, hash);
    if (again) return again;
    // Only a bet of this member can be rolled back; a win or another player's bet cannot.
    const target = await trx
      .selectFrom('seamless_transactions')
      .select(['kind', 'member_id'])
      .where('provider_id', '=', provider.id)
      .where('transaction_id', '=', req.refTransactionId)
      .executeTakeFirst();
    if (target && (target.kind !== 'bet' || target.member_id !== player.memberId))
      throw await refusedWithBalance(trx, provider, player, SEAMLESS_MESSAGES.notRollbackable);
    const slot = await lockBetSlot(trx, provider, req.refTransactionId, 'void', player.memberId);
    if (slot.state === 'settled') throw await refusedWithBalance(trx, provider, player, SEAMLESS_MESSAGES.notRollbackable);
    let ledgerId: number | null = null;
    let amountMinor = 0;
    if (slot.state === 'placed') {
      const bet = await trx
        .selectFrom('seamless_transactions as t')
        .leftJoin('bonus_stakes as s', (join) => join.onRef('s.provider_id', '=', 't.provider_id').onRef('s.bet_transaction_id', '=', 't.transaction_id'))
        .select(['t.kind', 't.member_id', 't.amount_minor', 's.award_id', 's.cash_minor', 's.bonus_minor'])
        .where('t.provider_id', '=', provider.id)
        .where('t.transaction_id', '=', req.refTransactionId)
        .executeTakeFirst();
      // The slot is 'placed' only by a committed bet, whose row is there.
      if (!bet || bet.kind !== 'bet' || bet.member_id !== player.memberId)
        throw await refusedWithBalance(trx, provider, player, SEAMLESS_MESSAGES.notRollbackable);
      amountMinor = Number(bet.amount_minor);
      const meta = { game: req.gameCode, round: req.roundId, bet: req.refTransactionId };
      // A bet staked under a bonus: each part back where it came from (docs/0095).
      ledgerId =
        bet.award_id === null
          ? await move(trx, provider, player, 'rollback', req.refTransactionId, amountMinor, meta)
          : await refundWithBonus(
              trx,
              provider,
              player,
              { transactionId: req.refTransactionId, awardId: Number(bet.award_id), cashMinor: Number(bet.cash_minor), bonusMinor: Number(bet.bonus_minor) },
              meta,
            );
      await moveSlots(trx, provider, [req.refTransactionId], 'placed', 'rolled_back');
    } else if (slot.state === 'rolled_back') {
      // Another rollback id for a bet already refunded: recorded, nothing moves twice.
    }
    return recorded(trx, provider, player, 'rollback', req, { amountMinor, hash, ledgerId, ref: req.refTransactionId });
  });
}
