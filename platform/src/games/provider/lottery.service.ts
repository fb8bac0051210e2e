import { sql } from 'kysely';
import {
  LOTTERY_MESSAGES,
  SEAMLESS_MESSAGES,
  WLG_MESSAGES,
  WPS_CODES,
  type TLotteryBet,
  type TWlgLotteryBetRequest,
  type TWlgLotteryBetResponse,
  type TWlgLotteryStateResponse,
} from '@wl/schemas';
import { LOTTERY_MAX_BETS_PER_DRAW, LOTTERY_PAYOUT_KEY, type TLotteryBetType } from '@wl/schemas/games/lottery';
import type { TPlatformDeps } from '../../http/deps.ts';
import { WpsError } from '../../http/envelope.ts';
import { newBetStake, playedBy, type TGameSession } from './game-sessions.ts';
import { drawsOf, lotterySettingsOf, type TDb, type TLotteryGame } from './lottery-draws.ts';
import { lotteryBetIds } from './lottery-settle.ts';
import type { TWalletClient } from './wallet-client.ts';
import { takeStake, walletDeadline } from './wallet-moves.ts';

/**
 * The built-in lottery (docs/0041): timed shared draws, bets through the seamless wallet, settlement
 * as a job. Exactly once per draw: the draw row's state decides the result once (under its lock),
 * and every bet's money moves under its own wallet ids, so any number of settlers — two processes, a
 * retried job, the sweep, a restart after SIGKILL — pay each bet once.
 */

/** Re-exported for the operator's imports of them from here. */
export { lotterySettingsOf, withdrawEmptyOpenDraws } from './lottery-draws.ts';
export { settleDraw } from './lottery-settle.ts';

const wrongGame = () => new WpsError(WPS_CODES.badRequest, WLG_MESSAGES.wrongGame);
const drawClosed = () => new WpsError(WPS_CODES.badRequest, LOTTERY_MESSAGES.drawClosed);

async function setBetState(db: TDb, betId: number, from: 'open' | 'placed', to: 'placed' | 'refused' | 'rolled_back', now: Date) {
  return db
    .updateTable('lottery_bets')
    .set({ state: to, ...(to === 'placed' ? {} : { settled_at: now }) })
    .where('id', '=', betId)
    .where('state', '=', from)
    .returning('id')
    .executeTakeFirst();
}

const requireLottery = (session: TGameSession): TLotteryGame => {
  if (session.game.engine !== 'lottery') throw wrongGame();
  return { id: session.game.id, merchantId: session.merchantId, gameCode: session.game.gameCode };
};

type TBetRow = {
  id: number;
  draw_id: number;
  numero: string;
  bet_type: TLotteryBetType;
  pick: string | null;
  stake_minor: number;
  payout_x100: number;
  win_minor: number | null;
  state: TLotteryBet['state'];
  result: string | null;
  created_at: Date;
};
const toBet = (r: TBetRow): TLotteryBet => ({
  betId: String(r.id),
  drawId: String(r.draw_id),
  numero: r.numero,
  betType: r.bet_type,
  pick: r.pick,
  stakeMinor: Number(r.stake_minor),
  payoutX100: r.payout_x100,
  winMinor: r.win_minor === null ? null : Number(r.win_minor),
  state: r.state,
  result: r.result,
  placedAt: new Date(r.created_at).toISOString(),
});

function betsQuery(db: TDb) {
  return db
    .selectFrom('lottery_bets')
    .innerJoin('lottery_draws', 'lottery_draws.id', 'lottery_bets.draw_id')
    .select([
      'lottery_bets.id',
      'lottery_bets.draw_id',
      'lottery_draws.numero',
      'lottery_bets.bet_type',
      'lottery_bets.pick',
      'lottery_bets.stake_minor',
      'lottery_bets.payout_x100',
      'lottery_bets.win_minor',
      'lottery_bets.state',
      'lottery_draws.result',
      'lottery_bets.created_at',
    ]);
}

export async function placeLotteryBet(
  deps: TPlatformDeps,
  wallet: TWalletClient,
  session: TGameSession,
  req: Omit<TWlgLotteryBetRequest, 'token'>,
): Promise<TWlgLotteryBetResponse> {
  const game = requireLottery(session);
  const { payouts } = await lotterySettingsOf(deps.db, game.id);
  const payoutX100 = payouts[LOTTERY_PAYOUT_KEY[req.betType]];
  const taken = await deps.db.transaction().execute(async (trx) => {
    await sql`select 1 from game_sessions where id = ${session.id} for no key update`.execute(trx);
    const draw = await trx
      .selectFrom('lottery_draws')
      .select(['id', 'numero', 'state', 'opens_at', 'closes_at'])
      .where('id', '=', Number(req.drawId))
      .where('game_id', '=', game.id)
      .forShare()
      .executeTakeFirst();
    const now = deps.clock();
    if (!draw || draw.state !== 'open' || new Date(draw.closes_at) <= now || new Date(draw.opens_at) > now) throw drawClosed();
    let mine = trx
      .selectFrom('lottery_bets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('draw_id', '=', draw.id)
      .where('state', 'in', ['open', 'placed', 'settled']);
    mine =
      session.memberId === null ? mine.where('session_id', '=', session.id) : mine.where('member_id', '=', session.memberId).where('mode', '=', session.mode);
    if (Number((await mine.executeTakeFirstOrThrow()).n) >= LOTTERY_MAX_BETS_PER_DRAW) throw new WpsError(WPS_CODES.badRequest, LOTTERY_MESSAGES.tooManyBets);
    const stake = await newBetStake(trx, session, req.stakeMinor);
    const bet = await trx
      .insertInto('lottery_bets')
      .values({
        ...playedBy(session),
        draw_id: draw.id,
        bet_type: req.betType,
        pick: req.pick,
        stake_minor: req.stakeMinor,
        payout_x100: payoutX100,
        state: stake.state,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { betId: bet.id, createdAt: bet.created_at, drawId: draw.id, numero: draw.numero, playBalanceMinor: stake.playBalanceMinor };
  });
  const answer = (state: TLotteryBet['state'], balanceMinor: number): TWlgLotteryBetResponse => ({
    bet: toBet({
      id: taken.betId,
      draw_id: taken.drawId,
      numero: taken.numero,
      bet_type: req.betType,
      pick: req.pick,
      stake_minor: req.stakeMinor,
      payout_x100: payoutX100,
      win_minor: null,
      state,
      result: null,
      created_at: taken.createdAt,
    }),
    balanceMinor,
  });
  if (taken.playBalanceMinor !== null) return answer('placed', taken.playBalanceMinor);

  const { balanceMinor } = await takeStake(
    wallet,
    lotteryBetIds(taken.betId),
    { playerId: String(session.memberId), gameCode: game.gameCode, amountMinor: req.stakeMinor },
    {
      refused: () => setBetState(deps.db, taken.betId, 'open', 'refused', deps.clock()),
      rolledBack: () => setBetState(deps.db, taken.betId, 'open', 'rolled_back', deps.clock()),
      // The settlement rolled the bet back before the debit arrived: the draw closed meanwhile.
      refusalError: (err) => (err.messageKey === SEAMLESS_MESSAGES.betRolledBack ? drawClosed() : null),
    },
    // Within the gateway's deadline (docs/0088): no answer by then is busy, and the stake is rolled back after it.
    walletDeadline(deps.db),
  );
  // The settlement may have rolled the bet back while its debit was on the way (the draw closed): the
  // stake is returned, and the player is told the draw closed.
  if (!(await setBetState(deps.db, taken.betId, 'open', 'placed', deps.clock()))) throw drawClosed();
  return answer('placed', balanceMinor);
}

const MY_BETS = 30;

/** The game page's view: the draws, the settings, the player's last bets (with their results), the balance. */
export async function lotteryState(deps: TPlatformDeps, session: TGameSession, balanceMinor: number): Promise<TWlgLotteryStateResponse> {
  const game = requireLottery(session);
  const draws = await drawsOf(deps, game);
  let bets = betsQuery(deps.db).where('lottery_bets.game_id', '=', game.id).where('lottery_bets.state', 'not in', ['refused']);
  bets =
    session.memberId === null
      ? bets.where('lottery_bets.session_id', '=', session.id)
      : bets.where('lottery_bets.member_id', '=', session.memberId).where('lottery_bets.mode', '=', session.mode);
  const rows = (await bets.orderBy('lottery_bets.id', 'desc').limit(MY_BETS).execute()) as TBetRow[];
  return { ...draws, settings: await lotterySettingsOf(deps.db, game.id), bets: rows.map(toBet), balanceMinor };
}
