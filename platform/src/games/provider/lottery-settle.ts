import { mixedClientSeed, ROUND_MIX_TICKETS, roundMix } from '@wl/schemas/games/fair';
import { LOTTERY_SETTLE_GRACE_MS, lotteryResult, lotteryWinMinor } from '@wl/schemas/games/lottery';
import type { TPlatformDeps } from '../../http/deps.ts';
import { isExcluded } from '../../kernel/closure.ts';
import { creditPlayMoney } from './game-sessions.ts';
import { guardedMove, holdsUnfinishedBet, StateMoved } from './guarded-state.ts';
import type { TDb, TDrawRow } from './lottery-draws.ts';
import { WalletRefusal, WalletUnreachable, type TWalletClient } from './wallet-client.ts';
import { walletIds } from './wallet-moves.ts';

/**
 * The built-in lottery (docs/0041): timed shared draws, bets through the seamless wallet, settlement
 * as a job. Exactly once per draw: the draw row's state decides the result once (under its lock),
 * and every bet's money moves under its own wallet ids, so any number of settlers — two processes, a
 * retried job, the sweep, a restart after SIGKILL — pay each bet once.
 */

/** The wallet ids of a lottery bet: its own round in the wallet's eyes, like a slot round (`WLG-L<betId>`). */
export const lotteryBetIds = (betId: number) => walletIds(`WLG-L${betId}`);

/** A bet as a draw's ticket (docs/0073): `<bet id>:<bet type>:<pick or ->:<stake minor>`, public once drawn. */
export const lotteryTicket = (b: { id: number; bet_type: string; pick: string | null; stake_minor: number | string }): string =>
  `${b.id}:${b.bet_type}:${b.pick ?? '-'}:${Number(b.stake_minor)}`;

/**
 * Fixes the draw's result once its close (and grace) passed: under the row's lock, so of racing
 * settlers one draws and the others see it drawn. The result is the documented formula of the
 * committed seed; drawing again would give the same digits anyway.
 */
async function drawOnce(deps: TPlatformDeps, drawId: number): Promise<TDrawRow | null> {
  return deps.db.transaction().execute(async (trx) => {
    const draw = (await trx.selectFrom('lottery_draws').selectAll().where('id', '=', drawId).forNoKeyUpdate().executeTakeFirst()) as TDrawRow | undefined;
    if (!draw) return null;
    if (draw.state !== 'open') return draw;
    if (new Date(draw.closes_at).getTime() + LOTTERY_SETTLE_GRACE_MS > deps.clock().getTime()) return null;
    // docs/0073: mixed in are the draw's first bets (fixed after its seed was committed; no bet joins a
    // closed draw). Draws from before the chains keep their formula.
    let mix: string | null = null;
    let tickets: string[] | null = null;
    if (draw.chain_id !== null) {
      const first = await trx
        .selectFrom('lottery_bets')
        .select(['id', 'bet_type', 'pick', 'stake_minor'])
        .where('draw_id', '=', drawId)
        .orderBy('id')
        .limit(ROUND_MIX_TICKETS)
        .execute();
      tickets = first.map(lotteryTicket);
      mix = await roundMix(tickets);
    }
    const result = await lotteryResult(draw.server_seed, mix === null ? draw.client_seed : mixedClientSeed(draw.client_seed, mix));
    const drawn = await trx
      .updateTable('lottery_draws')
      .set({ state: 'drawn', result, drawn_at: deps.clock(), mix, mix_tickets: tickets === null ? null : JSON.stringify(tickets) })
      .where('id', '=', drawId)
      .where('state', '=', 'open')
      .returningAll()
      .executeTakeFirstOrThrow();
    return drawn as TDrawRow;
  });
}

/** The guarded form of setBetState (docs/0072): already in `to` is fine, any other state fails loudly (StateMoved). */
async function moveBetState(
  db: TDb,
  betId: number,
  from: 'open' | 'placed',
  to: 'placed' | 'settled' | 'refused' | 'rolled_back',
  now: Date,
  winMinor?: number,
) {
  return guardedMove(
    `lottery bet ${betId}`,
    [from],
    to,
    () =>
      db
        .updateTable('lottery_bets')
        .set({ state: to, ...(to === 'placed' ? {} : { settled_at: now }), ...(winMinor === undefined ? {} : { win_minor: winMinor }) })
        .where('id', '=', betId)
        .where('state', '=', from)
        .returning('id')
        .executeTakeFirst(),
    async () => (await db.selectFrom('lottery_bets').select('state').where('id', '=', betId).executeTakeFirst())?.state,
  );
}

/** What one settlement pass did. `left` counts bets it could not finish (the wallet away): the job retries. */
export type TSettleResult = { drawId: number; state: 'early' | 'drawn' | 'settled' | 'unknown'; paid: number; rolledBack: number; left: number };

/**
 * Settles one draw: draws it (once), then pays each bet whose stake was taken its win (0 closes a
 * loss) under the bet's win id, and rolls back each bet whose stake is in doubt (the wallet refunds
 * it or refuses its late debit). Play-money bets are paid in one transaction with their state. The
 * draw is 'settled' when no bet is left. Safe to run any number of times, concurrently or after a crash.
 * `onPaid` is told after each bet's money moved (the crash test prints it).
 */
export async function settleDraw(
  deps: TPlatformDeps,
  walletFor: (merchantId: number) => TWalletClient,
  drawId: number,
  onPaid?: (betId: number) => void,
): Promise<TSettleResult> {
  const draw = await drawOnce(deps, drawId);
  if (!draw)
    return {
      drawId,
      state: (await deps.db.selectFrom('lottery_draws').select('id').where('id', '=', drawId).executeTakeFirst()) ? 'early' : 'unknown',
      paid: 0,
      rolledBack: 0,
      left: 0,
    };
  if (draw.state === 'settled') return { drawId, state: 'settled', paid: 0, rolledBack: 0, left: 0 };
  const result = draw.result!;
  const bets = await deps.db
    .selectFrom('lottery_bets')
    .innerJoin('games', 'games.id', 'lottery_bets.game_id')
    .select([
      'lottery_bets.id',
      'lottery_bets.state',
      'lottery_bets.mode',
      'lottery_bets.member_id',
      'lottery_bets.session_id',
      'lottery_bets.bet_type',
      'lottery_bets.pick',
      'lottery_bets.stake_minor',
      'lottery_bets.payout_x100',
      'games.game_code',
    ])
    .where('lottery_bets.draw_id', '=', drawId)
    .where('lottery_bets.state', 'in', ['open', 'placed'])
    .orderBy('lottery_bets.id')
    .execute();
  const wallet = walletFor(draw.merchant_id);
  let paid = 0;
  let rolledBack = 0;
  let left = 0;
  for (const b of bets) {
    const win = lotteryWinMinor({ betType: b.bet_type, pick: b.pick, stakeMinor: Number(b.stake_minor), payoutX100: b.payout_x100 }, result);
    if (b.mode === 'fun') {
      await deps.db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('lottery_bets')
          .set({ state: 'settled', win_minor: win, settled_at: deps.clock() })
          .where('id', '=', b.id)
          .where('state', '=', 'placed')
          .returning('id')
          .executeTakeFirst();
        if (done && win > 0) await creditPlayMoney(trx, b.session_id, win);
      });
      paid++;
      onPaid?.(b.id);
      continue;
    }
    const ids = lotteryBetIds(b.id);
    const base = { playerId: String(b.member_id), roundId: ids.round, gameCode: b.game_code };
    try {
      if (b.state === 'placed' && (await isExcluded(deps.db, b.member_id!))) {
        // A ticket of a member who closed its account before its draw ran is refunded, not played (docs/rules/protection.md#p-27).
        await wallet.rollback({ ...base, transactionId: ids.rollback, refTransactionId: ids.bet });
        await moveBetState(deps.db, b.id, 'placed', 'rolled_back', deps.clock());
        rolledBack++;
      } else if (b.state === 'placed') {
        await wallet.win({ ...base, transactionId: ids.win, amountMinor: win });
        await moveBetState(deps.db, b.id, 'placed', 'settled', deps.clock(), win);
        paid++;
      } else {
        await wallet.rollback({ ...base, transactionId: ids.rollback, refTransactionId: ids.bet });
        // The bet's debit may land between the read and here: then placeLotteryBet finds it rolled back and says the draw closed.
        await moveBetState(deps.db, b.id, 'open', 'rolled_back', deps.clock());
        rolledBack++;
      }
      onPaid?.(b.id);
    } catch (err) {
      // A refused rollback: no stake of ours moved (the wallet refuses only what it does not hold).
      if (err instanceof WalletRefusal && b.state === 'open') {
        await moveBetState(deps.db, b.id, 'open', 'refused', deps.clock()).catch((moved: Error) => {
          console.error(moved.message);
          left++;
        });
      } else if (err instanceof StateMoved) {
        console.error(err.message);
        left++;
      } else if (err instanceof WalletRefusal) {
        console.error(`lottery bet ${ids.round}: the wallet refused its win (${err.messageKey})`);
        left++;
      } else if (err instanceof WalletUnreachable) left++;
      else throw err;
    }
  }
  if (left > 0) return { drawId, state: 'drawn', paid, rolledBack, left };
  // The draw is settled once no bet of it is open or placed (a bet cannot join a drawn draw).
  if (await holdsUnfinishedBet(deps.db, { table: 'lottery_bets', column: 'draw_id' }, drawId)) return { drawId, state: 'drawn', paid, rolledBack, left: 1 };
  await guardedMove(
    `lottery draw ${drawId}`,
    ['drawn'],
    'settled',
    () =>
      deps.db
        .updateTable('lottery_draws')
        .set({ state: 'settled', settled_at: deps.clock() })
        .where('id', '=', drawId)
        .where('state', '=', 'drawn')
        .returning('id')
        .executeTakeFirst(),
    async () => (await deps.db.selectFrom('lottery_draws').select('state').where('id', '=', drawId).executeTakeFirst())?.state,
  );
  return { drawId, state: 'settled', paid, rolledBack, left: 0 };
}

/** Settles every draw past its close and grace that is not settled yet (the sweep; the crash test's settlers). */
export async function settleDueDraws(
  deps: TPlatformDeps,
  walletFor: (merchantId: number) => TWalletClient,
  opts: { limit?: number; onPaid?: (betId: number) => void } = {},
): Promise<TSettleResult[]> {
  const due = await deps.db
    .selectFrom('lottery_draws')
    .select('id')
    .where('state', '<>', 'settled')
    .where('closes_at', '<=', new Date(deps.clock().getTime() - LOTTERY_SETTLE_GRACE_MS))
    .orderBy('closes_at')
    .limit(opts.limit ?? 50)
    .execute();
  const results: TSettleResult[] = [];
  for (const d of due) results.push(await settleDraw(deps, walletFor, d.id, opts.onPaid));
  return results;
}
