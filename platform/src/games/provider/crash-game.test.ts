import { describe, expect, it } from 'vitest';
import {
  WLG_CRASH_PATHS,
  WLG_PATHS,
  WPS_PATHS,
  ZEnvelope,
  ZHotGamesResponse,
  ZWinnerBoardResponse,
  ZWlgCrashBetResponse,
  ZWlgCrashLive,
  type TWlgCrashLive,
} from '@wl/schemas';
import { CRASH_BETTING_MS, CRASH_PAUSE_MS, crashPointOf, flightMsOf } from '@wl/schemas/games/crash';
import { chainLinkHolds, mixedClientSeed, roundMix } from '@wl/schemas/games/fair';
import { serverSeedHash } from '@wl/schemas/games/fair';
import { useGamePlatform } from '../../test-support/games.ts';
import { fundWallet } from '../../test-support/bare-members.ts';
import { freshDownline } from '../../test-support/protection.ts';
import { excludeSelf } from '../../protection/exclusion.ts';
import { BUILT_IN_GAMES } from '../../kernel/catalogue.ts';
import { FREE_PLAY_BALANCE_MINOR, sessionOf } from './game-sessions.ts';
import { crashBetIds } from './crash-bets.ts';
import { settleCrashRound, settleCrashedRounds } from './crash-settle.ts';
import { cashOutCrash, placeCrashBet } from './crash.service.ts';
import { WalletUnreachable } from './wallet-client.ts';
import { builtInProvider } from './built-in-provider.ts';

// A clock the test moves: rounds, bets and cash-outs are decided by the server's clock, never by waiting.
let nowMs = Date.parse('2026-03-01T10:00:00.000Z');
const games = useGamePlatform({ clock: () => new Date(nowMs) });
const { ctx, post } = games;
const CRASH = BUILT_IN_GAMES.find((g) => g.engine === 'crash')!.nodeId;

async function open(token: string | null, accountType = 1) {
  const url = new URL((await games.launch(CRASH, token, accountType)).value!.content.game_url, 'http://x');
  expect(url.searchParams.get('game')).toBe(CRASH);
  return games.openPage(url);
}
const live = async (): Promise<TWlgCrashLive> => ZWlgCrashLive.parse((await post(WLG_CRASH_PATHS.live, { game: CRASH })).json().value);
const bet = (token: string, stakeMinor: number, autoCashOutX100?: number) =>
  post(WLG_CRASH_PATHS.bet, { token, stakeMinor, ...(autoCashOutX100 ? { autoCashOutX100 } : {}) });
const cashOut = (token: string, betId: string) => post(WLG_CRASH_PATHS.cashOut, { token, betId });
const refusal = (res: { json: () => { success: boolean; message: string } }) => (res.json().success ? 'ok' : res.json().message);

/** Fixes the current round's crash point (test setup: the drawn one is random), keeping its timeline consistent. */
async function pinCrash(x100: number) {
  const round = await ctx.db.selectFrom('crash_rounds').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  const crashesAt = new Date(round.flies_at).getTime() + flightMsOf(x100);
  await ctx.db
    .updateTable('crash_rounds')
    .set({ crash_x100: x100, crashes_at: new Date(crashesAt), ends_at: new Date(crashesAt + CRASH_PAUSE_MS) })
    .where('id', '=', round.id)
    .execute();
  return { id: round.id, fliesAt: new Date(round.flies_at).getTime(), crashesAt, endsAt: crashesAt + CRASH_PAUSE_MS };
}
const walletOf = async () => games.walletOf(await games.demoMemberId());
const movesOf = async (betId: string) =>
  (await games.walletCallsOf(crashBetIds(Number(betId)).round)).map(({ kind, amount_minor }) => ({ kind, amount_minor }));

describe('the built-in crash game', () => {
  let real: Awaited<ReturnType<typeof open>>;
  let fun: Awaited<ReturnType<typeof open>>;

  it('bets only while betting, cashes out only in flight at the server clock multiplier, once, and only by the session that bet', async () => {
    real = await open(games.member);
    fun = await open(null, 0);
    expect(real).toMatchObject({ mode: 'real', game: { engine: 'crash' } });
    const first = await live();
    expect(first.round).toMatchObject({ phase: 'betting', crashX100: null, serverSeed: null, crashedAt: null });
    const round = await pinCrash(300);
    const before = await walletOf();

    // Twenty bets at once from one session: one is taken, once.
    const tries = await Promise.all(Array.from({ length: 20 }, () => bet(real.token, 1000)));
    expect(tries.map(refusal).sort()).toEqual(['ok', ...Array<string>(19).fill('crash_already_bet')].sort());
    const placed = ZWlgCrashBetResponse.parse(tries.find((r) => r.json().success)!.json().value);
    expect(placed).toMatchObject({ bet: { roundNo: first.round.roundNo, stakeMinor: 1000, state: 'placed', payoutMinor: null }, balanceMinor: before - 1000 });
    expect(await walletOf()).toBe(before - 1000);
    // A reloaded page finds its bet again; another session sees none of it.
    expect((await post(WLG_CRASH_PATHS.mine, { token: real.token })).json().value.bets).toEqual([placed.bet]);
    expect((await post(WLG_CRASH_PATHS.mine, { token: fun.token })).json().value.bets).toEqual([]);
    expect(refusal(await cashOut(real.token, placed.bet.betId))).toBe('crash_not_flying');
    // Another session (here a visitor's free play) cannot touch the bet; nor can a bet that does not exist.
    expect(refusal(await cashOut(fun.token, placed.bet.betId))).toBe('crash_no_bet');
    expect(refusal(await cashOut(real.token, '999999'))).toBe('crash_no_bet');
    expect(refusal(await bet(real.token, 1234))).toBe('error_bad_request');

    // Six seconds into the flight the multiplier is ×2.00: five parallel cash-outs decide once.
    nowMs = round.fliesAt + 6000;
    expect(refusal(await bet(fun.token, 1000))).toBe('crash_betting_closed');
    const answers = await Promise.all(Array.from({ length: 5 }, () => cashOut(real.token, placed.bet.betId)));
    for (const a of answers) expect(ZWlgCrashBetResponse.parse(a.json().value).bet).toMatchObject({ cashOutX100: 200, payoutMinor: 2000, state: 'settled' });
    expect(await walletOf()).toBe(before + 1000);
    expect(await movesOf(placed.bet.betId)).toEqual([
      { kind: 'bet', amount_minor: 1000 },
      { kind: 'win', amount_minor: 2000 },
    ]);
    // Every page sees the cash-out, under a masked name, and not the crash point.
    const flying = await live();
    expect(flying.round).toMatchObject({ phase: 'flying', crashX100: null, serverSeed: null });
    expect(flying.bets).toEqual([{ player: 'de***r', stakeMinor: 1000, cashOutX100: 200, payoutMinor: 2000 }]);

    // After the crash: the seed is revealed and matches the hash shown from the start of the betting phase.
    nowMs = round.crashesAt;
    const crashed = await live();
    expect(crashed.round).toMatchObject({ phase: 'crashed', crashX100: 300, crashedAt: round.crashesAt, nextRoundAt: round.endsAt });
    expect(await serverSeedHash(crashed.round.serverSeed!)).toBe(first.round.serverSeedHash);
    expect(crashed.history[0]).toMatchObject({ roundNo: first.round.roundNo, crashX100: 300 });
    expect(refusal(await cashOut(real.token, placed.bet.betId))).toBe('ok');
    // The real win reaches the winner board and the play hot games, beside the slot's and the lottery's.
    const board = ZEnvelope(ZWinnerBoardResponse).parse(
      (await ctx.app.inject({ url: `${WPS_PATHS.winnerBoard}?limitNum=100`, headers: { language: 'en' } })).json(),
    ).value!.list;
    expect(board.filter((w) => w.vo.nodeId === CRASH).map((w) => w.vo.winAmount)).toEqual([2000]);
    const hot = ZEnvelope(ZHotGamesResponse).parse((await ctx.app.inject({ url: WPS_PATHS.hotGames, headers: { language: 'en' } })).json()).value!.list;
    expect(hot[0]!.nodeId).toBe(CRASH);
  });

  it('settles after the crash: an auto cash-out the crash reached is paid exactly once, a riding bet loses, a late cash-out is refused', async () => {
    // The next round opens when the last one ends; the drawn crash point follows the documented formula.
    nowMs += CRASH_PAUSE_MS;
    const next = await live();
    expect(next.round.phase).toBe('betting');
    const drawn = await ctx.db
      .selectFrom('crash_rounds')
      .select(['server_seed', 'crash_x100', 'mix', 'mix_tickets'])
      .where('round_no', '=', next.round.roundNo)
      .executeTakeFirstOrThrow();
    // docs/0073: the round before's tickets are mixed in; another ticket gives another crash point.
    const tickets = drawn.mix_tickets as string[];
    expect(drawn.mix).toBe(await roundMix(tickets));
    expect(await crashPointOf(drawn.server_seed, mixedClientSeed(CRASH, drawn.mix!), next.round.roundNo)).toBe(drawn.crash_x100);
    const changed = await Promise.all(
      ['1:1000:-', '2:1000:-', '3:1000:-'].map(async (t) =>
        crashPointOf(drawn.server_seed, mixedClientSeed(CRASH, await roundMix([...tickets, t])), next.round.roundNo),
      ),
    );
    expect(changed.some((x) => x !== drawn.crash_x100)).toBe(true);
    // The seed chain holds link by link: each revealed seed hashes to the one before, the first to the anchor.
    const history = next.history;
    for (const h of history) {
      const before = history.find((p) => p.chainId === h.chainId && p.chainIndex === h.chainIndex! - 1);
      expect(await chainLinkHolds(h.serverSeed, before ? before.serverSeed : h.chainIndex === 1 ? h.chainAnchor! : h.serverSeedHash)).toBe(true);
    }
    expect(history.length).toBeGreaterThan(0);
    const round = await pinCrash(250);
    const before = await walletOf();
    const auto = ZWlgCrashBetResponse.parse((await bet(real.token, 2000, 150)).json().value);
    const riding = ZWlgCrashBetResponse.parse((await bet(fun.token, 5000)).json().value);
    expect(riding.balanceMinor).toBe(FREE_PLAY_BALANCE_MINOR - 5000);
    expect(refusal(await post(WLG_CRASH_PATHS.bet, { token: real.token, stakeMinor: 1000, autoCashOutX100: 100 }))).toBe('error_bad_request');

    // Past the auto target the board shows it cashed out; the page may be closed, the server pays it.
    nowMs = round.fliesAt + 5000;
    expect((await live()).bets[0]).toMatchObject({ cashOutX100: 150, payoutMinor: 3000 });
    nowMs = round.crashesAt + 1;
    expect(refusal(await cashOut(fun.token, riding.bet.betId))).toBe('crash_too_late');
    const deps = ctx.app.platform;
    const wallet = builtInProvider(ctx.app, deps).walletFor(1);
    // Two settlements at once (two processes, a retry), then the sweep: one payment.
    await Promise.all([settleCrashRound(deps, wallet, round.id), settleCrashRound(deps, wallet, round.id)]);
    await settleCrashedRounds(deps, wallet, 1);
    expect(await movesOf(auto.bet.betId)).toEqual([
      { kind: 'bet', amount_minor: 2000 },
      { kind: 'win', amount_minor: 3000 },
    ]);
    expect(await walletOf()).toBe(before + 1000);
    const rows = await ctx.db
      .selectFrom('crash_bets')
      .select(['id', 'state', 'cash_out_x100', 'payout_minor'])
      .where('round_id', '=', round.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => ({ ...r, payout_minor: Number(r.payout_minor) }))).toEqual([
      { id: Number(auto.bet.betId), state: 'settled', cash_out_x100: 150, payout_minor: 3000 },
      { id: Number(riding.bet.betId), state: 'settled', cash_out_x100: null, payout_minor: 0 },
    ]);
    expect((await ctx.db.selectFrom('crash_rounds').select('settled_at').where('id', '=', round.id).executeTakeFirstOrThrow()).settled_at).not.toBeNull();
    const state = await post(WLG_PATHS.state, { token: fun.token });
    expect(state.json().value.balanceMinor).toBe(FREE_PLAY_BALANCE_MINOR - 5000);
    // The crashed round shows the loss to every page.
    expect((await live()).bets).toEqual([{ player: 'de***r', stakeMinor: 2000, cashOutX100: 150, payoutMinor: 3000 }]);
  });

  it('after a failure the settlement rolls back a bet whose answer was lost and pays a cash-out whose win was lost, once', async () => {
    const deps = ctx.app.platform;
    const wallet = builtInProvider(ctx.app, deps).walletFor(1);
    const session = await sessionOf(deps, 1, real.token);
    const cut = () => {
      throw new WalletUnreachable('connection cut');
    };
    const lostBet = async (req: Parameters<typeof wallet.bet>[0]) => {
      await wallet.bet(req);
      return cut();
    };
    const before = await walletOf();
    // The wallet took the stake but its answer was lost, and so was the rollback that followed.
    nowMs = (await ctx.db.selectFrom('crash_rounds').select('ends_at').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).ends_at.getTime();
    expect((await live()).round.phase).toBe('betting');
    const lost = await pinCrash(300);
    await expect(placeCrashBet(deps, { ...wallet, bet: lostBet, rollback: cut }, session, { stakeMinor: 5000 })).rejects.toMatchObject({ code: 727 });
    expect(await walletOf()).toBe(before - 5000);
    nowMs = lost.crashesAt;
    expect(await settleCrashRound(deps, wallet, lost.id)).toEqual({ paid: 0, rolledBack: 1, settled: true });
    expect(await settleCrashRound(deps, wallet, lost.id)).toEqual({ paid: 0, rolledBack: 0, settled: true });
    expect(await walletOf()).toBe(before);

    // Next round: the cash-out is decided, then its win cannot be delivered; the settlement pays it.
    nowMs = lost.endsAt;
    expect((await live()).round.phase).toBe('betting');
    const round = await pinCrash(300);
    const placed = ZWlgCrashBetResponse.parse((await bet(real.token, 1000)).json().value);
    nowMs = round.fliesAt + 6000;
    await expect(cashOutCrash(deps, { ...wallet, win: cut }, session, Number(placed.bet.betId))).rejects.toMatchObject({ code: 727 });
    // Asked again, the cash-out answers the decision already taken (×2.00), never a later multiplier.
    nowMs = round.fliesAt + 8000;
    await expect(cashOutCrash(deps, { ...wallet, win: cut }, session, Number(placed.bet.betId))).rejects.toMatchObject({ code: 727 });
    nowMs = round.crashesAt;
    expect(await settleCrashRound(deps, wallet, round.id)).toEqual({ paid: 1, rolledBack: 0, settled: true });
    expect(await settleCrashRound(deps, wallet, round.id)).toEqual({ paid: 0, rolledBack: 0, settled: true });
    expect(await movesOf(placed.bet.betId)).toEqual([
      { kind: 'bet', amount_minor: 1000 },
      { kind: 'win', amount_minor: 2000 },
    ]);
    expect(await walletOf()).toBe(before + 1000);
    nowMs = round.endsAt;
  });

  it('a round nobody looked at for a while opens when someone looks, with a full betting phase', async () => {
    nowMs += 10 * 60_000;
    const fresh = await live();
    expect(fresh.round).toMatchObject({ phase: 'betting', bettingEndsAt: nowMs + CRASH_BETTING_MS });
    expect(await live()).toEqual(fresh);
    await post(WLG_PATHS.close, { token: real.token });
  });
});

describe('a closed account (docs/0105)', () => {
  it('has its bet still riding refunded at the crash, not lost', async () => {
    const deps = ctx.app.platform;
    const wallet = builtInProvider(ctx.app, deps).walletFor(1);
    const m = await freshDownline(ctx, 'crash_closed');
    const merchant = { id: 1, currency: 'BDT' };
    await fundWallet(ctx.db, merchant, m.id, 10_000, 'crash-closed-fund');
    nowMs = (await ctx.db.selectFrom('crash_rounds').select('ends_at').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).ends_at.getTime();
    expect((await live()).round.phase).toBe('betting');
    const game = await open(m.token);
    const round = await pinCrash(300);
    const placed = ZWlgCrashBetResponse.parse((await bet(game.token, 1_000)).json().value);
    expect(await games.walletOf(m.id)).toBe(9_000);
    await excludeSelf(ctx.db, { merchantId: merchant.id, memberId: m.id, now: new Date(nowMs) }, { kind: 'timeout', period: '24h', confirm: true });
    nowMs = round.crashesAt + 1;
    expect(await settleCrashRound(deps, wallet, round.id)).toEqual({ paid: 0, rolledBack: 1, settled: true });
    expect(await settleCrashRound(deps, wallet, round.id)).toEqual({ paid: 0, rolledBack: 0, settled: true });
    expect(await games.walletOf(m.id)).toBe(10_000);
    const row = await ctx.db.selectFrom('crash_bets').select(['state', 'payout_minor']).where('id', '=', Number(placed.bet.betId)).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'rolled_back', payout_minor: null });
    nowMs = round.endsAt;
  });
});
