import { sql } from 'kysely';
import type { TPlatformDeps } from '../../http/deps.ts';
import { crashBetIds, CRASH_OPEN_BET_GRACE_MS, payDecided, setBetState } from './crash-bets.ts';
import { ms } from './crash-rounds.ts';
import { creditPlayMoney } from './game-sessions.ts';
import { holdsUnfinishedBet } from './guarded-state.ts';
import { isExcluded } from '../../kernel/closure.ts';
import { WalletRefusal, WalletUnreachable, type TWalletClient } from './wallet-client.ts';

/**
 * Settles a crashed round, exactly once however often it runs and wherever: bets still riding are
 * decided in one update each (an auto cash-out whose target the crash point reached wins its target,
 * the rest lose), then every decided bet is paid (the wallet's win with the bet's id; free play in
 * the bet's own transaction), and bets whose stake never got an answer are rolled back. The round is
 * marked settled once no bet is left open or placed.
 */
export async function settleCrashRound(
  deps: TPlatformDeps,
  wallet: TWalletClient,
  roundId: number,
): Promise<{ paid: number; rolledBack: number; settled: boolean }> {
  const now = deps.clock();
  const round = await deps.db
    .selectFrom('crash_rounds')
    .innerJoin('games', 'games.id', 'crash_rounds.game_id')
    .select(['crash_rounds.id', 'crash_rounds.crashes_at', 'crash_rounds.crash_x100', 'crash_rounds.settled_at', 'games.game_code'])
    .where('crash_rounds.id', '=', roundId)
    .executeTakeFirstOrThrow();
  if (now.getTime() < ms(round.crashes_at) || round.settled_at !== null) return { paid: 0, rolledBack: 0, settled: round.settled_at !== null };
  const riding = (q: ReturnType<typeof decide>) => q.where('round_id', '=', roundId).where('state', '=', 'placed').where('payout_minor', 'is', null);
  const decide = () => deps.db.updateTable('crash_bets');
  const refunds = await refundClosedRiders(deps, wallet, roundId, round.game_code, now);
  // A refund the wallet did not answer: nothing is decided now, the next settlement refunds it with the same ids.
  if (refunds.failed > 0) return { paid: 0, rolledBack: refunds.refunded, settled: false };
  let rolledBack = refunds.refunded;
  await riding(
    decide().set({ cash_out_x100: sql`auto_cash_out_x100`, payout_minor: sql`(stake_minor * auto_cash_out_x100) / 100`, decided_at: round.crashes_at }),
  )
    .where('auto_cash_out_x100', '<=', round.crash_x100)
    .execute();
  await riding(decide().set({ payout_minor: 0, decided_at: round.crashes_at })).execute();

  let paid = 0;
  const pending = await deps.db
    .selectFrom('crash_bets')
    .selectAll()
    .where('round_id', '=', roundId)
    .where('state', 'in', ['open', 'placed'])
    .orderBy('id')
    .execute();
  for (const bet of pending) {
    try {
      if (bet.state === 'placed' && bet.mode === 'fun') {
        await deps.db.transaction().execute(async (trx) => {
          const done = await trx
            .updateTable('crash_bets')
            .set({ state: 'settled', settled_at: now })
            .where('id', '=', bet.id)
            .where('state', '=', 'placed')
            .returning('payout_minor')
            .executeTakeFirst();
          if (done && Number(done.payout_minor) > 0) await creditPlayMoney(trx, bet.session_id, Number(done.payout_minor));
        });
        paid++;
      } else if (bet.state === 'placed') {
        await payDecided(deps, wallet, bet, round.game_code);
        paid++;
      } else if (now.getTime() - ms(bet.created_at) >= CRASH_OPEN_BET_GRACE_MS) {
        const ids = crashBetIds(bet.id);
        try {
          await wallet.rollback({
            playerId: String(bet.member_id),
            roundId: ids.round,
            transactionId: ids.rollback,
            gameCode: round.game_code,
            refTransactionId: ids.bet,
          });
          await setBetState(deps, bet.id, 'open', 'rolled_back', now);
          rolledBack++;
        } catch (err) {
          // A refused rollback: the wallet holds no stake of ours under this id, so nothing moved.
          if (err instanceof WalletRefusal) await setBetState(deps, bet.id, 'open', 'refused', now);
          else throw err;
        }
      }
    } catch (err) {
      // The wallet away: the next settlement (the live tick or the games sweep) tries again with the same ids.
      if (!(err instanceof WalletUnreachable)) console.error(`crash bet ${crashBetIds(bet.id).round}: ${(err as Error).message}`);
    }
  }
  const left = await holdsUnfinishedBet(deps.db, { table: 'crash_bets', column: 'round_id' }, roundId);
  if (!left) await deps.db.updateTable('crash_rounds').set({ settled_at: now }).where('id', '=', roundId).where('settled_at', 'is', null).execute();
  return { paid, rolledBack, settled: !left };
}

/**
 * A real-money bet still riding when its member closed the account (time-out, self-exclusion) is
 * refunded through the wallet under the bet's rollback id, not lost to the crash
 * (docs/rules/protection.md#p-27). Answers how many were refunded, and how many the wallet did not answer.
 */
async function refundClosedRiders(
  deps: TPlatformDeps,
  wallet: TWalletClient,
  roundId: number,
  gameCode: string,
  now: Date,
): Promise<{ refunded: number; failed: number }> {
  const riders = await deps.db
    .selectFrom('crash_bets')
    .select(['id', 'member_id'])
    .where('round_id', '=', roundId)
    .where('state', '=', 'placed')
    .where('mode', '=', 'real')
    .where('payout_minor', 'is', null)
    .execute();
  let refunded = 0;
  let failed = 0;
  for (const r of riders) {
    if (r.member_id === null || !(await isExcluded(deps.db, r.member_id))) continue;
    const ids = crashBetIds(r.id);
    try {
      await wallet.rollback({ playerId: String(r.member_id), roundId: ids.round, transactionId: ids.rollback, gameCode, refTransactionId: ids.bet });
      await setBetState(deps, r.id, 'placed', 'rolled_back', now);
      refunded++;
    } catch (err) {
      // Unreachable: tried again by the next settlement. Refused: the bet is decided as any other.
      if (err instanceof WalletUnreachable) failed++;
      else console.error(`crash bet ${ids.round}: ${(err as Error).message}`);
    }
  }
  return { refunded, failed };
}

/** Settles every crashed, unsettled round of a merchant (the games sweep; the live tick does its own game's). */
export async function settleCrashedRounds(deps: TPlatformDeps, wallet: TWalletClient, merchantId: number, gameId?: number): Promise<number> {
  let q = deps.db
    .selectFrom('crash_rounds')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('settled_at', 'is', null)
    .where('crashes_at', '<=', deps.clock())
    .orderBy('id')
    .limit(100);
  if (gameId !== undefined) q = q.where('game_id', '=', gameId);
  const rounds = await q.execute();
  for (const r of rounds) await settleCrashRound(deps, wallet, r.id);
  return rounds.length;
}
