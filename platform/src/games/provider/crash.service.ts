import { WLG_CRASH_MESSAGES, WLG_MESSAGES, WPS_CODES, type TWlgCrashBetRequest, type TWlgCrashBetResponse, type TWlgCrashMineResponse } from '@wl/schemas';
import { crashPayoutMinor, multiplierX100At } from '@wl/schemas/games/crash';
import type { TPlatformDeps } from '../../http/deps.ts';
import { WpsError } from '../../http/envelope.ts';
import { betView, crashBetIds, payDecided, setBetState, type TCrashBetRow } from './crash-bets.ts';
import { currentRound, ms, phaseOf } from './crash-rounds.ts';
import { creditPlayMoney, newBetStake, playedBy, type TGameSession } from './game-sessions.ts';
import { StateMoved } from './guarded-state.ts';
import { WalletUnreachable, type TWalletClient } from './wallet-client.ts';
import { gameBusy, takeStake, walletDeadline } from './wallet-moves.ts';

/*
 * The built-in crash game (docs/0042). Rounds are shared by every player of a game
 * and follow a timeline fixed when the round is created (betting, flight, pause); the round row is the
 * only truth, so every process agrees without a leader. Bets and cash-outs are decided with the
 * server's clock (deps.clock) and paid through the seamless wallet like the slot's rounds.
 *
 * crash-rounds.ts makes the rounds and their live state, crash-bets.ts moves a bet's state and pays
 * it, crash-settle.ts settles crashed rounds; here the player's calls: bet, cash out, my bets.
 */

const refused = (key: string) => new WpsError(WPS_CODES.badRequest, key);

/**
 * A bet on the round taking bets now. Free play pays the stake from the session's play money in the
 * same transaction; real money leaves the bet 'open' for the wallet (ids WLG-C<bet id>), then
 * 'placed' once the stake is taken, 'refused' when the wallet says no, rolled back when its answer
 * is lost. One bet per session and round.
 */
export async function placeCrashBet(
  deps: TPlatformDeps,
  wallet: TWalletClient,
  session: TGameSession,
  input: Omit<TWlgCrashBetRequest, 'token'>,
): Promise<TWlgCrashBetResponse> {
  if (session.game.engine !== 'crash') throw new WpsError(WPS_CODES.badRequest, WLG_MESSAGES.wrongGame);
  const now = deps.clock();
  const round = await currentRound(deps, session.merchantId, { id: session.game.id, gameCode: session.game.gameCode }, now);
  if (phaseOf(round, now) !== 'betting') throw refused(WLG_CRASH_MESSAGES.bettingClosed);
  const placed = await deps.db.transaction().execute(async (trx) => {
    const stake = await newBetStake(trx, session, input.stakeMinor);
    const bet = await trx
      .insertInto('crash_bets')
      .values({
        ...playedBy(session),
        round_id: round.id,
        stake_minor: input.stakeMinor,
        auto_cash_out_x100: input.autoCashOutX100 ?? null,
        state: stake.state,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['round_id', 'session_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    // Rolls the play money back too.
    if (!bet) throw refused(WLG_CRASH_MESSAGES.alreadyBet);
    return { bet, playBalanceMinor: stake.playBalanceMinor };
  });
  if (placed.playBalanceMinor !== null) return { bet: betView(placed.bet, round.round_no), balanceMinor: placed.playBalanceMinor };

  const ids = crashBetIds(placed.bet.id);
  const answer = await takeStake(
    wallet,
    ids,
    { playerId: String(session.memberId), gameCode: session.game.gameCode, amountMinor: input.stakeMinor },
    { refused: () => setBetState(deps, placed.bet.id, 'open', 'refused'), rolledBack: () => setBetState(deps, placed.bet.id, 'open', 'rolled_back') },
    // Within the gateway's deadline (docs/0088): no answer by then is busy, and the stake is rolled back after it.
    walletDeadline(deps.db),
  );
  try {
    await setBetState(deps, placed.bet.id, 'open', 'placed');
  } catch (err) {
    // The settlement rolled the bet back while its debit was on the way: the stake is returned, betting closed.
    if (err instanceof StateMoved) throw refused(WLG_CRASH_MESSAGES.bettingClosed);
    throw err;
  }
  return { bet: betView({ ...placed.bet, state: 'placed' }, round.round_no), balanceMinor: answer.balanceMinor };
}

/** The session's last bets, newest first (a reloaded page finds its riding bet). */
export async function crashBetsOf(deps: TPlatformDeps, session: TGameSession): Promise<TWlgCrashMineResponse> {
  const rows = await deps.db
    .selectFrom('crash_bets')
    .innerJoin('crash_rounds', 'crash_rounds.id', 'crash_bets.round_id')
    .selectAll('crash_bets')
    .select('crash_rounds.round_no')
    .where('crash_bets.session_id', '=', session.id)
    .orderBy('crash_bets.id', 'desc')
    .limit(10)
    .execute();
  return { bets: rows.map((r) => betView(r, r.round_no)) };
}

/**
 * Cashes a bet out at the multiplier of the server's clock, if the round is still flying. The decision
 * is one conditional update (a bet not yet decided), so a double click, two processes or the
 * settlement racing it decide once; a second cash-out answers the first one's decision. Only the
 * session that made the bet may cash it out.
 */
export async function cashOutCrash(deps: TPlatformDeps, wallet: TWalletClient, session: TGameSession, betId: number): Promise<TWlgCrashBetResponse> {
  const now = deps.clock();
  const read = () =>
    deps.db
      .selectFrom('crash_bets')
      .innerJoin('crash_rounds', 'crash_rounds.id', 'crash_bets.round_id')
      .selectAll('crash_bets')
      .select(['crash_rounds.round_no', 'crash_rounds.flies_at', 'crash_rounds.crashes_at', 'crash_rounds.crash_x100'])
      .where('crash_bets.id', '=', betId)
      .where('crash_bets.session_id', '=', session.id)
      .executeTakeFirst();
  const row = await read();
  if (!row || row.state === 'refused' || row.state === 'rolled_back') throw new WpsError(WPS_CODES.notFound, WLG_CRASH_MESSAGES.noBet);
  const answerDecided = async (bet: TCrashBetRow): Promise<TWlgCrashBetResponse> => {
    if (bet.cash_out_x100 === null) throw refused(WLG_CRASH_MESSAGES.tooLate);
    let balanceMinor: number;
    if (bet.mode === 'fun')
      balanceMinor = Number(
        (await deps.db.selectFrom('game_sessions').select('play_balance_minor').where('id', '=', session.id).executeTakeFirstOrThrow()).play_balance_minor,
      );
    else if (bet.state === 'placed') balanceMinor = await payOrBusy(bet);
    else balanceMinor = (await wallet.balance(String(session.memberId))).balanceMinor;
    const settled = { ...bet, state: 'settled' as const };
    return { bet: betView(settled, row.round_no), balanceMinor };
  };
  const payOrBusy = async (bet: TCrashBetRow) => {
    try {
      return await payDecided(deps, wallet, bet, session.game.gameCode);
    } catch (err) {
      // Decided and left 'placed': the settlement pays it with the same transaction id.
      if (err instanceof WalletUnreachable) throw gameBusy();
      throw err;
    }
  };
  if (row.payout_minor !== null) return answerDecided(row);
  if (row.state === 'open') throw gameBusy();
  if (now.getTime() < ms(row.flies_at)) throw refused(WLG_CRASH_MESSAGES.notFlying);
  if (now.getTime() >= ms(row.crashes_at)) throw refused(WLG_CRASH_MESSAGES.tooLate);
  let x100 = Math.min(multiplierX100At(now.getTime() - ms(row.flies_at)), row.crash_x100);
  // The auto cash-out came first: the bet left the flight at its target.
  if (row.auto_cash_out_x100 !== null && row.auto_cash_out_x100 <= x100) x100 = row.auto_cash_out_x100;
  const payout = crashPayoutMinor(Number(row.stake_minor), x100);
  const decided = await deps.db.transaction().execute(async (trx) => {
    const bet = await trx
      .updateTable('crash_bets')
      .set({ cash_out_x100: x100, payout_minor: payout, decided_at: now, ...(row.mode === 'fun' ? { state: 'settled' as const, settled_at: now } : {}) })
      .where('id', '=', row.id)
      .where('state', '=', 'placed')
      .where('payout_minor', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (bet && row.mode === 'fun') await creditPlayMoney(trx, session.id, payout);
    return bet;
  });
  if (!decided) {
    const again = await read();
    if (!again || again.payout_minor === null) throw gameBusy();
    return answerDecided(again);
  }
  if (decided.mode === 'fun') return answerDecided(decided);
  return { bet: betView({ ...decided, state: 'settled' }, row.round_no), balanceMinor: await payOrBusy(decided) };
}
