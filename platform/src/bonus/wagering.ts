import type { Transaction } from 'kysely';
import { BONUS_WAGER_MESSAGES, type TTurnoverWeights } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { accountFor, transfer } from '../wallet/ledger.service.ts';
import { endBonus } from './ends.ts';

/*
 * Wagering with bonus money in the seamless wallet (docs/0095), so every game obeys it alike. Only a
 * member whose bet found an active bonus comes here (the bet's slot statement looks it up): the
 * member is locked (docs/0080), the stake takes cash first and the rest from the bonus wallet, and
 * the split is kept per bet (bonus_stakes). The round's win, its rollback and its turnover follow
 * the split; the turnover that meets the requirement converts the bonus in the same transaction.
 */

/** A seamless provider and the player's accounts, as the wallet knows them. */
export type TBonusProvider = { id: number; code: string; merchant: { id: number; currency: string } };
export type TBonusPlayer = { memberId: number; wallet: number; house: number; bonus: number };
type TCall = { transactionId: string; roundId: string; gameCode: string; amountMinor: number };

/** Where money of a bet placed under `state`'s bonus goes back to: the bonus wallet while it runs, cash once converted, else the merchant. */
async function bonusHome(trx: Transaction<DB>, provider: TBonusProvider, player: TBonusPlayer, state: string | null): Promise<number> {
  if (state === 'active') return player.bonus;
  if (state === 'converted') return player.wallet;
  return accountFor(trx, provider.merchant, 'bonus_expense');
}

/** One provider-owned move keyed by the provider's id (the seamless wallet's keys, docs/0072). */
async function providerMove(
  trx: Transaction<DB>,
  provider: TBonusProvider,
  from: number,
  to: number,
  amountMinor: number,
  key: string,
  kind: string,
  meta: Record<string, string>,
) {
  if (amountMinor <= 0 || from === to) return null;
  const moved = await transfer(trx, {
    from,
    to,
    amountMinor,
    owner: { kind: 'provider', id: provider.id },
    idempotencyKey: key,
    kind,
    meta: { code: provider.code, ...meta },
  });
  return moved.transactionId;
}

/**
 * A bet of a member whose slot statement saw an active bonus: refused (nothing moves) above the
 * bonus's maximum stake; else the stake is taken from cash first, then from the bonus wallet, and
 * the split recorded. Answers the ledger transaction to record with the call, or undefined when the
 * bonus ended meanwhile (the caller takes the stake from cash as without a bonus).
 */
export async function stakeWithBonus(
  trx: Transaction<DB>,
  provider: TBonusProvider,
  player: TBonusPlayer,
  req: TCall,
  refuse: (key: string) => Promise<Error>,
): Promise<number | undefined> {
  await lockMembers(trx, [player.memberId], provider.merchant.id);
  // Read after the lock, in one statement: the bonus still active (an end locks the member too) and the cash.
  const now = await trx
    .selectFrom('ledger_accounts as w')
    .leftJoin('bonus_awards as a', (join) => join.on('a.member_id', '=', player.memberId).on('a.state', '=', 'active'))
    .select(['w.balance_minor', 'a.id as award_id', 'a.max_stake_minor'])
    .where('w.id', '=', player.wallet)
    .executeTakeFirstOrThrow();
  if (now.award_id === null) return undefined;
  if (now.max_stake_minor !== null && req.amountMinor > Number(now.max_stake_minor)) throw await refuse(BONUS_WAGER_MESSAGES.maxStake);
  const cashMinor = Math.min(Math.max(Number(now.balance_minor), 0), req.amountMinor);
  const bonusMinor = req.amountMinor - cashMinor;
  const meta = { game: req.gameCode, round: req.roundId };
  const cashId = await providerMove(trx, provider, player.wallet, player.house, cashMinor, `bet:${req.transactionId}`, 'bet', meta);
  const bonusId = await providerMove(trx, provider, player.bonus, player.house, bonusMinor, `bet-bonus:${req.transactionId}`, 'bet_bonus', meta);
  await trx
    .insertInto('bonus_stakes')
    .values({
      provider_id: provider.id,
      bet_transaction_id: req.transactionId,
      award_id: now.award_id,
      member_id: player.memberId,
      stake_minor: req.amountMinor,
      cash_minor: cashMinor,
      bonus_minor: bonusMinor,
      game_code: req.gameCode,
    })
    .execute();
  return (cashId ?? bonusId)!;
}

/** Valid amount of a bet (least(stake, |payout − stake|), as VALID_BET in rewards) × weight %, rounded down. */
export const turnoverOf = (stakeMinor: number, payoutMinor: number, weightPercent: number) =>
  Math.floor((Math.min(stakeMinor, Math.abs(payoutMinor - stakeMinor)) * weightPercent) / 100);

/**
 * Pays a round some of whose settled bets were placed under a bonus (its slots just settled, under
 * their locks). Each bonus's share of the win (its bonus stakes ÷ the round's stakes, rounded down)
 * goes where that bonus's money goes now (bonusHome), the rest to cash. Each bet under a bonus still
 * active credits it turnover once (its row's settled_at), and a bonus whose turnover is met converts.
 * Answers the ledger transaction to record with the win (cash first), if any moved.
 */
export async function settleWithBonus(
  trx: Transaction<DB>,
  provider: TBonusProvider,
  player: TBonusPlayer,
  req: TCall,
  betIds: string[],
  now: Date,
): Promise<number | null> {
  await lockMembers(trx, [player.memberId], provider.merchant.id);
  const bets = await trx
    .selectFrom('seamless_transactions as t')
    .leftJoin('bonus_stakes as s', (join) => join.onRef('s.provider_id', '=', 't.provider_id').onRef('s.bet_transaction_id', '=', 't.transaction_id'))
    .leftJoin('bonus_awards as a', 'a.id', 's.award_id')
    .select(['t.transaction_id', 't.amount_minor', 's.award_id', 's.bonus_minor', 'a.state', 'a.weights'])
    .select((eb) =>
      eb.selectFrom('games').select('game_type').where('merchant_id', '=', provider.merchant.id).where('game_code', '=', req.gameCode).limit(1).as('game_type'),
    )
    .where('t.provider_id', '=', provider.id)
    .where('t.transaction_id', 'in', betIds)
    .orderBy('t.transaction_id')
    .execute();
  const total = bets.reduce((sum, b) => sum + Number(b.amount_minor), 0);
  const win = req.amountMinor;
  // Each award's share of the win, sent where its money goes now.
  const shares = new Map<number, { home: number; minor: number }>();
  for (const b of bets) {
    if (b.award_id === null || shares.has(Number(b.award_id))) continue;
    const bonusStaked = bets.filter((o) => o.award_id === b.award_id).reduce((sum, o) => sum + Number(o.bonus_minor), 0);
    shares.set(Number(b.award_id), { home: await bonusHome(trx, provider, player, b.state), minor: Math.floor((win * bonusStaked) / total) });
  }
  const byHome = new Map<number, number>();
  for (const s of shares.values()) byHome.set(s.home, (byHome.get(s.home) ?? 0) + s.minor);
  const cashMinor = win - [...byHome.entries()].filter(([home]) => home !== player.wallet).reduce((sum, [, m]) => sum + m, 0);
  const meta = { game: req.gameCode, round: req.roundId };
  const cashId = await providerMove(trx, provider, player.house, player.wallet, cashMinor, `win:${req.transactionId}`, 'win', meta);
  let firstId = cashId;
  for (const [home, minor] of byHome) {
    if (home === player.wallet) continue;
    const kind = home === player.bonus ? 'win_bonus' : 'win_bonus_ended';
    const id = await providerMove(
      trx,
      provider,
      player.house,
      home,
      minor,
      `${kind === 'win_bonus' ? 'win-bonus' : 'win-ended'}:${req.transactionId}`,
      kind,
      meta,
    );
    firstId ??= id;
  }
  await creditTurnover(trx, provider, player, req, bets, total, now);
  return firstId;
}

/** Credits each bet under an active bonus its turnover, once; converts a bonus whose turnover is met. */
async function creditTurnover(
  trx: Transaction<DB>,
  provider: TBonusProvider,
  player: TBonusPlayer,
  req: TCall,
  bets: {
    transaction_id: string;
    amount_minor: number;
    award_id: number | null;
    state: string | null;
    weights: TTurnoverWeights | null;
    game_type: string | null;
  }[],
  total: number,
  now: Date,
): Promise<void> {
  const credited = new Map<number, number>();
  let paidOut = 0;
  for (const [i, b] of bets.entries()) {
    // Each bet's part of the win by its stake; the rounding's remainder to the last.
    const payout = i === bets.length - 1 ? req.amountMinor - paidOut : Math.floor((req.amountMinor * Number(b.amount_minor)) / total);
    paidOut += payout;
    if (b.award_id === null) continue;
    const weight = b.state === 'active' && b.game_type !== null ? ((b.weights as Record<string, number> | null)?.[b.game_type] ?? 0) : 0;
    const credit = turnoverOf(Number(b.amount_minor), payout, weight);
    const settled = await trx
      .updateTable('bonus_stakes')
      .set({ turnover_minor: credit, settled_at: now })
      .where('provider_id', '=', provider.id)
      .where('bet_transaction_id', '=', b.transaction_id)
      .where('settled_at', 'is', null)
      .executeTakeFirst();
    if (Number(settled.numUpdatedRows) === 1 && credit > 0) credited.set(Number(b.award_id), (credited.get(Number(b.award_id)) ?? 0) + credit);
  }
  for (const [awardId, credit] of credited) {
    const award = await trx
      .updateTable('bonus_awards')
      .set((eb) => ({ turnover_done_minor: eb('turnover_done_minor', '+', credit) }))
      .where('id', '=', awardId)
      .where('state', '=', 'active')
      .returning(['turnover_done_minor', 'turnover_required_minor'])
      .executeTakeFirst();
    if (award && Number(award.turnover_done_minor) >= Number(award.turnover_required_minor))
      await endBonus(trx, provider.merchant, player.memberId, awardId, 'converted', now, 'system');
  }
}

/**
 * Refunds a bet placed under a bonus: its cash part to cash, its bonus part where that bonus's money
 * goes now (bonusHome). Answers the ledger transaction to record with the rollback (cash first).
 */
export async function refundWithBonus(
  trx: Transaction<DB>,
  provider: TBonusProvider,
  player: TBonusPlayer,
  bet: { transactionId: string; cashMinor: number; bonusMinor: number; awardId: number },
  meta: Record<string, string>,
): Promise<number | null> {
  await lockMembers(trx, [player.memberId], provider.merchant.id);
  const award = await trx.selectFrom('bonus_awards').select('state').where('id', '=', bet.awardId).executeTakeFirstOrThrow();
  const home = await bonusHome(trx, provider, player, award.state);
  const cashId = await providerMove(trx, provider, player.house, player.wallet, bet.cashMinor, `rollback:${bet.transactionId}`, 'rollback', meta);
  const bonusId = await providerMove(trx, provider, player.house, home, bet.bonusMinor, `rollback-bonus:${bet.transactionId}`, 'rollback_bonus', meta);
  return cashId ?? bonusId;
}
