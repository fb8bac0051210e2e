import { sql, type Selectable } from 'kysely';
import {
  WLG_CRASH_MESSAGES,
  WLG_MESSAGES,
  WPS_CODES,
  type TCrashBet,
  type TWlgCrashBetRequest,
  type TWlgCrashBetResponse,
  type TWlgCrashLive,
  type TWlgCrashMineResponse,
} from '@wl/schemas';
import { CRASH_BETTING_MS, CRASH_PAUSE_MS, crashPayoutMinor, crashPointOf, flightMsOf, multiplierX100At } from '@wl/schemas/games/crash';
import { mixedClientSeed, ROUND_MIX_TICKETS, roundMix } from '@wl/schemas/games/fair';
import { maskName } from '../../catalogue/catalogue.service.ts';
import type { CrashBetsTable, CrashRoundsTable } from '../../db/schema.ts';
import type { TPlatformDeps } from '../../http/deps.ts';
import { WpsError } from '../../http/envelope.ts';
import { movePlayMoney, type TGameSession } from './game-sessions.ts';
import { guardedMove, StateMoved } from './guarded-state.ts';
import { chainAnchors, nextLink } from './seed-chains.ts';
import { WalletRefusal, WalletUnreachable, type TWalletClient } from './wallet-client.ts';

/*
 * The built-in crash game (docs/0042). Rounds are shared by every player of a game
 * and follow a timeline fixed when the round is created (betting, flight, pause); the round row is the
 * only truth, so every process agrees without a leader. Bets and cash-outs are decided with the
 * server's clock (deps.clock) and paid through the seamless wallet like the slot's rounds.
 */

/** The wallet ids of a crash bet: its own provider round (one bet, one win) and transaction ids. */
export const crashBetIds = (betId: number) => {
  const round = `WLG-C${betId}`;
  return { round, bet: `${round}:bet`, win: `${round}:win`, rollback: `${round}:rb` };
};

/** A bet still 'open' (the wallet's answer to its stake unknown) this long after it was made is rolled back. */
export const CRASH_OPEN_BET_GRACE_MS = 10_000;
/** A round that follows its predecessor within this long opens when the last one ended (continuous play); later, it opens now. */
const CONTINUE_WITHIN_MS = 1_000;

type TRound = Selectable<CrashRoundsTable>;
type TBetRow = Selectable<CrashBetsTable>;
type TCrashGame = { id: number; gameCode: string };

const busy = () => new WpsError(WPS_CODES.systemBusy, WLG_MESSAGES.busy);
const refused = (key: string) => new WpsError(WPS_CODES.badRequest, key);
const ms = (d: Date | string) => new Date(d).getTime();

/** The crash game of a merchant by its node id (switched on, engine 'crash'); 404 otherwise. */
export async function crashGameOf(deps: TPlatformDeps, merchantId: number, nodeId: string): Promise<TCrashGame> {
  const game = await deps.db
    .selectFrom('games')
    .select(['id', 'game_code'])
    .where('merchant_id', '=', merchantId)
    .where('node_id', '=', nodeId)
    .where('engine', '=', 'crash')
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!game) throw new WpsError(WPS_CODES.notFound, WLG_MESSAGES.wrongGame);
  return { id: game.id, gameCode: game.game_code };
}

/** A crash bet as a round's ticket (docs/0073): `<bet id>:<stake minor>:<auto cash-out x100 or ->`. */
export const crashTicket = (b: { id: number; stake_minor: number | string; auto_cash_out_x100: number | null }): string =>
  `${b.id}:${Number(b.stake_minor)}:${b.auto_cash_out_x100 ?? '-'}`;

/**
 * The game's round at `now`. When the last one has ended, the next is created: its server seed is
 * the next link of the game's committed chain (its hash shown from now on), mixed with the tickets of
 * the round before (its first bets, fixed after the chain's anchor was published and before this
 * round's seed is revealed), docs/0073; then its crash point and its whole timeline. Two processes may
 * try at once; the unique (game, round_no) and (chain, index) keep the first and the other reads it.
 */
export async function currentRound(deps: TPlatformDeps, merchantId: number, game: TCrashGame, now: Date): Promise<TRound> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const last = await deps.db.selectFrom('crash_rounds').selectAll().where('game_id', '=', game.id).orderBy('round_no', 'desc').limit(1).executeTakeFirst();
    if (last && now.getTime() < ms(last.ends_at)) return last;
    const roundNo = (last?.round_no ?? 0) + 1;
    const opensAt = last && now.getTime() - ms(last.ends_at) < CONTINUE_WITHIN_MS ? ms(last.ends_at) : now.getTime();
    const link = await nextLink(
      deps.db,
      game.id,
      async (chainId) =>
        (
          await deps.db
            .selectFrom('crash_rounds')
            .select((eb) => eb.fn.max('chain_index').as('last'))
            .where('chain_id', '=', chainId)
            .executeTakeFirst()
        )?.last ?? null,
    );
    const tickets = last
      ? (
          await deps.db
            .selectFrom('crash_bets')
            .select(['id', 'stake_minor', 'auto_cash_out_x100'])
            .where('round_id', '=', last.id)
            .orderBy('id')
            .limit(ROUND_MIX_TICKETS)
            .execute()
        ).map(crashTicket)
      : [];
    const mix = await roundMix(tickets);
    const crashX100 = await crashPointOf(link.seed, mixedClientSeed(game.gameCode, mix), roundNo);
    const fliesAt = opensAt + CRASH_BETTING_MS;
    const crashesAt = fliesAt + flightMsOf(crashX100);
    const created = await deps.db
      .insertInto('crash_rounds')
      .values({
        merchant_id: merchantId,
        game_id: game.id,
        round_no: roundNo,
        server_seed: link.seed,
        server_seed_hash: link.seedHash,
        chain_id: link.chainId,
        chain_index: link.index,
        mix,
        mix_tickets: JSON.stringify(tickets),
        crash_x100: crashX100,
        opens_at: new Date(opensAt),
        flies_at: new Date(fliesAt),
        crashes_at: new Date(crashesAt),
        ends_at: new Date(crashesAt + CRASH_PAUSE_MS),
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (created) return created;
  }
  throw busy();
}

/**
 * A guarded move of a crash bet's state (docs/0072): `UPDATE … WHERE state = from`; a bet found in
 * any state but `to` fails loudly (StateMoved) instead of being treated as moved.
 */
async function setBetState(
  deps: TPlatformDeps,
  betId: number,
  from: 'open' | 'placed',
  to: 'placed' | 'settled' | 'refused' | 'rolled_back',
  now = deps.clock(),
) {
  return guardedMove(
    `crash bet ${betId}`,
    [from],
    to,
    () =>
      deps.db
        .updateTable('crash_bets')
        .set({ state: to, ...(to === 'placed' ? {} : { settled_at: now }) })
        .where('id', '=', betId)
        .where('state', '=', from)
        .returning('id')
        .executeTakeFirst(),
    async () => (await deps.db.selectFrom('crash_bets').select('state').where('id', '=', betId).executeTakeFirst())?.state,
  );
}

/** Where a round is at `now`. */
export function phaseOf(round: TRound, now: Date): 'betting' | 'flying' | 'crashed' {
  if (now.getTime() < ms(round.flies_at)) return 'betting';
  return now.getTime() < ms(round.crashes_at) ? 'flying' : 'crashed';
}

function betView(row: TBetRow, roundNo: number): TCrashBet {
  return {
    betId: String(row.id),
    roundNo,
    stakeMinor: Number(row.stake_minor),
    autoCashOutX100: row.auto_cash_out_x100,
    cashOutX100: row.cash_out_x100,
    payoutMinor: row.payout_minor === null ? null : Number(row.payout_minor),
    state: row.state,
  };
}

/**
 * The live state of a game's round as every page sees it. The crash point, the seed and the crash
 * time are left out until the round crashed; an auto cash-out shows once the multiplier passed it.
 */
export async function computeLive(
  deps: TPlatformDeps,
  merchantId: number,
  nodeId: string,
  now: Date,
): Promise<{ live: TWlgCrashLive; game: TCrashGame; unsettled: boolean }> {
  const game = await crashGameOf(deps, merchantId, nodeId);
  const round = await currentRound(deps, merchantId, game, now);
  const phase = phaseOf(round, now);
  const crashed = phase === 'crashed';
  const reached = crashed ? round.crash_x100 : phase === 'flying' ? multiplierX100At(now.getTime() - ms(round.flies_at)) : 0;
  const [bets, count, history, unsettled] = await Promise.all([
    deps.db
      .selectFrom('crash_bets')
      .innerJoin('members', 'members.id', 'crash_bets.member_id')
      .select([
        'members.username',
        'crash_bets.stake_minor',
        'crash_bets.auto_cash_out_x100',
        'crash_bets.cash_out_x100',
        'crash_bets.payout_minor',
        'crash_bets.decided_at',
      ])
      .where('crash_bets.round_id', '=', round.id)
      .where('crash_bets.mode', '=', 'real')
      .where('crash_bets.state', 'in', ['placed', 'settled'])
      .orderBy('crash_bets.stake_minor', 'desc')
      .orderBy('crash_bets.id')
      .limit(50)
      .execute(),
    deps.db
      .selectFrom('crash_bets')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('round_id', '=', round.id)
      .where('state', 'in', ['placed', 'settled'])
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('crash_rounds')
      .select(['round_no', 'crash_x100', 'server_seed', 'server_seed_hash', 'chain_id', 'chain_index', 'mix', 'mix_tickets'])
      .where('game_id', '=', game.id)
      .where('crashes_at', '<=', now)
      .orderBy('round_no', 'desc')
      .limit(20)
      .execute(),
    deps.db
      .selectFrom('crash_rounds')
      .select('id')
      .where('game_id', '=', game.id)
      .where('settled_at', 'is', null)
      .where('crashes_at', '<=', now)
      .limit(1)
      .executeTakeFirst(),
  ]);
  const anchors = await chainAnchors(
    deps.db,
    history.flatMap((h) => (h.chain_id === null ? [] : [h.chain_id])),
  );
  const live: TWlgCrashLive = {
    serverNow: now.getTime(),
    gameCode: game.gameCode,
    round: {
      roundNo: round.round_no,
      phase,
      serverSeedHash: round.server_seed_hash,
      bettingEndsAt: ms(round.flies_at),
      flightStartsAt: ms(round.flies_at),
      crashX100: crashed ? round.crash_x100 : null,
      serverSeed: crashed ? round.server_seed : null,
      crashedAt: crashed ? ms(round.crashes_at) : null,
      nextRoundAt: crashed ? ms(round.ends_at) : null,
    },
    bets: bets.map((b) => {
      // A cash-out decided in flight is public at once; an auto cash-out once the multiplier passed it.
      const decided = b.decided_at !== null && ms(b.decided_at) <= now.getTime() ? b.cash_out_x100 : null;
      const auto = b.auto_cash_out_x100 !== null && b.auto_cash_out_x100 <= reached ? b.auto_cash_out_x100 : null;
      const cashOut = decided ?? auto;
      const stake = Number(b.stake_minor);
      return {
        player: maskName(b.username),
        stakeMinor: stake,
        cashOutX100: cashOut,
        payoutMinor: cashOut !== null ? crashPayoutMinor(stake, cashOut) : crashed ? 0 : null,
      };
    }),
    players: count.n,
    history: history.map((h) => ({
      roundNo: h.round_no,
      crashX100: h.crash_x100,
      serverSeed: h.server_seed,
      serverSeedHash: h.server_seed_hash,
      chainId: h.chain_id,
      chainIndex: h.chain_index,
      chainAnchor: h.chain_id === null ? null : (anchors.get(h.chain_id) ?? null),
      mix: h.mix,
      mixTickets: h.mix_tickets === null ? null : ((typeof h.mix_tickets === 'string' ? JSON.parse(h.mix_tickets) : h.mix_tickets) as string[]),
    })),
  };
  return { live, game, unsettled: unsettled !== undefined };
}

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
    let playBalanceMinor: number | null = null;
    if (session.mode === 'fun') {
      playBalanceMinor = await movePlayMoney(trx, session, input.stakeMinor);
    }
    const bet = await trx
      .insertInto('crash_bets')
      .values({
        round_id: round.id,
        session_id: session.id,
        merchant_id: session.merchantId,
        member_id: session.memberId,
        game_id: session.game.id,
        mode: session.mode,
        stake_minor: input.stakeMinor,
        auto_cash_out_x100: input.autoCashOutX100 ?? null,
        state: session.mode === 'fun' ? 'placed' : 'open',
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['round_id', 'session_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    // Rolls the play money back too.
    if (!bet) throw refused(WLG_CRASH_MESSAGES.alreadyBet);
    return { bet, playBalanceMinor };
  });
  if (placed.playBalanceMinor !== null) return { bet: betView(placed.bet, round.round_no), balanceMinor: placed.playBalanceMinor };

  const ids = crashBetIds(placed.bet.id);
  const base = { playerId: String(session.memberId), roundId: ids.round, gameCode: session.game.gameCode };
  try {
    const answer = await wallet.bet({ ...base, transactionId: ids.bet, amountMinor: input.stakeMinor });
    try {
      await setBetState(deps, placed.bet.id, 'open', 'placed');
    } catch (err) {
      // The settlement rolled the bet back while its debit was on the way: the stake is returned, betting closed.
      if (err instanceof StateMoved) throw refused(WLG_CRASH_MESSAGES.bettingClosed);
      throw err;
    }
    return { bet: betView({ ...placed.bet, state: 'placed' }, round.round_no), balanceMinor: answer.balanceMinor };
  } catch (err) {
    if (err instanceof WalletRefusal) {
      await setBetState(deps, placed.bet.id, 'open', 'refused');
      throw new WpsError(err.code, err.messageKey, err.balance);
    }
    if (err instanceof WalletUnreachable) {
      try {
        await wallet.rollback({ ...base, transactionId: ids.rollback, refTransactionId: ids.bet });
        await setBetState(deps, placed.bet.id, 'open', 'rolled_back');
      } catch {
        // Left 'open': the settlement rolls it back after CRASH_OPEN_BET_GRACE_MS.
      }
      throw busy();
    }
    throw err;
  }
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

/** Pays a decided real-money bet through the wallet (WLG-C<id>:win, 0 closes a loss) and settles it. */
async function payDecided(
  deps: TPlatformDeps,
  wallet: TWalletClient,
  bet: Pick<TBetRow, 'id' | 'member_id' | 'payout_minor'>,
  gameCode: string,
): Promise<number> {
  const ids = crashBetIds(bet.id);
  const answer = await wallet.win({
    playerId: String(bet.member_id),
    roundId: ids.round,
    transactionId: ids.win,
    gameCode,
    amountMinor: Number(bet.payout_minor),
  });
  // A cash-out and the settlement may both pay (one win id, the wallet's duplicate): 'settled' twice is fine, any other state is not.
  await setBetState(deps, bet.id, 'placed', 'settled');
  return answer.balanceMinor;
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
  const answerDecided = async (bet: TBetRow): Promise<TWlgCrashBetResponse> => {
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
  const payOrBusy = async (bet: TBetRow) => {
    try {
      return await payDecided(deps, wallet, bet, session.game.gameCode);
    } catch (err) {
      // Decided and left 'placed': the settlement pays it with the same transaction id.
      if (err instanceof WalletUnreachable) throw busy();
      throw err;
    }
  };
  if (row.payout_minor !== null) return answerDecided(row);
  if (row.state === 'open') throw busy();
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
    if (bet && row.mode === 'fun') {
      await trx
        .updateTable('game_sessions')
        .set({ play_balance_minor: sql`play_balance_minor + ${payout}` })
        .where('id', '=', session.id)
        .execute();
    }
    return bet;
  });
  if (!decided) {
    const again = await read();
    if (!again || again.payout_minor === null) throw busy();
    return answerDecided(again);
  }
  if (decided.mode === 'fun') return answerDecided(decided);
  return { bet: betView({ ...decided, state: 'settled' }, row.round_no), balanceMinor: await payOrBusy(decided) };
}

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
  await riding(
    decide().set({ cash_out_x100: sql`auto_cash_out_x100`, payout_minor: sql`(stake_minor * auto_cash_out_x100) / 100`, decided_at: round.crashes_at }),
  )
    .where('auto_cash_out_x100', '<=', round.crash_x100)
    .execute();
  await riding(decide().set({ payout_minor: 0, decided_at: round.crashes_at })).execute();

  let paid = 0;
  let rolledBack = 0;
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
          if (done && Number(done.payout_minor) > 0) {
            await trx
              .updateTable('game_sessions')
              .set({ play_balance_minor: sql`play_balance_minor + ${Number(done.payout_minor)}` })
              .where('id', '=', bet.session_id)
              .execute();
          }
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
  const left = await deps.db
    .selectFrom('crash_bets')
    .select('id')
    .where('round_id', '=', roundId)
    .where('state', 'in', ['open', 'placed'])
    .limit(1)
    .executeTakeFirst();
  if (!left) await deps.db.updateTable('crash_rounds').set({ settled_at: now }).where('id', '=', roundId).where('settled_at', 'is', null).execute();
  return { paid, rolledBack, settled: !left };
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
