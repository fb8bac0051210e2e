import { beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATOR_ROUNDS_PATHS,
  OPERATOR_STUCK_AFTER_MS,
  WLG_CRASH_PATHS,
  WLG_LOTTERY_PATHS,
  WLG_PATHS,
  WPS_PATHS,
  ZEnvelope,
  ZOperatorRoundsResponse,
  ZWlgCrashBetResponse,
  ZWlgCrashLive,
  ZWlgLotteryBetResponse,
  ZWlgLotteryStateResponse,
  ZWlgOpenResponse,
  ZWlgSlotSpinResponse,
  type TOperatorRound,
  type TWlgCrashBetResponse,
  type TWlgLotteryBetResponse,
  type TWlgSlotSpinResponse,
} from '@wl/schemas';
import { CRASH_PAUSE_MS, flightMsOf } from '@wl/schemas/games/crash';
import { serverSeedHash } from '@wl/schemas/games/fair';
import { LOTTERY_SETTLE_GRACE_MS, lotteryClientSeed } from '@wl/schemas/games/lottery';
import { builtInProvider } from '../games/provider/built-in-provider.ts';
import { sessionOf } from '../games/provider/game-sessions.ts';
import { settleDraw } from '../games/provider/lottery.service.ts';
import { recoverRounds, spinSlot } from '../games/provider/rounds.service.ts';
import { WalletUnreachable, type TWalletClient } from '../games/provider/wallet-client.ts';
import { BUILT_IN_GAMES, BUILT_IN_LOTTERY } from '../kernel/catalogue.ts';
import { DEMO_ACCOUNTS } from '../seed/seed.ts';
import { usePlatform } from '../test-support/db.ts';
import { roleTokens } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { fromClientIp, loginToken } from '../test-support/http.ts';

// docs/0043: the console's rounds and bets of the built-in games, per game.
// A server clock the test moves (past a lottery close, into a crash flight), never sleeping: held still
// otherwise, so no bet races a close however slow the machine.
let nowMs = Date.now();
const ctx = usePlatform({ clock: () => new Date(nowMs) });
const SLOT = BUILT_IN_GAMES[0].nodeId;
const CRASH = BUILT_IN_GAMES.find((g) => g.engine === 'crash')!.nodeId;
const LOTTO = BUILT_IN_LOTTERY.game.nodeId;
const ops = { owner: '', finance: '', support: '', content: '' };
const spins: TWlgSlotSpinResponse[] = [];
let revealedSeed = '';
/** The slot's rounds as the console saw them while the member's game session was still open. */
let beforeClose: TOperatorRound[] = [];
/** demo_member's lottery bets: two on a draw that is drawn and settled, one on the next (open) draw. */
const lotto: TWlgLotteryBetResponse['bet'][] = [];
let drawnSeed = '';
let drawnResult = '';
/** demo_member's crash bet, cashed out at ×2.00 in a round pinned to crash at ×3.00. */
let crash: TWlgCrashBetResponse['bet'];
let crashSeed = '';
let crashSeedHash = '';
let crashesAt = 0;
const from = new Date(Date.now() - 3_600_000).toISOString();
const to = new Date(Date.now() + 3_600_000).toISOString();

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });

/** Launches a built-in game (a member's real money, or a visitor's free play) and opens its ticket, as the page does. */
async function open(token: string | null, nodeId: string = SLOT) {
  const launched = await ctx.app.inject({
    url: `${WPS_PATHS.launchGame}?nodeId=${nodeId}&launchMode=GLS&accountType=${token ? 1 : 0}`,
    ...(token ? { headers: { authorization: token } } : {}),
  });
  const ticket = new URL(launched.json().value.content.game_url, 'http://x').searchParams.get('ticket');
  return ZWlgOpenResponse.parse((await post(WLG_PATHS.open, { ticket: ticket! })).json().value);
}
const spin = async (token: string, betPerLineMinor: number) => (await post(WLG_PATHS.slotSpin, { token, betPerLineMinor })).json();

beforeAll(async () => {
  // The provider reaches the wallet over real HTTP on the platform's own address.
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  Object.assign(ops, await roleTokens(ctx.app));
  // demo_member: three spins, a new client seed (the first seed is revealed), one more spin.
  const member = await loginToken(ctx.app, DEMO_ACCOUNTS.member.username, DEMO_ACCOUNTS.member.password);
  const game = await open(member);
  for (const bet of [100, 10, 20]) spins.push(ZWlgSlotSpinResponse.parse((await spin(game.token, bet)).value));
  revealedSeed = (await post(WLG_PATHS.seed, { token: game.token, clientSeed: 'operator-view' })).json().value.revealed.serverSeed;
  spins.push(ZWlgSlotSpinResponse.parse((await spin(game.token, 50)).value));
  // demo_down1 has no money: the wallet refuses its bet and the round is 'refused'.
  const broke = await open(await loginToken(ctx.app, DEMO_ACCOUNTS.downline.usernames[0], DEMO_ACCOUNTS.downline.password));
  expect((await spin(broke.token, 10)).message).toBe('insufficient_funds');
  // A visitor's free play.
  const fun = await open(null);
  expect((await spin(fun.token, 10)).success).toBe(true);

  // The lottery (one real-money built-in game at a time: the slot is closed first, as the web's 734 answer
  // does, which reveals its last seed: the console's view before that is kept).
  beforeClose = (await page({ engine: 'slot' })).rounds;
  await ctx.app.inject({ method: 'POST', url: WLG_PATHS.closeMine, payload: {}, headers: { authorization: member } });
  const lottery = await open(member, LOTTO);
  const lotteryState = async () => ZWlgLotteryStateResponse.parse((await post(WLG_LOTTERY_PATHS.state, { token: lottery.token })).json().value);
  const lotteryBet = async (drawId: string, b: object) =>
    ZWlgLotteryBetResponse.parse((await post(WLG_LOTTERY_PATHS.bet, { token: lottery.token, drawId, ...b })).json().value).bet;
  const draw = (await lotteryState()).open!;
  lotto.push(await lotteryBet(draw.drawId, { betType: 'big', pick: null, stakeMinor: 1000 }));
  lotto.push(await lotteryBet(draw.drawId, { betType: 'exact3', pick: '123', stakeMinor: 100 }));
  nowMs = new Date(draw.closesAt).getTime() + LOTTERY_SETTLE_GRACE_MS + 10;
  const provider = builtInProvider(ctx.app, ctx.app.platform);
  expect((await settleDraw(ctx.app.platform, provider.walletFor, Number(draw.drawId))).state).toBe('settled');
  const drawn = await ctx.db.selectFrom('lottery_draws').select(['server_seed', 'result']).where('id', '=', Number(draw.drawId)).executeTakeFirstOrThrow();
  [drawnSeed, drawnResult] = [drawn.server_seed, drawn.result!];
  const next = (await lotteryState()).open!;
  expect(next.drawId).not.toBe(draw.drawId);
  lotto.push(await lotteryBet(next.drawId, { betType: 'last1', pick: '7', stakeMinor: 500 }));
  lotto.splice(0, 2, ...(await lotteryState()).bets.filter((b) => b.drawId === draw.drawId).sort((a, b) => Number(a.betId) - Number(b.betId)));

  // The crash game: a bet in the betting phase, cashed out at ×2.00 in flight (the round's point pinned to ×3.00).
  await ctx.app.inject({ method: 'POST', url: WLG_PATHS.closeMine, payload: {}, headers: { authorization: member } });
  const kite = await open(member, CRASH);
  expect(ZWlgCrashLive.parse((await post(WLG_CRASH_PATHS.live, { game: CRASH })).json().value).round.phase).toBe('betting');
  const round = await ctx.db.selectFrom('crash_rounds').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  const fliesAt = new Date(round.flies_at).getTime();
  crashesAt = fliesAt + flightMsOf(300);
  await ctx.db
    .updateTable('crash_rounds')
    .set({ crash_x100: 300, crashes_at: new Date(crashesAt), ends_at: new Date(crashesAt + CRASH_PAUSE_MS) })
    .where('id', '=', round.id)
    .execute();
  [crashSeed, crashSeedHash] = [round.server_seed, round.server_seed_hash];
  crash = ZWlgCrashBetResponse.parse((await post(WLG_CRASH_PATHS.bet, { token: kite.token, stakeMinor: 1000, autoCashOutX100: 250 })).json().value).bet;
  nowMs = fliesAt + 6000;
  crash = ZWlgCrashBetResponse.parse((await post(WLG_CRASH_PATHS.cashOut, { token: kite.token, betId: crash.betId })).json().value).bet;
  expect(crash).toMatchObject({ cashOutX100: 200, payoutMinor: 2000, state: 'settled' });
});

const rounds = (query: Record<string, string>, token = ops.finance) =>
  ctx.app.inject({
    url: OPERATOR_ROUNDS_PATHS.operatorGameRounds,
    query: { from, to, ...query },
    headers: { authorization: token, ...fromClientIp('203.0.113.9') },
  });
const page = async (query: Record<string, string> = {}) => {
  const res = await rounds(query);
  expect(res.statusCode, res.body).toBe(200);
  return ZEnvelope(ZOperatorRoundsResponse).parse(res.json()).value!;
};

describe('operator view of the built-in games rounds', () => {
  it('lists real-money slot rounds newest first with their provably fair data and totals over the filter', async () => {
    const all = await page({ engine: 'slot' });
    expect(all.total).toBe(5);
    expect(all.games.map((g) => g.nodeId).sort()).toEqual([SLOT, CRASH, LOTTO].sort());
    expect(all.games.find((g) => g.nodeId === SLOT)).toEqual({
      nodeId: SLOT,
      engine: 'slot',
      nameEn: BUILT_IN_GAMES[0].nameEn,
      nameBn: BUILT_IN_GAMES[0].nameBn,
    });
    // The refused round moved no money: the totals are the four spins the wallet took and paid.
    expect(all.betMinor).toBe(spins.reduce((s, r) => s + r.round.stakeMinor, 0));
    expect(all.winMinor).toBe(spins.reduce((s, r) => s + r.round.payoutMinor, 0));
    expect(all.rounds.map((r) => [r.username, r.state])).toEqual([
      ['demo_down1', 'refused'],
      ['demo_member', 'settled'],
      ['demo_member', 'settled'],
      ['demo_member', 'settled'],
      ['demo_member', 'settled'],
    ]);
    const [latest, third, , first] = all.rounds.slice(1);
    // The current seed's round shows only the hash while the session is open; rounds of a revealed
    // seed (a new client seed, or the session closed) show the seed too.
    expect(beforeClose[1]).toMatchObject({ roundId: spins[3]!.round.roundId, serverSeedHash: spins[3]!.round.serverSeedHash, serverSeed: null });
    expect(beforeClose[2]).toMatchObject({ roundId: spins[2]!.round.roundId, serverSeed: revealedSeed });
    expect(latest).toMatchObject({ roundId: spins[3]!.round.roundId, serverSeedHash: spins[3]!.round.serverSeedHash, clientSeed: 'operator-view', nonce: 0 });
    expect(await serverSeedHash(latest!.serverSeed!)).toBe(spins[3]!.round.serverSeedHash);
    expect(third).toMatchObject({ roundId: spins[2]!.round.roundId, serverSeed: revealedSeed, nonce: 2 });
    expect(first).toMatchObject({
      engine: 'slot',
      nodeId: SLOT,
      mode: 'real',
      stakeMinor: 2500,
      payoutMinor: spins[0]!.round.payoutMinor,
      serverSeed: revealedSeed,
      clientSeed: spins[0]!.round.clientSeed,
      nonce: 0,
      outcome: { engine: 'slot', stops: spins[0]!.round.outcome.stops, winningLines: spins[0]!.round.outcome.lines.length, betPerLineMinor: 100 },
    });
  });

  it("lists the lottery's and the crash game's bets as rounds, seeds shown once drawn or crashed", async () => {
    const [big, exact, later] = lotto;
    const lottery = await page({ engine: 'lottery' });
    expect(lottery.total).toBe(3);
    expect(lottery.betMinor).toBe(1600);
    expect(lottery.winMinor).toBe(big!.winMinor! + exact!.winMinor!);
    expect(lottery.rounds.map((r) => r.roundId)).toEqual([later, exact, big].map((b) => `L${b!.betId}`));
    expect(lottery.rounds[0]).toMatchObject({
      engine: 'lottery',
      nodeId: LOTTO,
      username: 'demo_member',
      state: 'placed',
      stakeMinor: 500,
      payoutMinor: 0,
      serverSeed: null,
      clientSeed: lotteryClientSeed('WLG_LOTTO_3D', later!.numero),
      nonce: 0,
      settledAt: null,
      outcome: { engine: 'lottery', numero: later!.numero, betType: 'last1', pick: '7', result: null, payoutX100: later!.payoutX100 },
    });
    expect(lottery.rounds[2]).toMatchObject({
      state: 'settled',
      stakeMinor: 1000,
      payoutMinor: big!.winMinor,
      serverSeed: drawnSeed,
      outcome: { engine: 'lottery', numero: big!.numero, betType: 'big', pick: null, result: drawnResult, payoutX100: 195 },
    });
    expect(lottery.rounds[1]!.outcome).toMatchObject({ betType: 'exact3', pick: '123', result: drawnResult });

    const kite = await page({ engine: 'crash' });
    expect(kite).toMatchObject({ total: 1, betMinor: 1000, winMinor: 2000 });
    const crashed = {
      roundId: `C${crash.betId}`,
      engine: 'crash',
      nodeId: CRASH,
      username: 'demo_member',
      state: 'settled',
      stakeMinor: 1000,
      payoutMinor: 2000,
      serverSeedHash: crashSeedHash,
      clientSeed: CRASH,
      nonce: crash.roundNo,
    };
    // In flight the round's seed and crash point are secret, even to the console.
    expect(kite.rounds).toMatchObject([
      { ...crashed, serverSeed: null, outcome: { engine: 'crash', roundNo: crash.roundNo, crashX100: null, autoCashOutX100: 250, cashOutX100: 200 } },
    ]);
    const flying = nowMs;
    nowMs = crashesAt;
    try {
      expect((await page({ engine: 'crash' })).rounds).toMatchObject([{ ...crashed, serverSeed: crashSeed, outcome: { crashX100: 300 } }]);
    } finally {
      nowMs = flying;
    }
  });

  it('filters by account, state, game, engine, mode and time over every engine, and pages with the same totals', async () => {
    const whole = await page();
    expect(whole.total).toBe(9);
    expect(whole.betMinor).toBe(spins.reduce((s, r) => s + r.round.stakeMinor, 0) + 1600 + 1000);
    expect(whole.winMinor).toBe(spins.reduce((s, r) => s + r.round.payoutMinor, 0) + lotto[0]!.winMinor! + lotto[1]!.winMinor! + 2000);
    // Newest first across the sources (the crash bet's time is the test's clock, the others the database's).
    expect(whole.rounds.map((r) => r.engine).sort()).toEqual(['crash', 'lottery', 'lottery', 'lottery', 'slot', 'slot', 'slot', 'slot', 'slot']);
    const times = whole.rounds.map((r) => Date.parse(r.playedAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect((await page({ account: 'DEMO_DOWN1' })).rounds).toMatchObject([{ username: 'demo_down1', state: 'refused', stakeMinor: 250 }]);
    expect((await page({ account: 'demo_down1' })).betMinor).toBe(0);
    expect((await page({ account: 'demo_member' })).total).toBe(8);
    expect((await page({ state: 'settled' })).total).toBe(7);
    expect((await page({ state: 'placed' })).rounds.map((r) => r.roundId)).toEqual([`L${lotto[2]!.betId}`]);
    expect((await page({ nodeId: SLOT, account: 'demo_member' })).total).toBe(4);
    expect((await page({ nodeId: CRASH, state: 'settled' })).total).toBe(1);
    expect((await page({ nodeId: LOTTO, engine: 'crash' })).total).toBe(0);
    expect((await page({ nodeId: 'NO_SUCH_GAME' })).total).toBe(0);
    expect((await page({ mode: 'fun' })).rounds).toMatchObject([{ username: '', mode: 'fun', state: 'settled' }]);
    expect((await page({ to: from, from: new Date(Date.now() - 7_200_000).toISOString() })).total).toBe(0);
    // Pages across the sources: every row once, the totals the same on every page.
    const seen = [];
    for (let pageNo = 1; pageNo <= 5; pageNo++) {
      const one = await page({ pageSize: '2', pageNo: String(pageNo) });
      expect(one).toMatchObject({ total: 9, pageNo, pageSize: 2, betMinor: whole.betMinor, winMinor: whole.winMinor });
      seen.push(...one.rounds.map((r) => r.roundId));
    }
    expect(seen).toEqual(whole.rounds.map((r) => r.roundId));
  });

  it("never shows another merchant's rounds or bets", async () => {
    const other = await otherMerchant(ctx.db, 'OTHERR');
    const vendor = await other.vendor('OTHERW', 'GAME');
    const [game, lottoGame, crashGame] = [
      await vendor.game('OTHER_SLOT', 'slot'),
      await vendor.game('OTHER_LOTTO', 'lottery'),
      await vendor.game('OTHER_CRASH', 'crash'),
    ];
    const session = await ctx.db
      .insertInto('game_sessions')
      .values({
        token_hash: 'f'.repeat(64),
        merchant_id: other.id,
        member_id: null,
        game_id: game.id,
        mode: 'real',
        play_balance_minor: null,
        last_seen_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seed = await ctx.db
      .insertInto('game_seeds')
      .values({ session_id: session.id, server_seed: 'a'.repeat(64), server_seed_hash: 'b'.repeat(64), client_seed: 'other' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('game_rounds')
      .values({
        session_id: session.id,
        seed_id: seed.id,
        nonce: 0,
        merchant_id: other.id,
        member_id: null,
        game_id: game.id,
        mode: 'real',
        stake_minor: 999,
        payout_minor: 0,
        outcome: '{}',
        state: 'settled',
      })
      .execute();
    const now = Date.now();
    const draw = await ctx.db
      .insertInto('lottery_draws')
      .values({
        merchant_id: other.id,
        game_id: lottoGame.id,
        numero: '20260101-000000',
        opens_at: new Date(now - 60_000),
        closes_at: new Date(now),
        server_seed: 'a'.repeat(64),
        server_seed_hash: 'b'.repeat(64),
        client_seed: 'other',
        result: '123',
        state: 'settled',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('lottery_bets')
      .values({
        draw_id: draw.id,
        session_id: session.id,
        merchant_id: other.id,
        member_id: null,
        game_id: lottoGame.id,
        mode: 'real',
        bet_type: 'big',
        pick: null,
        stake_minor: 999,
        payout_x100: 195,
        win_minor: 0,
        state: 'settled',
      })
      .execute();
    const round = await ctx.db
      .insertInto('crash_rounds')
      .values({
        merchant_id: other.id,
        game_id: crashGame.id,
        round_no: 1,
        server_seed: 'a'.repeat(64),
        server_seed_hash: 'b'.repeat(64),
        crash_x100: 100,
        opens_at: new Date(now - 9000),
        flies_at: new Date(now - 3000),
        crashes_at: new Date(now - 3000),
        ends_at: new Date(now),
        settled_at: new Date(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('crash_bets')
      .values({
        round_id: round.id,
        session_id: session.id,
        merchant_id: other.id,
        member_id: null,
        game_id: crashGame.id,
        mode: 'real',
        stake_minor: 999,
        payout_minor: 0,
        state: 'settled',
      })
      .execute();
    const all = await page();
    expect(all.total).toBe(9);
    expect(all.rounds.every((r) => r.stakeMinor !== 999)).toBe(true);
    expect(all.games.map((g) => g.nodeId).sort()).toEqual([SLOT, CRASH, LOTTO].sort());
    for (const nodeId of ['OTHER_SLOT', 'OTHER_LOTTO', 'OTHER_CRASH']) expect((await page({ nodeId })).total).toBe(0);
    for (const engine of ['slot', 'lottery', 'crash']) expect((await page({ engine })).rounds.every((r) => r.stakeMinor !== 999)).toBe(true);
  });

  it('is for money.read (owner, finance) only, after a session; bad input changes nothing and says why', async () => {
    expect((await rounds({}, ops.owner)).statusCode).toBe(200);
    for (const token of [ops.support, ops.content])
      expect((await rounds({}, token)).json()).toMatchObject({ success: false, code: 403, message: 'error_forbidden' });
    expect((await ctx.app.inject({ url: OPERATOR_ROUNDS_PATHS.operatorGameRounds, query: { from, to } })).statusCode).toBe(401);
    const bads: Record<string, string>[] = [
      { from: to, to: from },
      { pageSize: '101' },
      { account: 'x'.repeat(1_000_000) },
      { account: 'demo\u0000member' },
      { state: 'won' },
      { engine: 'poker' },
    ];
    for (const bad of bads) {
      const res = await rounds(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('reports real-money plays the wallet left unfinished past their due time, whatever the filter, until a sweep finishes them', async () => {
    const deps = ctx.app.platform;
    const merchantId = (await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id;
    const before = await page();
    expect(before.stuck).toBe(0);
    expect(before.stuckSince).toBeNull();
    // demo_player4 spins; the wallet takes the stake but the answer to the win is lost: the round stays 'placed'.
    const player = await loginToken(ctx.app, 'demo_player4', 'Player1234');
    const opened = await open(player);
    const session = await sessionOf(deps, merchantId, opened.token);
    const real = builtInProvider(ctx.app, deps).walletFor(merchantId);
    const lost: TWalletClient = { ...real, win: async () => Promise.reject(new WalletUnreachable('answer lost')) };
    await spinSlot(deps, lost, session, 100).catch(() => undefined);
    const placedAt = nowMs;
    // The operator switches the provider off: its wallet now refuses every call, so the sweep cannot pay the win.
    await ctx.db.updateTable('seamless_providers').set({ enabled: false }).where('merchant_id', '=', merchantId).execute();
    nowMs += OPERATOR_STUCK_AFTER_MS + 60_000;
    try {
      await recoverRounds(deps, real, merchantId);
      const stuck = await page({ account: 'demo_member', engine: 'lottery' });
      expect(stuck.stuck).toBe(1);
      const round = await ctx.db.selectFrom('game_rounds').select('created_at').where('session_id', '=', session.id).executeTakeFirstOrThrow();
      expect(stuck.stuckSince).toBe(new Date(round.created_at).toISOString());
      // Switched back on, the next sweep pays it with the same ids and the alert clears.
      await ctx.db.updateTable('seamless_providers').set({ enabled: true }).where('merchant_id', '=', merchantId).execute();
      expect((await recoverRounds(deps, real, merchantId)).paid).toBe(1);
      expect((await page()).stuck).toBe(0);
    } finally {
      await ctx.db.updateTable('seamless_providers').set({ enabled: true }).where('merchant_id', '=', merchantId).execute();
      nowMs = placedAt;
    }
  });
});
