import { describe, expect, it } from 'vitest';
import { WLG_PATHS, WPS_PATHS, ZWlgRoundsResponse, ZWlgSeedResponse, ZWlgSlotSpinResponse } from '@wl/schemas';
import { fairFloats, serverSeedHash } from '@wl/schemas/games/fair';
import { slotSpin } from '@wl/schemas/games/slot';
import { rowCounts } from '../../test-support/db.ts';
import { useGamePlatform } from '../../test-support/games.ts';
import { loginToken } from '../../test-support/http.ts';
import { hashPassword } from '../../session/password.service.ts';
import { accountFor, houseAccountId, transfer } from '../../wallet/ledger.service.ts';
import { BUILT_IN_GAMES } from '../../kernel/catalogue.ts';
import { closeIdleSessions, FREE_PLAY_BALANCE_MINOR, sessionOf } from './game-sessions.ts';
import { recoverRounds, roundIds, ROUND_RECOVERY_AFTER_MS, spinSlot } from './rounds.service.ts';
import { WalletUnreachable } from './wallet-client.ts';
import { builtInProvider } from './built-in-provider.ts';

// Real time plus a shift a test can move forward (idle sessions, the recovery sweep's age).
let shiftMs = 0;
const games = useGamePlatform({ clock: () => new Date(Date.now() + shiftMs) });
const { ctx, post, demoMemberId, walletOf } = games;
const SLOT = BUILT_IN_GAMES[0].nodeId;

const launch = (token: string | null, accountType = 1) => games.launch(SLOT, token, accountType);

async function open(token: string | null, accountType = 1) {
  const launched = await launch(token, accountType);
  expect(launched.success).toBe(true);
  const url = new URL(launched.value!.content.game_url, 'http://x');
  expect(url.pathname).toBe('/seamless');
  expect(url.searchParams.get('game')).toBe(SLOT);
  return games.openPage(url);
}

const closeMine = (token: string) => post(WLG_PATHS.closeMine, {}, token);

/** demo_member's real-money slot session on the platform's own wallet client, with the balance before. */
async function realSession() {
  const game = await open(games.member);
  const memberId = await demoMemberId();
  const deps = ctx.app.platform;
  const wallet = builtInProvider(ctx.app, deps).walletFor(1);
  const session = await sessionOf(deps, 1, game.token);
  return { game, memberId, deps, wallet, session, before: await walletOf(memberId) };
}

describe('the built-in slot on the seamless wallet', () => {
  it('a spin debits the stake and credits the win through the wallet, and proves itself once the seed is revealed', async () => {
    const game = await open(games.member);
    const memberId = await demoMemberId();
    const before = await walletOf(memberId);
    expect(game).toMatchObject({ mode: 'real', balanceMinor: before, game: { nodeId: SLOT, engine: 'slot' }, fair: { nonce: 0 } });

    const res = await post(WLG_PATHS.slotSpin, { token: game.token, betPerLineMinor: 100 });
    const spin = ZWlgSlotSpinResponse.parse(res.json().value);
    expect(spin.round.stakeMinor).toBe(2500);
    expect(spin.balanceMinor).toBe(before - 2500 + spin.round.payoutMinor);
    expect(await walletOf(memberId)).toBe(spin.balanceMinor);
    expect(spin.fair.nonce).toBe(1);
    // The wallet saw the provider's ids; the ledger carries the game and round for the records.
    const ids = roundIds(Number(spin.round.roundId));
    expect(await games.walletCallsOf(ids.round)).toEqual([
      { transaction_id: ids.bet, kind: 'bet', amount_minor: 2500 },
      { transaction_id: ids.win, kind: 'win', amount_minor: spin.round.payoutMinor },
    ]);

    const rotated = ZWlgSeedResponse.parse((await post(WLG_PATHS.seed, { token: game.token, clientSeed: 'my-own-seed' })).json().value);
    expect(rotated.revealed).toMatchObject({ serverSeedHash: game.fair.serverSeedHash, clientSeed: game.fair.clientSeed, rounds: 1 });
    expect(await serverSeedHash(rotated.revealed.serverSeed)).toBe(game.fair.serverSeedHash);
    expect(slotSpin(await fairFloats(rotated.revealed.serverSeed, game.fair.clientSeed, 0, 5), 100)).toEqual(spin.round.outcome);
    expect(rotated.fair).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
    expect(rotated.fair.serverSeedHash).not.toBe(game.fair.serverSeedHash);

    const rounds = ZWlgRoundsResponse.parse((await post(WLG_PATHS.rounds, { token: game.token })).json().value).rounds;
    expect(rounds[0]).toMatchObject({ roundId: spin.round.roundId, state: 'settled', serverSeed: rotated.revealed.serverSeed, nonce: 0 });
    expect((await closeMine(games.member)).json().value).toEqual({ closed: 1 });
  });

  it('the winner board and hot games come from real play', async () => {
    const game = await open(games.member);
    let won: { payoutMinor: number } | null = null;
    // A win comes within a few spins (most spins pay on one of 25 lines); bounded, never a wait.
    for (let i = 0; i < 40 && !won; i++) {
      const spin = ZWlgSlotSpinResponse.parse((await post(WLG_PATHS.slotSpin, { token: game.token, betPerLineMinor: 2000 })).json().value);
      if (spin.round.payoutMinor > 0) won = spin.round;
    }
    expect(won).not.toBeNull();
    const board = (await ctx.app.inject({ url: `${WPS_PATHS.winnerBoard}?limitNum=20&language=en` })).json().value.list as {
      vo: { customerName: string; winAmount: number; nodeId: string };
    }[];
    // Real wins first, the biggest first, named as the board names winners; the seed's history fills the rest.
    expect(board[0]!.vo).toMatchObject({ nodeId: SLOT, customerName: 'de***r' });
    expect(board[0]!.vo.winAmount).toBeGreaterThanOrEqual(won!.payoutMinor);
    expect(board).toHaveLength(20);
    const hot = (await ctx.app.inject({ url: `${WPS_PATHS.hotGames}?language=en` })).json().value.list as { nodeId: string }[];
    expect(hot[0]!.nodeId).toBe(SLOT);
    await closeMine(games.member);
  });

  it('one real-money game at a time: a second launch answers 734 until the first is closed or idle', async () => {
    const game = await open(games.member);
    const again = await launch(games.member);
    expect(again).toMatchObject({ success: false, code: 734, message: 'error_game_already_open' });
    // Free play needs no wallet: it is not refused.
    expect((await launch(games.member, 0)).success).toBe(true);
    expect((await closeMine(games.member)).json().value).toEqual({ closed: 1 });
    expect((await post(WLG_PATHS.state, { token: game.token })).statusCode).toBe(401);
    await open(games.member);
    // Idle for the whole window: the next launch closes it.
    shiftMs = 16 * 60_000;
    try {
      await open(games.member);
    } finally {
      shiftMs = 0;
    }
    // The games sweep closes idle sessions (and reveals their seeds) without waiting for a launch:
    // the one just opened (at +16 min) is idle at +32 min.
    shiftMs = 32 * 60_000;
    try {
      expect(await closeIdleSessions(ctx.app.platform)).toBeGreaterThanOrEqual(1);
    } finally {
      shiftMs = 0;
    }
    expect((await closeMine(games.member)).json().value).toEqual({ closed: 0 });
  });

  it('two tickets opened at once: one session, the other answers 734 and its ticket stays usable', async () => {
    const tickets = await Promise.all([launch(games.member), launch(games.member)]);
    const ticketOf = (t: (typeof tickets)[number]) => new URL(t.value!.content.game_url, 'http://x').searchParams.get('ticket');
    const opened = await Promise.all(tickets.map((t) => post(WLG_PATHS.open, { ticket: ticketOf(t) })));
    expect(opened.map((r) => r.json().code ?? 0).sort()).toEqual([0, 734]);
    await closeMine(games.member);
    const loser = tickets[opened.findIndex((r) => r.json().code === 734)]!;
    expect((await post(WLG_PATHS.open, { ticket: ticketOf(loser) })).json()).toMatchObject({ success: true });
    await closeMine(games.member);
  });

  it('refuses a stake the wallet cannot cover, and nothing moves', async () => {
    const merchant = await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    const poor = await ctx.db
      .insertInto('members')
      .values({ merchant_id: merchant.id, username: 'slotpoor', nickname: 'p', password_hash: await hashPassword('Poor1234'), type: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const wallet = await accountFor(ctx.db, merchant, 'member_wallet', { memberId: poor.id });
    const house = (await houseAccountId(ctx.db, merchant.id))!;
    await transfer(ctx.db, {
      from: house,
      to: wallet,
      amountMinor: 1000,
      owner: { kind: 'system', id: 0 },
      idempotencyKey: 'slot-test:poor',
      kind: 'seed_credit',
    });
    const token = await loginToken(ctx.app, 'slotpoor', 'Poor1234');
    const game = await open(token);
    const before = await rowCounts(ctx.db, ['ledger_transactions', 'seamless_transactions']);
    const res = await post(WLG_PATHS.slotSpin, { token: game.token, betPerLineMinor: 100 });
    expect(res.json()).toMatchObject({ success: false, message: 'insufficient_funds', value: { balanceMinor: 1000 } });
    expect(await rowCounts(ctx.db, ['ledger_transactions', 'seamless_transactions'])).toEqual(before);
    const round = await ctx.db.selectFrom('game_rounds').select('state').where('member_id', '=', poor.id).executeTakeFirstOrThrow();
    expect(round.state).toBe('refused');
  });

  it('free play spends play money with no cash value and never touches a wallet', async () => {
    const before = await rowCounts(ctx.db, ['ledger_transactions', 'seamless_transactions']);
    const game = await open(null, 0);
    expect(game).toMatchObject({ mode: 'fun', balanceMinor: FREE_PLAY_BALANCE_MINOR });
    const spin = ZWlgSlotSpinResponse.parse((await post(WLG_PATHS.slotSpin, { token: game.token, betPerLineMinor: 2000 })).json().value);
    expect(spin.balanceMinor).toBe(FREE_PLAY_BALANCE_MINOR - 50_000 + spin.round.payoutMinor);
    expect(await rowCounts(ctx.db, ['ledger_transactions', 'seamless_transactions'])).toEqual(before);
  });

  it('refuses bad input, unknown tokens, a used ticket, and a token of a closed session', async () => {
    const game = await open(games.member);
    for (const bad of [
      { token: game.token, betPerLineMinor: 7 },
      { token: game.token, betPerLineMinor: -100 },
      { token: game.token, betPerLineMinor: 100.5 },
      { token: game.token, betPerLineMinor: '100' },
      { token: game.token, betPerLineMinor: 100, extra: 1 },
      { token: `${game.token}\u0000`, betPerLineMinor: 100 },
      { token: 'x'.repeat(1_000_000), betPerLineMinor: 100 },
    ]) {
      expect((await post(WLG_PATHS.slotSpin, bad)).statusCode, JSON.stringify(bad).slice(0, 80)).toBeGreaterThanOrEqual(400);
    }
    expect((await post(WLG_PATHS.slotSpin, { token: 'A'.repeat(43), betPerLineMinor: 100 })).statusCode).toBe(401);
    expect((await post(WLG_PATHS.seed, { token: game.token, clientSeed: 'a:b' })).statusCode).toBe(400);
    expect((await post(WLG_PATHS.open, { ticket: 'A'.repeat(32) })).statusCode).toBe(404);
    expect(
      await ctx.db
        .selectFrom('game_rounds')
        .select('id')
        .where('session_id', '=', (await ctx.db.selectFrom('game_sessions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id)
        .execute(),
    ).toEqual([]);
    await post(WLG_PATHS.close, { token: game.token });
    expect((await post(WLG_PATHS.slotSpin, { token: game.token, betPerLineMinor: 100 })).statusCode).toBe(401);
    // Closing reveals the seed.
    const seed = await ctx.db
      .selectFrom('game_seeds')
      .innerJoin('game_sessions', 'game_sessions.id', 'game_seeds.session_id')
      .select('game_seeds.revealed_at')
      .orderBy('game_seeds.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(seed.revealed_at).not.toBeNull();
  });

  it('spins of one session in parallel each take their own nonce and their own money', async () => {
    const game = await open(games.member);
    const memberId = await demoMemberId();
    const before = await walletOf(memberId);
    const spins = await Promise.all(Array.from({ length: 20 }, () => post(WLG_PATHS.slotSpin, { token: game.token, betPerLineMinor: 10 })));
    for (const r of spins) expect(r.json(), r.body.slice(0, 300)).toMatchObject({ success: true });
    const answers = spins.map((r) => ZWlgSlotSpinResponse.parse(r.json().value));
    expect(new Set(answers.map((a) => a.round.nonce)).size).toBe(20);
    const net = answers.reduce((n, a) => n + a.round.payoutMinor - a.round.stakeMinor, 0);
    expect(await walletOf(memberId)).toBe(before + net);
    await closeMine(games.member);
  });

  it('recovery pays a round whose bet was taken and rolls back one whose bet fate is unknown', async () => {
    const { memberId, deps, wallet, session, before } = await realSession();
    const cut = () => {
      throw new WalletUnreachable('connection cut');
    };
    // The network dies after the wallet took the bet: the win cannot be delivered.
    await expect(spinSlot(deps, { ...wallet, win: cut }, session, 50)).rejects.toMatchObject({ code: 727 });
    // The bet's answer is lost, and so is the rollback that follows.
    const lostBet = async (req: Parameters<typeof wallet.bet>[0]) => {
      await wallet.bet(req);
      return cut();
    };
    await expect(spinSlot(deps, { ...wallet, bet: lostBet, rollback: cut }, session, 20)).rejects.toMatchObject({ code: 727 });
    const rounds = await ctx.db
      .selectFrom('game_rounds')
      .select(['id', 'state', 'stake_minor', 'payout_minor'])
      .where('session_id', '=', session.id)
      .orderBy('id')
      .execute();
    expect(rounds.map((r) => r.state)).toEqual(['placed', 'open']);
    expect(await walletOf(memberId)).toBe(before - 1250 - 500);

    // Too young for the sweep: a call may still be under way.
    expect(await recoverRounds(deps, wallet, 1)).toEqual({ paid: 0, rolledBack: 0 });
    shiftMs = ROUND_RECOVERY_AFTER_MS + 1_000;
    try {
      expect(await recoverRounds(deps, wallet, 1)).toEqual({ paid: 1, rolledBack: 1 });
      expect(await recoverRounds(deps, wallet, 1)).toEqual({ paid: 0, rolledBack: 0 });
    } finally {
      shiftMs = 0;
    }
    // The first round is paid its drawn win; the second's stake came back.
    expect(await walletOf(memberId)).toBe(before - 1250 + rounds[0]!.payout_minor);
    const states = await ctx.db.selectFrom('game_rounds').select('state').where('session_id', '=', session.id).orderBy('id').execute();
    expect(states.map((r) => r.state)).toEqual(['settled', 'rolled_back']);
    await closeMine(games.member);
  });

  /** A wallet whose bet is taken by the real wallet, then held until the test lets its answer go. */
  function heldBet(wallet: ReturnType<ReturnType<typeof builtInProvider>['walletFor']>) {
    let release!: () => void;
    let taken!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const betTaken = new Promise<void>((r) => (taken = r));
    const client = {
      ...wallet,
      bet: async (req: Parameters<typeof wallet.bet>[0]) => {
        const answer = await wallet.bet(req);
        taken();
        await gate;
        return answer;
      },
    };
    return { client, release, betTaken };
  }

  it('a round’s outcome is not readable while its stake is on its way to the wallet (docs/0072)', async () => {
    const { game, deps, wallet, session } = await realSession();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let asked!: () => void;
    const betAsked = new Promise<void>((r) => (asked = r));
    // The bet has not reached the wallet yet: the round is drawn, nothing is debited.
    const spinning = spinSlot(deps, { ...wallet, bet: async (req) => (asked(), await gate, wallet.bet(req)) }, session, 10);
    await betAsked;
    const pending = ZWlgRoundsResponse.parse((await post(WLG_PATHS.rounds, { token: game.token })).json().value).rounds;
    expect(pending).toEqual([]);
    release();
    const spin = await spinning;
    const after = ZWlgRoundsResponse.parse((await post(WLG_PATHS.rounds, { token: game.token })).json().value).rounds;
    expect(after.map((r) => [r.roundId, r.outcome])).toEqual([[spin.round.roundId, spin.round.outcome]]);
    await closeMine(games.member);
  });

  it('a round the sweep rolled back while its bet’s answer was late is never paid (docs/0072)', async () => {
    const { memberId, deps, wallet, session, before } = await realSession();
    const held = heldBet(wallet);
    const spinning = spinSlot(deps, held.client, session, 10);
    const outcome = spinning.then(
      () => 'paid',
      (err: Error) => err.message,
    );
    await held.betTaken;
    shiftMs = ROUND_RECOVERY_AFTER_MS + 1_000;
    try {
      expect(await recoverRounds(deps, wallet, 1)).toEqual({ paid: 0, rolledBack: 1 });
      held.release();
      expect(await outcome).toMatch(/expected open, found rolled_back/);
    } finally {
      shiftMs = 0;
    }
    const round = await ctx.db.selectFrom('game_rounds').select(['id', 'state']).where('session_id', '=', session.id).executeTakeFirstOrThrow();
    expect(round.state).toBe('rolled_back');
    // The stake came back and no win was asked for (not even a win of 0).
    const kinds = await ctx.db.selectFrom('seamless_transactions').select('kind').where('round_id', '=', roundIds(round.id).round).orderBy('id').execute();
    expect(kinds.map((k) => k.kind)).toEqual(['bet', 'rollback']);
    expect(await walletOf(memberId)).toBe(before);
    await closeMine(games.member);
  });

  it('50 parallel sweeps of one unpaid round pay it once (docs/0072)', async () => {
    const { memberId, deps, wallet, session, before } = await realSession();
    await expect(spinSlot(deps, { ...wallet, win: () => Promise.reject(new WalletUnreachable('cut')) }, session, 50)).rejects.toMatchObject({ code: 727 });
    const round = await ctx.db.selectFrom('game_rounds').select(['id', 'state', 'payout_minor']).where('session_id', '=', session.id).executeTakeFirstOrThrow();
    expect(round.state).toBe('placed');
    shiftMs = ROUND_RECOVERY_AFTER_MS + 1_000;
    try {
      const sweeps = await Promise.all(Array.from({ length: 50 }, () => recoverRounds(deps, wallet, 1)));
      expect(sweeps.reduce((n, s) => n + s.paid, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      shiftMs = 0;
    }
    const wins = await ctx.db
      .selectFrom('seamless_transactions')
      .select('kind')
      .where('round_id', '=', roundIds(round.id).round)
      .where('kind', '=', 'win')
      .execute();
    expect(wins).toHaveLength(1);
    expect(await walletOf(memberId)).toBe(before - 1250 + round.payout_minor);
    expect((await ctx.db.selectFrom('game_rounds').select('state').where('id', '=', round.id).executeTakeFirstOrThrow()).state).toBe('settled');
    await closeMine(games.member);
  });

  it('the next server seed is committed before the player picks a client seed, and the revealed seed matches it (docs/0073)', async () => {
    const game = await open(games.member);
    const committed = game.fair.nextServerSeedHash;
    expect(committed).toMatch(/^[0-9a-f]{64}$/);
    expect(committed).not.toBe(game.fair.serverSeedHash);
    // A spin before the turn: this process now guesses the old seed for the next draw (docs/0081).
    expect((await post(WLG_PATHS.slotSpin, { token: game.token, betPerLineMinor: 10 })).json()).toMatchObject({ success: true });
    // The player picks a client seed after seeing the commitment: the turn uses exactly that seed.
    const turned = ZWlgSeedResponse.parse((await post(WLG_PATHS.seed, { token: game.token, clientSeed: 'chosen-after' })).json().value);
    expect(turned.fair).toMatchObject({ serverSeedHash: committed, clientSeed: 'chosen-after', nonce: 0 });
    // The guess no longer holds (the old seed is revealed): the spin is drawn from the new seed, nonce 0.
    const spin = ZWlgSlotSpinResponse.parse((await post(WLG_PATHS.slotSpin, { token: game.token, betPerLineMinor: 10 })).json().value);
    expect(spin.round.nonce).toBe(0);
    const next = turned.fair.nextServerSeedHash;
    const revealed = ZWlgSeedResponse.parse((await post(WLG_PATHS.seed, { token: game.token })).json().value).revealed;
    expect(await serverSeedHash(revealed.serverSeed)).toBe(committed);
    expect(slotSpin(await fairFloats(revealed.serverSeed, 'chosen-after', 0, 5), 10)).toEqual(spin.round.outcome);
    expect((await post(WLG_PATHS.state, { token: game.token })).json().value.fair.serverSeedHash).toBe(next);
    await closeMine(games.member);
  });
});
