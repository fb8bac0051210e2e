import { beforeAll, describe, expect, it } from 'vitest';
import {
  LOTTERY_SETTINGS_ACTION,
  OPERATOR_LOTTERY_PATHS,
  OPERATOR_PATHS,
  WLG_LOTTERY_PATHS,
  WLG_PATHS,
  WPS_PATHS,
  WLG_MESSAGES,
  ZEnvelope,
  ZHotGamesResponse,
  ZWinnerBoardResponse,
  ZOperatorAuditResponse,
  ZOperatorLotterySettingsResponse,
  ZWlgLotteryBetResponse,
  ZWlgLotteryNumeroResponse,
  ZWlgLotteryStateResponse,
} from '@wl/schemas';
import { chainLinkHolds, mixedClientSeed, roundMix, serverSeedHash } from '@wl/schemas/games/fair';
import {
  LOTTERY_DEFAULT_PAYOUTS,
  LOTTERY_MAX_BETS_PER_DRAW,
  LOTTERY_SETTLE_GRACE_MS,
  lotteryClientSeed,
  lotteryResult,
  lotteryWinMinor,
} from '@wl/schemas/games/lottery';
import { lotteryPrizeMode } from '@wl/schemas/rules/lottery-launch';
import { categoryVendors } from '../../catalogue/catalogue.queries.ts';
import { BUILT_IN_LOTTERY } from '../../kernel/catalogue.ts';
import { DEMO_ACCOUNTS } from '../../seed/seed.ts';
import { rowCounts } from '../../test-support/db.ts';
import { useGamePlatform } from '../../test-support/games.ts';
import { fromClientIp } from '../../test-support/http.ts';
import { fundWallet } from '../../test-support/bare-members.ts';
import { freshDownline } from '../../test-support/protection.ts';
import { excludeSelf } from '../../protection/exclusion.ts';
import { ledgerViolations, NO_VIOLATIONS } from '../../wallet/ledger-invariants.ts';
import { sessionOf } from './game-sessions.ts';
import { lotteryBetIds, settleDraw } from './lottery-settle.ts';
import { placeLotteryBet } from './lottery.service.ts';
import type { TWalletClient } from './wallet-client.ts';
import { builtInProvider } from './built-in-provider.ts';

// docs/0041: the built-in lottery. Real time plus a shift the test moves past a close.
let shiftMs = 0;
const games = useGamePlatform({ clock: () => new Date(Date.now() + shiftMs) });
const { ctx, post, walletOf } = games;
const LOTTO = BUILT_IN_LOTTERY.game.nodeId;

let owner = '';
let content = '';
let provider: ReturnType<typeof builtInProvider>;
beforeAll(async () => {
  provider = builtInProvider(ctx.app, ctx.app.platform);
  const opLogin = async (username: string, password: string) =>
    (await ctx.app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload: { username, password } })).json().value.token as string;
  owner = await opLogin(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password);
  // The payouts are money (docs/0066): the content role may not set them.
  content = await opLogin('demo_content', 'Content1234');
});

const op = (method: 'GET' | 'PUT', token: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: OPERATOR_LOTTERY_PATHS.settings,
    headers: { authorization: token, ...fromClientIp('203.0.113.7') },
    ...(payload ? { payload } : {}),
  });
const memberId = games.demoMemberId;

/** docs/rules/games.md#g-3's lottery launch of the built-in lottery (the lottery route's call), opened like /lottert opens it. */
async function openLottery(view: 'betting' | 'lobby' = 'lobby', token: string | null = games.member, accountType = 1) {
  let url: string;
  if (accountType === 1) {
    const prizeMode = lotteryPrizeMode('LOTT', await categoryVendors(ctx.db, 1));
    const q = `launchMode=GLS&lottoArea=LOTT&lottoGameCode=${LOTTO}&lottoPrizeMode=${prizeMode}&lottoView=${view}&device=MOBILE&backUrl=%2F`;
    const res = await ctx.app.inject({ url: `${WPS_PATHS.launchGame}?${q}`, headers: { authorization: token! } });
    url = res.json().value.content.game_url;
  } else {
    url = (await ctx.app.inject({ url: `${WPS_PATHS.launchGame}?nodeId=${LOTTO}&launchMode=GLS&accountType=0` })).json().value.content.game_url;
  }
  const parsed = new URL(url, 'http://x');
  expect(parsed.pathname).toBe('/lottert');
  expect(parsed.searchParams.get('game')).toBe(LOTTO);
  expect(parsed.searchParams.get('view')).toBe(accountType === 1 ? view : 'betting');
  return games.openPage(parsed);
}
const state = async (token: string) => ZWlgLotteryStateResponse.parse((await post(WLG_LOTTERY_PATHS.state, { token })).json().value);
const bet = (token: string, body: Record<string, unknown>) => post(WLG_LOTTERY_PATHS.bet, { token, ...body });
const closeMine = () => post(WLG_PATHS.closeMine, {}, games.member);

/** Moves the clock past the draw's close and settles it as its job would. */
async function passClose(closesAt: string) {
  shiftMs += new Date(closesAt).getTime() + LOTTERY_SETTLE_GRACE_MS + 10 - (Date.now() + shiftMs);
}

describe('the built-in lottery', () => {
  it('takes bets on the open draw through the wallet, draws it from the committed seed, and pays each bet once', async () => {
    await closeMine();
    const game = await openLottery('lobby');
    expect(game.game).toMatchObject({ engine: 'lottery', gameCode: LOTTO });
    const first = await state(game.token);
    expect(first.settings).toEqual({ intervalSeconds: 180, payouts: LOTTERY_DEFAULT_PAYOUTS });
    const draw = first.open!;
    // The hash is shown while bets are taken; the seed is not.
    expect(draw).toMatchObject({ state: 'open', serverSeed: null, result: null, clientSeed: lotteryClientSeed(LOTTO, draw.numero) });
    expect(new Date(draw.closesAt).getTime() - new Date(draw.opensAt).getTime()).toBe(180_000);

    const id = await memberId();
    const before = await walletOf(id);
    const placed = [];
    for (const b of [
      { betType: 'exact3', pick: '123', stakeMinor: 100 },
      { betType: 'last1', pick: '7', stakeMinor: 500 },
      { betType: 'big', pick: null, stakeMinor: 1000 },
      { betType: 'odd', pick: null, stakeMinor: 1000 },
      { betType: 'even', pick: null, stakeMinor: 1000 },
    ]) {
      const res = ZWlgLotteryBetResponse.parse((await bet(game.token, { drawId: draw.drawId, ...b })).json().value);
      expect(res.bet).toMatchObject({ state: 'placed', drawId: draw.drawId, numero: draw.numero, winMinor: null });
      placed.push(res.bet);
    }
    expect(await walletOf(id)).toBe(before - 3600);
    // Nothing is paid before the draw: a settlement before the close does nothing.
    expect((await settleDraw(ctx.app.platform, provider.walletFor, Number(draw.drawId))).state).toBe('early');

    await passClose(draw.closesAt);
    const settled = await settleDraw(ctx.app.platform, provider.walletFor, Number(draw.drawId));
    expect(settled).toMatchObject({ state: 'settled', paid: 5, left: 0 });
    // A second settlement (a retried job, another process) moves nothing.
    expect(await settleDraw(ctx.app.platform, provider.walletFor, Number(draw.drawId))).toMatchObject({ state: 'settled', paid: 0 });

    const numero = ZWlgLotteryNumeroResponse.parse((await ctx.app.inject({ url: `${WLG_LOTTERY_PATHS.numero}?gameCode=${LOTTO}` })).json().value);
    const done = numero.recent.find((d) => d.drawId === draw.drawId)!;
    expect(done.state).toBe('settled');
    expect(await serverSeedHash(done.serverSeed!)).toBe(draw.serverSeedHash);
    // docs/0073: the result recomputes from the published values: the chain link, the draw's first bets as tickets.
    expect(done.mixTickets!.length).toBe(5);
    expect(done.mix).toBe(await roundMix(done.mixTickets!));
    expect(done.result).toBe(await lotteryResult(done.serverSeed!, mixedClientSeed(draw.clientSeed, done.mix!)));
    expect(await chainLinkHolds(done.serverSeed!, done.serverSeedHash)).toBe(true);
    if (done.chainIndex === 1) expect(done.serverSeedHash).toBe(done.chainAnchor);
    // The next draw's commitment is this draw's seed: link by link.
    if (numero.open!.chainId === done.chainId) expect(numero.open!.serverSeedHash).toBe(done.serverSeed);
    // Another first bet would have drawn another result (checked over a few changed tickets).
    const changed = await Promise.all(
      ['0:big:-:100', '0:small:-:100', '0:odd:-:100', '0:even:-:100'].map(async (t) =>
        lotteryResult(done.serverSeed!, mixedClientSeed(draw.clientSeed, await roundMix([t, ...done.mixTickets!.slice(1)]))),
      ),
    );
    expect(changed.some((r) => r !== done.result)).toBe(true);
    // A new draw is open, on the next slot of the interval.
    expect(numero.open!.drawId).not.toBe(draw.drawId);
    expect(numero.open!.opensAt).toBe(new Date(new Date(numero.serverTime).getTime() - (new Date(numero.serverTime).getTime() % 180_000)).toISOString());

    const wins = placed.map((b) => lotteryWinMinor({ ...b, payoutX100: b.payoutX100 }, done.result!));
    expect(await walletOf(id)).toBe(before - 3600 + wins.reduce((a, w) => a + w, 0));
    // Each bet is its own round at the wallet: one bet and one win (0 closes a loss), the records' meta.
    for (const [i, b] of placed.entries()) {
      const ids = lotteryBetIds(Number(b.betId));
      expect(await games.walletCallsOf(ids.round)).toEqual([
        { transaction_id: ids.bet, kind: 'bet', amount_minor: b.stakeMinor },
        { transaction_id: ids.win, kind: 'win', amount_minor: wins[i] },
      ]);
    }
    const mine = (await state(game.token)).bets.filter((b) => b.drawId === draw.drawId);
    expect(mine.map((b) => [b.state, b.result, b.winMinor]).sort()).toEqual(wins.map((w) => ['settled', done.result, w]).sort());
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
    // Real play and real wins reach hot games and the winner board (odd or even always wins).
    const hot = ZEnvelope(ZHotGamesResponse).parse((await ctx.app.inject({ url: WPS_PATHS.hotGames, headers: { language: 'en' } })).json()).value!.list;
    expect(hot[0]!.nodeId).toBe(LOTTO);
    const board = ZEnvelope(ZWinnerBoardResponse).parse(
      (await ctx.app.inject({ url: `${WPS_PATHS.winnerBoard}?limitNum=100`, headers: { language: 'en' } })).json(),
    ).value!.list;
    expect(board.filter((w) => w.vo.nodeId === LOTTO).map((w) => w.vo.winAmount)).toEqual(wins.filter((w) => w > 0).sort((a, b) => b - a));

    // A bet on the closed draw is refused; nothing moves.
    const counts = await rowCounts(ctx.db, ['lottery_bets', 'seamless_transactions']);
    const late = await bet(game.token, { drawId: draw.drawId, betType: 'big', pick: null, stakeMinor: 100 });
    expect(late.json()).toMatchObject({ success: false, message: 'lottery_draw_closed' });
    expect(await rowCounts(ctx.db, ['lottery_bets', 'seamless_transactions'])).toEqual(counts);
  });

  it('refuses bad bets with a clear reason and changes nothing', async () => {
    await closeMine();
    const game = await openLottery('betting');
    const open = (await state(game.token)).open!;
    const counts = await rowCounts(ctx.db, ['lottery_bets', 'seamless_transactions', 'ledger_transactions']);
    const refused = async (body: Record<string, unknown>, message: string) => {
      const res = await bet(game.token, body);
      expect(res.json(), JSON.stringify(body).slice(0, 80)).toMatchObject({ success: false, message });
    };
    await refused({ drawId: open.drawId, betType: 'exact3', pick: '12', stakeMinor: 100 }, 'error_bad_request');
    await refused({ drawId: open.drawId, betType: 'big', pick: '1', stakeMinor: 100 }, 'error_bad_request');
    await refused({ drawId: open.drawId, betType: 'last2', pick: '1\u0000', stakeMinor: 100 }, 'error_bad_request');
    await refused({ drawId: open.drawId, betType: 'last1', pick: '1', stakeMinor: 99 }, 'error_bad_request');
    await refused({ drawId: open.drawId, betType: 'last1', pick: '1', stakeMinor: 1.5 }, 'error_bad_request');
    await refused({ drawId: open.drawId, betType: 'jackpot', pick: null, stakeMinor: 100 }, 'error_bad_request');
    await refused({ drawId: open.drawId, betType: 'big', pick: null, stakeMinor: 100, extra: 'x'.repeat(1 << 20) }, 'error_payload_too_large');
    await refused({ drawId: '999999999', betType: 'big', pick: null, stakeMinor: 100 }, 'lottery_draw_closed');
    await refused({ drawId: open.drawId, betType: 'big', pick: null, stakeMinor: 400_000_000 }, 'error_bad_request');
    expect(await rowCounts(ctx.db, ['lottery_bets', 'seamless_transactions', 'ledger_transactions'])).toEqual(counts);
    // A token that is no session's.
    expect((await bet('x'.repeat(43), { drawId: open.drawId, betType: 'big', pick: null, stakeMinor: 100 })).json()).toMatchObject({
      success: false,
      code: 401,
    });
  });

  it(`50 parallel bets on one draw: at most ${LOTTERY_MAX_BETS_PER_DRAW} taken, each debited once`, async () => {
    await closeMine();
    const game = await openLottery('betting');
    const open = (await state(game.token)).open!;
    const id = await memberId();
    const before = await walletOf(id);
    const already = (await state(game.token)).bets.filter((b) => b.drawId === open.drawId && b.state !== 'rolled_back').length;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => bet(game.token, { drawId: open.drawId, betType: 'small', pick: null, stakeMinor: 100 })),
    );
    const free = LOTTERY_MAX_BETS_PER_DRAW - already;
    // A slot is taken before the debit; a debit the wallet does not answer within its time is rolled
    // back and answered busy, which frees its slot. How many end busy depends on the machine's speed
    // (a loaded one answers some so), so the rule is checked in a form no speed changes.
    const messages = answers.map((a) => (a.json().success ? 'ok' : String(a.json().message)));
    const ok = messages.filter((m) => m === 'ok').length;
    const busy = messages.filter((m) => m === WLG_MESSAGES.busy).length;
    expect(messages.filter((m) => m !== 'ok' && m !== WLG_MESSAGES.busy && m !== 'lottery_too_many_bets')).toEqual([]);
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThanOrEqual(free);
    // Every bet refused by the limit was refused while all the slots were taken or on their way.
    expect(ok + busy).toBeGreaterThanOrEqual(free);
    expect(await walletOf(id)).toBe(before - ok * 100);
    // The limit is exact: the member fills the draw one bet at a time, the bet after the last slot is refused.
    let more = 0;
    for (;;) {
      const answer = (await bet(game.token, { drawId: open.drawId, betType: 'small', pick: null, stakeMinor: 100 })).json();
      if (!answer.success) {
        expect(answer.message).toBe('lottery_too_many_bets');
        break;
      }
      more++;
      expect(ok + more).toBeLessThanOrEqual(free);
    }
    expect(ok + more).toBe(free);
    expect(await walletOf(id)).toBe(before - free * 100);
  });

  it('a bet whose debit is on the way when its draw settles: refunded or refused, never lost, and the player is told the draw closed', async () => {
    const id = await memberId();
    for (const order of ['settled before the debit arrives', 'settled after the debit, before the bet was marked'] as const) {
      await closeMine();
      const game = await openLottery('betting');
      // A fresh draw: the one the tests above filled closes and settles first.
      const full = (await state(game.token)).open!;
      await passClose(full.closesAt);
      await settleDraw(ctx.app.platform, provider.walletFor, Number(full.drawId));
      const open = (await state(game.token)).open!;
      const before = await walletOf(id);
      const session = await sessionOf(ctx.app.platform, 1, game.token);
      const real = provider.walletFor(1);
      const settleNow = async () => {
        await passClose(open.closesAt);
        await settleDraw(ctx.app.platform, provider.walletFor, Number(open.drawId));
      };
      // The network holds the debit while the draw closes and settles.
      const racing: TWalletClient = {
        ...real,
        bet: async (req) => {
          if (order === 'settled before the debit arrives') await settleNow();
          const answer = await real.bet(req);
          if (order !== 'settled before the debit arrives') await settleNow();
          return answer;
        },
      };
      await expect(
        placeLotteryBet(ctx.app.platform, racing, session, { drawId: open.drawId, betType: 'big', pick: null, stakeMinor: 700 }),
      ).rejects.toMatchObject({ messageKey: 'lottery_draw_closed' });
      expect(await walletOf(id), order).toBe(before);
      const row = await ctx.db
        .selectFrom('lottery_bets')
        .select(['state'])
        .where('draw_id', '=', Number(open.drawId))
        .where('stake_minor', '=', 700)
        .executeTakeFirstOrThrow();
      expect(row.state, order).toBe('rolled_back');
      expect((await ctx.db.selectFrom('lottery_draws').select('state').where('id', '=', Number(open.drawId)).executeTakeFirstOrThrow()).state).toBe('settled');
    }
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
  });

  it('free play bets play money and is paid in play money at the draw', async () => {
    const game = await openLottery('betting', null, 0);
    expect(game.mode).toBe('fun');
    const open = (await state(game.token)).open!;
    // More than the play money holds: refused, nothing taken.
    const counts = await rowCounts(ctx.db, ['lottery_bets']);
    expect((await bet(game.token, { drawId: open.drawId, betType: 'odd', pick: null, stakeMinor: 500_000 })).json()).toMatchObject({
      success: false,
      message: 'insufficient_funds',
    });
    expect(await rowCounts(ctx.db, ['lottery_bets'])).toEqual(counts);
    const placed = ZWlgLotteryBetResponse.parse((await bet(game.token, { drawId: open.drawId, betType: 'odd', pick: null, stakeMinor: 10_000 })).json().value);
    expect(placed.balanceMinor).toBe(game.balanceMinor - 10_000);
    await passClose(open.closesAt);
    await settleDraw(ctx.app.platform, provider.walletFor, Number(open.drawId));
    const after = await state(game.token);
    const settled = after.bets.find((b) => b.betId === placed.bet.betId)!;
    expect(settled.state).toBe('settled');
    expect(after.balanceMinor).toBe(game.balanceMinor - 10_000 + settled.winMinor!);
    // No wallet call for play money.
    expect(
      await ctx.db
        .selectFrom('seamless_transactions')
        .select('id')
        .where('round_id', '=', lotteryBetIds(Number(placed.bet.betId)).round)
        .execute(),
    ).toEqual([]);
  });

  it('the operator sets the interval and payout table: validated, audited, live for the next draw and bet', async () => {
    const current = ZEnvelope(ZOperatorLotterySettingsResponse).parse((await op('GET', owner)).json()).value!.games;
    expect(current).toEqual([expect.objectContaining({ gameCode: LOTTO, settings: { intervalSeconds: 180, payouts: LOTTERY_DEFAULT_PAYOUTS } })]);
    const counts = await rowCounts(ctx.db, ['lottery_settings', 'config_audit']);
    for (const bad of [
      { intervalSeconds: 29, payouts: LOTTERY_DEFAULT_PAYOUTS },
      { intervalSeconds: 3601, payouts: LOTTERY_DEFAULT_PAYOUTS },
      { intervalSeconds: 60.5, payouts: LOTTERY_DEFAULT_PAYOUTS },
      // Above the odds: the house would lose on every bet.
      { intervalSeconds: 60, payouts: { ...LOTTERY_DEFAULT_PAYOUTS, exact3: 100_001 } },
      { intervalSeconds: 60, payouts: { ...LOTTERY_DEFAULT_PAYOUTS, bigSmall: 100 } },
      { intervalSeconds: 60, payouts: { ...LOTTERY_DEFAULT_PAYOUTS, jackpot: 5 } },
    ]) {
      const res = await op('PUT', owner, { gameCode: LOTTO, settings: bad });
      expect(res.json(), JSON.stringify(bad)).toMatchObject({ success: false, code: 400 });
    }
    expect((await op('PUT', owner, { gameCode: 'WLG_SLOT_BENGAL', settings: { intervalSeconds: 60, payouts: LOTTERY_DEFAULT_PAYOUTS } })).json()).toMatchObject(
      { success: false, code: 404 },
    );
    expect((await op('PUT', content, { gameCode: LOTTO, settings: { intervalSeconds: 60, payouts: LOTTERY_DEFAULT_PAYOUTS } })).json()).toMatchObject({
      success: false,
      code: 403,
    });
    expect(await rowCounts(ctx.db, ['lottery_settings', 'config_audit'])).toEqual(counts);

    // The open draw holds a bet: it keeps its close.
    await closeMine();
    const game = await openLottery('betting');
    const held = (await state(game.token)).open!;
    const before = ZWlgLotteryBetResponse.parse((await bet(game.token, { drawId: held.drawId, betType: 'last1', pick: '3', stakeMinor: 100 })).json().value);
    expect(before.bet.payoutX100).toBe(900);
    const payouts = { ...LOTTERY_DEFAULT_PAYOUTS, last1: 950 };
    const set = await op('PUT', owner, { gameCode: LOTTO, settings: { intervalSeconds: 30, payouts } });
    expect(ZEnvelope(ZOperatorLotterySettingsResponse).parse(set.json()).value!.games[0]!.settings).toEqual({ intervalSeconds: 30, payouts });
    // Again: a no-op, not audited twice.
    await op('PUT', owner, { gameCode: LOTTO, settings: { intervalSeconds: 30, payouts } });
    const audit = ZEnvelope(ZOperatorAuditResponse).parse(
      (await ctx.app.inject({ url: OPERATOR_PATHS.operatorAudit, query: { action: LOTTERY_SETTINGS_ACTION }, headers: { authorization: owner } })).json(),
    ).value!;
    expect(audit.total).toBe(1);

    // Live: the next bet uses the new table; once the open draw closes the next one is 30 s long.
    const open = (await state(game.token)).open!;
    expect(open).toEqual(held);
    const placed = ZWlgLotteryBetResponse.parse((await bet(game.token, { drawId: open.drawId, betType: 'last1', pick: '3', stakeMinor: 100 })).json().value);
    expect(placed.bet.payoutX100).toBe(950);
    await passClose(open.closesAt);
    const next = (await state(game.token)).open!;
    expect(new Date(next.closesAt).getTime() - new Date(next.opensAt).getTime()).toBe(30_000);
    await settleDraw(ctx.app.platform, provider.walletFor, Number(open.drawId));
    // An open draw without bets is withdrawn when the interval changes: the new one applies at once.
    await op('PUT', owner, { gameCode: LOTTO, settings: { intervalSeconds: 60, payouts } });
    const now = (await state(game.token)).open!;
    expect(now.drawId).not.toBe(next.drawId);
    expect(new Date(now.closesAt).getTime() - new Date(now.opensAt).getTime()).toBe(60_000);
    expect(await ctx.db.selectFrom('lottery_draws').select('id').where('id', '=', Number(next.drawId)).execute()).toEqual([]);
    // A bet on the withdrawn draw is told it closed.
    expect((await bet(game.token, { drawId: next.drawId, betType: 'big', pick: null, stakeMinor: 100 })).json()).toMatchObject({
      success: false,
      message: 'lottery_draw_closed',
    });
    await op('PUT', owner, { gameCode: LOTTO, settings: { intervalSeconds: 180, payouts: LOTTERY_DEFAULT_PAYOUTS } });
  });
});

describe('a closed account (docs/0105)', () => {
  it('has its ticket of a draw not yet run refunded through the wallet, not played', async () => {
    const m = await freshDownline(ctx, 'lotto_closed');
    const merchant = { id: 1, currency: 'BDT' };
    await fundWallet(ctx.db, merchant, m.id, 10_000, 'lotto-closed-fund');
    const game = await openLottery('betting', m.token);
    const open = (await state(game.token)).open!;
    const placed = ZWlgLotteryBetResponse.parse((await bet(game.token, { drawId: open.drawId, betType: 'big', pick: null, stakeMinor: 1_000 })).json().value);
    expect(await walletOf(m.id)).toBe(9_000);
    await excludeSelf(
      ctx.db,
      { merchantId: merchant.id, memberId: m.id, now: new Date(Date.now() + shiftMs) },
      { kind: 'timeout', period: '24h', confirm: true },
    );
    await passClose(open.closesAt);
    const settled = await settleDraw(ctx.app.platform, provider.walletFor, Number(open.drawId));
    expect(settled).toMatchObject({ state: 'settled', left: 0 });
    expect(settled.rolledBack).toBeGreaterThanOrEqual(1);
    expect(await walletOf(m.id)).toBe(10_000);
    const row = await ctx.db.selectFrom('lottery_bets').select(['state', 'win_minor']).where('id', '=', Number(placed.bet.betId)).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'rolled_back', win_minor: null });
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
  });
});
