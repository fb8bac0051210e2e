import type { Kysely, Selectable, Transaction } from 'kysely';
import type { TLotteryDraw, TLotterySettings, TWlgLotteryNumeroResponse } from '@wl/schemas';
import {
  LOTTERY_DEFAULT_PAYOUTS,
  LOTTERY_INTERVAL_SECONDS,
  LOTTERY_SETTLE_GRACE_MS,
  lotteryClientSeed,
  lotteryDrawWindow,
  lotteryNumero,
  type TLotteryPayouts,
} from '@wl/schemas/games/lottery';
import type { DB, LotteryDrawsTable } from '../../db/schema.ts';
import type { TPlatformDeps } from '../../http/deps.ts';
import { wpsErrors } from '../../http/envelope.ts';
import { chainAnchors, mixTicketsOf, nextRoundLink } from './seed-chains.ts';
import { gameBusy } from './wallet-moves.ts';

/*
 * The lottery's draws (docs/0041): the operator's settings, the draw taking bets (made when missing,
 * with its settlement job), the draws a page shows. lottery-settle.ts settles them; lottery.service.ts
 * takes the bets.
 */

export type TDb = Kysely<DB> | Transaction<DB>;
/** A lottery game as the draws need it. */
export type TLotteryGame = { id: number; merchantId: number; gameCode: string };
export type TDrawRow = Selectable<LotteryDrawsTable>;

/** The operator's settings of a lottery game, or the defaults. */
export async function lotterySettingsOf(db: TDb, gameId: number): Promise<TLotterySettings> {
  const row = await db.selectFrom('lottery_settings').select(['interval_seconds', 'payouts']).where('game_id', '=', gameId).executeTakeFirst();
  if (!row) return { intervalSeconds: LOTTERY_INTERVAL_SECONDS.default, payouts: { ...LOTTERY_DEFAULT_PAYOUTS } };
  const payouts = (typeof row.payouts === 'string' ? JSON.parse(row.payouts) : row.payouts) as TLotteryPayouts;
  return { intervalSeconds: row.interval_seconds, payouts: { ...LOTTERY_DEFAULT_PAYOUTS, ...payouts } };
}

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
  mixTickets: mixTicketsOf(r.mix_tickets),
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
  const link = await nextRoundLink(deps.db, game.id, 'lottery_draws');
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
  if (!draw) throw gameBusy();
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
  const open = await trx.selectFrom('lottery_draws').select('id').where('game_id', '=', gameId).where('state', '=', 'open').forNoKeyUpdate().execute();
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

const RECENT_DRAWS = 10;

/** The open draw and the last drawn ones of a game (docs/rules/accounts.md#a-1 "opened numero"): public, no bets. */
export async function drawsOf(deps: TPlatformDeps, game: TLotteryGame): Promise<TWlgLotteryNumeroResponse> {
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
