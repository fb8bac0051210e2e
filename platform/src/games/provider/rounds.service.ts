import { WLG_MESSAGES, WPS_CODES, type TWlgRound, type TWlgSlotSpinResponse } from '@wl/schemas';
import type { TSlotSpin } from '@wl/schemas/games/slot';
import type { TPlatformDeps } from '../../http/deps.ts';
import { checkCommitDeadline } from '../../db/call-deadline.ts';
import { WpsError } from '../../http/envelope.ts';
import type { TGameSession } from './game-sessions.ts';
import { afterAnswer } from './after-answer.ts';
import { guardedMove, StateMoved } from './guarded-state.ts';
import { commitmentAfter, drawSlotRound, type TDrawn } from './slot-draw.ts';
import { WalletRefusal, WalletUnreachable, type TWalletClient } from './wallet-client.ts';
import { gameBusy, takeStake, walletDeadline, walletIds } from './wallet-moves.ts';

/** A round still 'open' or 'placed' this long after it was drawn is finished by the recovery sweep. */
export const ROUND_RECOVERY_AFTER_MS = 30_000;

/** The wallet ids of a slot round (`WLG-<round id>`). */
export const roundIds = (roundId: number) => walletIds(`WLG-${roundId}`);

const wrongGame = () => new WpsError(WPS_CODES.badRequest, WLG_MESSAGES.wrongGame);

/** A guarded move of a round's state (docs/0072): fails loudly when the round is neither in `from` nor already in `to`. */
async function setRoundState(deps: TPlatformDeps, roundId: number, from: ('open' | 'placed')[], to: 'placed' | 'settled' | 'refused' | 'rolled_back') {
  return guardedMove(
    `slot round ${roundId}`,
    from,
    to,
    () =>
      deps.db
        .updateTable('game_rounds')
        .set({ state: to, ...(to === 'placed' ? {} : { settled_at: deps.clock() }) })
        .where('id', '=', roundId)
        .where('state', 'in', from)
        .returning('id')
        .executeTakeFirst(),
    async () => (await deps.db.selectFrom('game_rounds').select('state').where('id', '=', roundId).executeTakeFirst())?.state,
  );
}

/**
 * Real money: the bet and the win go through the seamless wallet, like any provider's. A refused bet
 * (insufficient funds, anything the wallet says no to) refuses the round and nothing moved. A bet whose
 * fate is unknown is rolled back (the wallet refunds it, or records the rollback so a late bet is
 * refused). Once the bet is taken the round is paid: a win that cannot be delivered now is left
 * 'placed' for the recovery sweep, which pays it with the same transaction id.
 *
 * Within the gateway's deadline (docs/0088): both wallet calls carry it, so the spin answers before
 * the gateway stops waiting and says what is true. A stake with no answer by then is answered busy
 * and rolled back after the answer (the wallet commits no bet past the deadline). A win with no
 * answer by then is owed and goes on after the answer: the spin answers its round 'placed', with
 * the balance it lands on (the stake's answer plus the win).
 */
async function settleWithWallet(
  deps: TPlatformDeps,
  wallet: TWalletClient,
  session: TGameSession,
  drawn: TDrawn,
): Promise<{ balanceMinor: number; state: 'placed' | 'settled' }> {
  const ids = roundIds(drawn.roundId);
  const playerId = String(session.memberId);
  const gameCode = session.game.gameCode;
  // The draw committed within the gateway's deadline; the stake is asked for only while the gateway
  // still waits, else the round is refused with nothing moved (docs/0078).
  await checkCommitDeadline(deps.db).catch(async (late: unknown) => {
    await setRoundState(deps, drawn.roundId, ['open'], 'refused');
    throw late;
  });
  const deadline = walletDeadline(deps.db);
  const staked = await takeStake(
    wallet,
    ids,
    { playerId, gameCode, amountMinor: drawn.spin.stakeMinor },
    { refused: () => setRoundState(deps, drawn.roundId, ['open'], 'refused'), rolledBack: () => setRoundState(deps, drawn.roundId, ['open'], 'rolled_back') },
    deadline,
  );
  // The stake is taken: the round turns 'placed' only from 'open'. A round the recovery sweep rolled
  // back meanwhile fails here, before its win is asked for (docs/0072).
  await setRoundState(deps, drawn.roundId, ['open'], 'placed');
  const win = { playerId, roundId: ids.round, transactionId: ids.win, gameCode, amountMinor: drawn.spin.winMinor };
  const pay = async (options = deadline) => {
    const answer = await wallet.win(win, options);
    await setRoundState(deps, drawn.roundId, ['placed'], 'settled');
    return answer.balanceMinor;
  };
  try {
    return { balanceMinor: await pay(), state: 'settled' };
  } catch (err) {
    if (!(err instanceof WalletUnreachable)) throw err;
    if (deadline.deadlineMs === undefined) throw gameBusy();
    afterAnswer(`round ${ids.round}: win`, () => pay({ deadlineMs: undefined }));
    return { balanceMinor: staked.balanceMinor + drawn.spin.winMinor, state: 'placed' };
  }
}

/** One spin of the slot: drawn fairly, paid through the wallet (or the play money), answered with the proof. */
export async function spinSlot(deps: TPlatformDeps, wallet: TWalletClient, session: TGameSession, betPerLineMinor: number): Promise<TWlgSlotSpinResponse> {
  if (session.game.engine !== 'slot') throw wrongGame();
  const drawn = await drawSlotRound(deps, session, betPerLineMinor);
  const { balanceMinor, state } =
    drawn.playBalanceMinor === null
      ? await settleWithWallet(deps, wallet, session, drawn)
      : { balanceMinor: drawn.playBalanceMinor, state: 'settled' as const };
  return {
    round: {
      roundId: String(drawn.roundId),
      stakeMinor: drawn.spin.stakeMinor,
      payoutMinor: drawn.spin.winMinor,
      state,
      serverSeedHash: drawn.serverSeedHash,
      serverSeed: null,
      clientSeed: drawn.clientSeed,
      nonce: drawn.nonce,
      outcome: drawn.spin,
      playedAt: deps.clock().toISOString(),
    },
    balanceMinor,
    fair: await commitmentAfter(deps, session, drawn),
  };
}

/**
 * The session's last rounds, newest first, each with its proof (the server seed once revealed). Only
 * rounds whose stake was taken ('placed', 'settled'): a round's outcome is drawn before its debit, and
 * a player who could read it while the debit is on its way could empty the wallet to have a losing
 * round refused (docs/0072).
 */
export async function roundsOf(deps: TPlatformDeps, session: TGameSession): Promise<{ rounds: TWlgRound[] }> {
  const rows = await deps.db
    .selectFrom('game_rounds')
    .innerJoin('game_seeds', 'game_seeds.id', 'game_rounds.seed_id')
    .select([
      'game_rounds.id',
      'game_rounds.stake_minor',
      'game_rounds.payout_minor',
      'game_rounds.state',
      'game_rounds.nonce',
      'game_rounds.outcome',
      'game_rounds.created_at',
      'game_seeds.server_seed',
      'game_seeds.server_seed_hash',
      'game_seeds.client_seed',
      'game_seeds.revealed_at',
    ])
    .where('game_rounds.session_id', '=', session.id)
    .where('game_rounds.state', 'in', ['placed', 'settled'])
    .orderBy('game_rounds.id', 'desc')
    .limit(20)
    .execute();
  return {
    rounds: rows.map((r) => ({
      roundId: String(r.id),
      stakeMinor: Number(r.stake_minor),
      payoutMinor: Number(r.payout_minor),
      state: r.state,
      serverSeedHash: r.server_seed_hash,
      serverSeed: r.revealed_at ? r.server_seed : null,
      clientSeed: r.client_seed,
      nonce: r.nonce,
      outcome: (typeof r.outcome === 'string' ? JSON.parse(r.outcome) : r.outcome) as TSlotSpin,
      playedAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/**
 * Finishes real-money rounds left behind by a failure (a crash, the wallet away): a round whose bet
 * was taken ('placed') is paid its drawn win; one whose bet's fate is unknown ('open') is rolled back.
 * Both calls reuse the round's transaction ids, so running this twice, or beside the original call,
 * moves nothing twice.
 */
export async function recoverRounds(
  deps: TPlatformDeps,
  wallet: TWalletClient,
  merchantId: number,
  limit = 200,
): Promise<{ paid: number; rolledBack: number }> {
  const stale = await deps.db
    .selectFrom('game_rounds')
    .innerJoin('games', 'games.id', 'game_rounds.game_id')
    .select(['game_rounds.id', 'game_rounds.state', 'game_rounds.member_id', 'game_rounds.payout_minor', 'games.game_code'])
    .where('game_rounds.state', 'in', ['open', 'placed'])
    .where('game_rounds.mode', '=', 'real')
    .where('game_rounds.merchant_id', '=', merchantId)
    .where('game_rounds.created_at', '<', new Date(deps.clock().getTime() - ROUND_RECOVERY_AFTER_MS))
    .orderBy('game_rounds.id')
    .limit(limit)
    .execute();
  let paid = 0;
  let rolledBack = 0;
  for (const r of stale) {
    const ids = roundIds(r.id);
    const base = { playerId: String(r.member_id), roundId: ids.round, gameCode: r.game_code };
    try {
      if (r.state === 'placed') {
        await wallet.win({ ...base, transactionId: ids.win, amountMinor: Number(r.payout_minor) });
        await setRoundState(deps, r.id, ['placed'], 'settled');
        paid++;
      } else {
        await wallet.rollback({ ...base, transactionId: ids.rollback, refTransactionId: ids.bet });
        await setRoundState(deps, r.id, ['open'], 'rolled_back');
        rolledBack++;
      }
    } catch (err) {
      // Still unreachable: the next sweep tries again. A refused rollback means no bet of ours moved
      // (the wallet refuses only players or ids it does not hold): the round is refused. A refused win
      // of a taken bet is never expected; it stays for a person to look at.
      if (err instanceof WalletRefusal && r.state === 'open')
        await setRoundState(deps, r.id, ['open'], 'refused').catch((moved: Error) => console.error(`round ${ids.round}: ${moved.message}`));
      else if (err instanceof WalletRefusal) console.error(`round ${ids.round}: the wallet refused its win (${err.messageKey})`);
      else if (err instanceof StateMoved) console.error(`round ${ids.round}: ${err.message}`);
    }
  }
  return { paid, rolledBack };
}
