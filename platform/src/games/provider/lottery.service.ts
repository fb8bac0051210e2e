import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  LOTTERY_MESSAGES,
  SEAMLESS_MESSAGES,
  WLG_MESSAGES,
  WPS_CODES,
  type TLotteryBet,
  type TLotteryDraw,
  type TLotterySettings,
  type TWlgLotteryBetRequest,
  type TWlgLotteryBetResponse,
  type TWlgLotteryNumeroResponse,
  type TWlgLotteryStateResponse,
} from '@wl/schemas';
import { mixedClientSeed, ROUND_MIX_TICKETS, roundMix } from '@wl/schemas/games/fair';
import {
  LOTTERY_DEFAULT_PAYOUTS,
  LOTTERY_INTERVAL_SECONDS,
  LOTTERY_MAX_BETS_PER_DRAW,
  LOTTERY_PAYOUT_KEY,
  LOTTERY_SETTLE_GRACE_MS,
  lotteryClientSeed,
  lotteryDrawWindow,
  lotteryNumero,
  lotteryResult,
  lotteryWinMinor,
  type TLotteryBetType,
  type TLotteryPayouts,
} from '@wl/schemas/games/lottery';
import type { DB, LotteryDrawsTable } from '../../db/schema.ts';
import type { TPlatformDeps } from '../../http/deps.ts';
import { WpsError, wpsErrors } from '../../http/envelope.ts';
import { movePlayMoney, type TGameSession } from './game-sessions.ts';
import { guardedMove, StateMoved } from './guarded-state.ts';
import { chainAnchors, nextLink } from './seed-chains.ts';
import { WalletRefusal, WalletUnreachable, type TWalletClient } from './wallet-client.ts';

/**
 * The built-in lottery (docs/0041): timed shared draws, bets through the seamless wallet, settlement
 * as a job. Exactly once per draw: the draw row's state decides the result once (under its lock),
 * and every bet's money moves under its own wallet ids, so any number of settlers — two processes, a
 * retried job, the sweep, a restart after SIGKILL — pay each bet once.
 */

type TDb = Kysely<DB> | Transaction<DB>;
/** A lottery game as the draws need it. */
export type TLotteryGame = { id: number; merchantId: number; gameCode: string };
type TDrawRow = Selectable<LotteryDrawsTable>;

/** The wallet ids of a lottery bet: its own round in the wallet's eyes, like a slot round (`WLG-L<betId>`). */
export const lotteryBetIds = (betId: number) => {
  const round = `WLG-L${betId}`;
  return { round, bet: `${round}:bet`, win: `${round}:win`, rollback: `${round}:rb` };
};

const busy = () => new WpsError(WPS_CODES.systemBusy, WLG_MESSAGES.busy);
const wrongGame = () => new WpsError(WPS_CODES.badRequest, WLG_MESSAGES.wrongGame);
const drawClosed = () => new WpsError(WPS_CODES.badRequest, LOTTERY_MESSAGES.drawClosed);

/** The operator's settings of a lottery game, or the defaults. */
export async function lotterySettingsOf(db: TDb, gameId: number): Promise<TLotterySettings> {
  const row = await db.selectFrom('lottery_settings').select(['interval_seconds', 'payouts']).where('game_id', '=', gameId).executeTakeFirst();
  if (!row) return { intervalSeconds: LOTTERY_INTERVAL_SECONDS.default, payouts: { ...LOTTERY_DEFAULT_PAYOUTS } };
  const payouts = (typeof row.payouts === 'string' ? JSON.parse(row.payouts) : row.payouts) as TLotteryPayouts;
  return { intervalSeconds: row.interval_seconds, payouts: { ...LOTTERY_DEFAULT_PAYOUTS, ...payouts } };
}

const ticketsOf = (r: TDrawRow): string[] | null =>
  r.mix_tickets === null ? null : ((typeof r.mix_tickets === 'string' ? JSON.parse(r.mix_tickets) : r.mix_tickets) as string[]);

const toDraw = (r: TDrawRow, anchors: Map<number, string>): TLotteryDraw => ({
  drawId: String(r.id),
  numero: r.numero,
  opensAt: new Date(r.opens_at).toISOString(),
  closesAt: new Date(r.closes_at).toISOString(),
  state: r.state,
  serverSeedHash: r.server_seed_hash,
  // The seed is revealed once the draw is drawn (no bet is taken any more).
  serverSeed: r.state === 'open' ? null : r.server_seed,
  clientSeed: r.client_seed,
  result: r.result,
  chainId: r.chain_id,
  chainIndex: r.chain_index,
  chainAnchor: r.chain_id === null ? null : (anchors.get(r.chain_id) ?? null),
  mix: r.mix,
  mixTickets: ticketsOf(r),
});

/** The draw taking bets now, if one exists. */
async function openDraw(db: TDb, gameId: number, now: Date): Promise<TDrawRow | undefined> {
  return db
    .selectFrom('lottery_draws')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('state', '=', 'open')
    .where('opens_at', '<=', now)
    .where('closes_at', '>', now)
    .orderBy('closes_at')
    .limit(1)
    .executeTakeFirst() as Promise<TDrawRow | undefined>;
}

/** Queue of a draw's settlement job (one per draw, sent when the draw is created). */
export const LOTTERY_SETTLE_QUEUE = 'lottery.settle';

/**
 * The draw taking bets now, created when missing. Its window comes from the time and the interval
 * alone (lotteryDrawWindow), so racing processes insert the same close time and the unique index
 * keeps one; the winner sends its settlement job for just after the close (idempotent per draw).
 */
export async function ensureOpenDraw(deps: TPlatformDeps, game: TLotteryGame): Promise<TDrawRow> {
  const now = deps.clock();
  const existing = await openDraw(deps.db, game.id, now);
  if (existing) return existing;
  const { intervalSeconds } = await lotterySettingsOf(deps.db, game.id);
  const window = lotteryDrawWindow(now.getTime(), intervalSeconds);
  const numero = lotteryNumero(window.closesAt);
  // The draw's seed is the next link of the game's committed chain (docs/0073), not a seed drawn now.
  const link = await nextLink(
    deps.db,
    game.id,
    async (chainId) =>
      (
        await deps.db
          .selectFrom('lottery_draws')
          .select((eb) => eb.fn.max('chain_index').as('last'))
          .where('chain_id', '=', chainId)
          .executeTakeFirst()
      )?.last ?? null,
  );
  const inserted = await deps.db
    .insertInto('lottery_draws')
    .values({
      merchant_id: game.merchantId,
      game_id: game.id,
      numero,
      opens_at: new Date(window.opensAt),
      closes_at: new Date(window.closesAt),
      server_seed: link.seed,
      server_seed_hash: link.seedHash,
      chain_id: link.chainId,
      chain_index: link.index,
      client_seed: lotteryClientSeed(game.gameCode, numero),
      state: 'open',
    })
    // The same close time, or the same chain link, taken by another process: theirs stands.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) await sendSettleJob(deps, inserted.id, window.closesAt);
  const draw = await openDraw(deps.db, game.id, now);
  if (!draw) throw busy();
  return draw;
}

/**
 * Sends the draw's settlement job for just after its close. After the insert committed, not inside it:
 * a process that dies in between leaves the draw to the lottery sweep (every minute), which settles
 * every overdue draw; the job id derives from the draw, so a second send is dropped.
 */
async function sendSettleJob(deps: TPlatformDeps, drawId: number, closesAt: number): Promise<void> {
  try {
    const runner = await deps.jobs?.();
    await runner?.send(LOTTERY_SETTLE_QUEUE, { drawId }, { idempotencyKey: `draw:${drawId}`, startAfter: new Date(closesAt + LOTTERY_SETTLE_GRACE_MS) });
  } catch (err) {
    console.error(`lottery draw ${drawId}: its settlement job was not sent (the sweep settles it)`, err);
  }
}

/**
 * When the operator changes the interval, an open draw that holds no bet is withdrawn, so the new
 * interval applies at once (ensureOpenDraw opens the next on it); a draw holding bets keeps its close.
 * Under the draw's lock: a bet either committed first (the draw stays) or finds the draw gone and is
 * told it closed. A withdrawn draw's settlement job finds nothing and ends.
 */
export async function withdrawEmptyOpenDraws(trx: Transaction<DB>, gameId: number): Promise<number> {
  const open = await trx.selectFrom('lottery_draws').select('id').where('game_id', '=', gameId).where('state', '=', 'open').forUpdate().execute();
  let withdrawn = 0;
  for (const d of open) {
    const held = await trx.selectFrom('lottery_bets').select('id').where('draw_id', '=', d.id).limit(1).executeTakeFirst();
    if (held) continue;
    await trx.deleteFrom('lottery_draws').where('id', '=', d.id).execute();
    withdrawn++;
  }
  return withdrawn;
}

/** The merchant's lottery games (engine 'lottery', switched on or not: their draws go on). */
export async function lotteryGames(db: TDb): Promise<TLotteryGame[]> {
  const rows = await db.selectFrom('games').select(['id', 'merchant_id', 'game_code']).where('engine', '=', 'lottery').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, merchantId: r.merchant_id, gameCode: r.game_code }));
}

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
    const draw = (await trx.selectFrom('lottery_draws').selectAll().where('id', '=', drawId).forUpdate().executeTakeFirst()) as TDrawRow | undefined;
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

async function setBetState(db: TDb, betId: number, from: 'open' | 'placed', to: 'placed' | 'refused' | 'rolled_back', now: Date) {
  return db
    .updateTable('lottery_bets')
    .set({ state: to, ...(to === 'placed' ? {} : { settled_at: now }) })
    .where('id', '=', betId)
    .where('state', '=', from)
    .returning('id')
    .executeTakeFirst();
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
        if (done && win > 0)
          await trx
            .updateTable('game_sessions')
            .set({ play_balance_minor: sql`play_balance_minor + ${win}` })
            .where('id', '=', b.session_id)
            .execute();
      });
      paid++;
      onPaid?.(b.id);
      continue;
    }
    const ids = lotteryBetIds(b.id);
    const base = { playerId: String(b.member_id), roundId: ids.round, gameCode: b.game_code };
    try {
      if (b.state === 'placed') {
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
  const remaining = await deps.db
    .selectFrom('lottery_bets')
    .select('id')
    .where('draw_id', '=', drawId)
    .where('state', 'in', ['open', 'placed'])
    .limit(1)
    .executeTakeFirst();
  if (remaining) return { drawId, state: 'drawn', paid, rolledBack, left: 1 };
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

/**
 * A bet on the open draw the player sees (`drawId`): refused when that draw closed (the page then
 * shows the next), or the player holds LOTTERY_MAX_BETS_PER_DRAW on it. Taken under the session's lock
 * (one player's bets in turn) and the draw's share lock (a draw being drawn waits for it, or it waits
 * for the draw and sees it closed). Real money then goes through the wallet like a slot round: a
 * refusal refuses the bet, a lost answer rolls it back; free play pays from the play money at once.
 */
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
    await sql`select 1 from game_sessions where id = ${session.id} for update`.execute(trx);
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
    let playBalanceMinor: number | null = null;
    if (session.mode === 'fun') {
      playBalanceMinor = await movePlayMoney(trx, session, req.stakeMinor);
    }
    const bet = await trx
      .insertInto('lottery_bets')
      .values({
        draw_id: draw.id,
        session_id: session.id,
        merchant_id: session.merchantId,
        member_id: session.memberId,
        game_id: game.id,
        mode: session.mode,
        bet_type: req.betType,
        pick: req.pick,
        stake_minor: req.stakeMinor,
        payout_x100: payoutX100,
        state: session.mode === 'fun' ? 'placed' : 'open',
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { betId: bet.id, createdAt: bet.created_at, drawId: draw.id, numero: draw.numero, playBalanceMinor };
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

  const ids = lotteryBetIds(taken.betId);
  const base = { playerId: String(session.memberId), roundId: ids.round, gameCode: game.gameCode };
  let balanceMinor: number;
  try {
    balanceMinor = (await wallet.bet({ ...base, transactionId: ids.bet, amountMinor: req.stakeMinor })).balanceMinor;
  } catch (err) {
    if (err instanceof WalletRefusal) {
      await setBetState(deps.db, taken.betId, 'open', 'refused', deps.clock());
      // The settlement rolled the bet back before the debit arrived: the draw closed meanwhile.
      if (err.messageKey === SEAMLESS_MESSAGES.betRolledBack) throw drawClosed();
      throw new WpsError(err.code, err.messageKey, err.balance);
    }
    if (err instanceof WalletUnreachable) {
      try {
        await wallet.rollback({ ...base, transactionId: ids.rollback, refTransactionId: ids.bet });
        await setBetState(deps.db, taken.betId, 'open', 'rolled_back', deps.clock());
      } catch {
        // Left 'open': the draw's settlement rolls it back.
      }
      throw busy();
    }
    throw err;
  }
  // The settlement may have rolled the bet back while its debit was on the way (the draw closed): the
  // stake is returned, and the player is told the draw closed.
  if (!(await setBetState(deps.db, taken.betId, 'open', 'placed', deps.clock()))) throw drawClosed();
  return answer('placed', balanceMinor);
}

const RECENT_DRAWS = 10;
const MY_BETS = 30;

/** The open draw and the last drawn ones of a game (docs/rules/accounts.md#a-1 "opened numero"): public, no bets. */
async function drawsOf(deps: TPlatformDeps, game: TLotteryGame): Promise<TWlgLotteryNumeroResponse> {
  const open = await ensureOpenDraw(deps, game);
  const recent = (await deps.db
    .selectFrom('lottery_draws')
    .selectAll()
    .where('game_id', '=', game.id)
    .where('state', '<>', 'open')
    .orderBy('closes_at', 'desc')
    .limit(RECENT_DRAWS)
    .execute()) as TDrawRow[];
  const anchors = await chainAnchors(
    deps.db,
    [open, ...recent].flatMap((d) => (d.chain_id === null ? [] : [d.chain_id])),
  );
  return { gameCode: game.gameCode, serverTime: deps.clock().toISOString(), open: toDraw(open, anchors), recent: recent.map((d) => toDraw(d, anchors)) };
}

/** docs/rules/accounts.md#a-1 "opened numero" (GET, public): the open draw of a lottery game and its last results. */
export async function lotteryOpenedNumero(deps: TPlatformDeps, merchantId: number, gameCode: string): Promise<TWlgLotteryNumeroResponse> {
  const game = await deps.db
    .selectFrom('games')
    .select(['id', 'merchant_id', 'game_code'])
    .where('merchant_id', '=', merchantId)
    .where('game_code', '=', gameCode)
    .where('engine', '=', 'lottery')
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!game) throw wpsErrors.notFound();
  return drawsOf(deps, { id: game.id, merchantId: game.merchant_id, gameCode: game.game_code });
}

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
