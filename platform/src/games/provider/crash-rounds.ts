import { sql, type Selectable } from 'kysely';
import { WLG_MESSAGES, WPS_CODES, type TWlgCrashLive } from '@wl/schemas';
import { CRASH_BETTING_MS, CRASH_PAUSE_MS, crashPayoutMinor, crashPointOf, flightMsOf, multiplierX100At } from '@wl/schemas/games/crash';
import { mixedClientSeed, ROUND_MIX_TICKETS, roundMix } from '@wl/schemas/games/fair';
import { maskName } from '../../catalogue/catalogue.service.ts';
import type { CrashRoundsTable } from '../../db/schema.ts';
import type { TPlatformDeps } from '../../http/deps.ts';
import { WpsError } from '../../http/envelope.ts';
import { chainAnchors, mixTicketsOf, nextRoundLink } from './seed-chains.ts';
import { gameBusy } from './wallet-moves.ts';

/*
 * The built-in crash game (docs/0042). Rounds are shared by every player of a game
 * and follow a timeline fixed when the round is created (betting, flight, pause); the round row is the
 * only truth, so every process agrees without a leader. Bets and cash-outs are decided with the
 * server's clock (deps.clock) and paid through the seamless wallet like the slot's rounds.
 */

/** A round that follows its predecessor within this long opens when the last one ended (continuous play); later, it opens now. */
const CONTINUE_WITHIN_MS = 1_000;

export type TCrashRound = Selectable<CrashRoundsTable>;
export type TCrashGame = { id: number; gameCode: string };

/** Milliseconds since the epoch of a timestamp as either driver answers it. */
export const ms = (d: Date | string) => new Date(d).getTime();

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
export async function currentRound(deps: TPlatformDeps, merchantId: number, game: TCrashGame, now: Date): Promise<TCrashRound> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const last = await deps.db.selectFrom('crash_rounds').selectAll().where('game_id', '=', game.id).orderBy('round_no', 'desc').limit(1).executeTakeFirst();
    if (last && now.getTime() < ms(last.ends_at)) return last;
    const roundNo = (last?.round_no ?? 0) + 1;
    const opensAt = last && now.getTime() - ms(last.ends_at) < CONTINUE_WITHIN_MS ? ms(last.ends_at) : now.getTime();
    const link = await nextRoundLink(deps.db, game.id, 'crash_rounds');
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
  throw gameBusy();
}

/** Where a round is at `now`. */
export function phaseOf(round: TCrashRound, now: Date): 'betting' | 'flying' | 'crashed' {
  if (now.getTime() < ms(round.flies_at)) return 'betting';
  return now.getTime() < ms(round.crashes_at) ? 'flying' : 'crashed';
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
      mixTickets: mixTicketsOf(h.mix_tickets),
    })),
  };
  return { live, game, unsettled: unsettled !== undefined };
}
