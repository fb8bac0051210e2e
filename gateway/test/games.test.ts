import { describe, expect, it } from 'vitest';
import { expectTRPCError } from './errors.ts';
import { ACCOUNTS, loginToken, useGateway, type THarness } from './harness.ts';

/** docs/0039: a built-in game through the gateway — launch, open the ticket, spin, prove, close. */

let h: THarness;
let member = '';
const SLOT = 'WLG_SLOT_BENGAL';
const CRASH = 'WLG_CRASH_KITE';

useGateway(
  async (started) => {
    h = started;
    member = await loginToken(h, ACCOUNTS.member);
  },
  {
    trustProxy: 'loopback',
    rateLimits: { gamePlay: { subject: { limit: 8, windowMs: 60_000 } }, gameLive: { ip: { limit: 4, windowMs: 60_000 } } },
  },
);

const ticketOf = (url: string) => {
  const u = new URL(url, 'http://x');
  expect(u.pathname).toBe('/seamless');
  expect(u.searchParams.get('game')).toBe(SLOT);
  return u.searchParams.get('ticket')!;
};

describe('games (the built-in provider through the gateway)', () => {
  it('a member launches the slot, spins for real money and sees the same balance in the header', async () => {
    const m = h.client({ token: member });
    const { url } = await m.catalogue.launch.mutate({ nodeId: SLOT, freeTrial: false });
    // The game page holds no member session: its ticket, then its game token, are its credentials.
    const game = await h.client().games.open.mutate({ ticket: ticketOf(url) });
    expect(game).toMatchObject({ mode: 'real', game: { engine: 'slot' }, fair: { nonce: 0 } });
    const spin = await h.client().games.spin.mutate({ token: game.token, betPerLineMinor: 100 });
    expect(spin.balanceMinor).toBe(game.balanceMinor - 2500 + spin.round.payoutMinor);
    const header = await m.member.balance.query();
    expect(JSON.stringify(header)).toContain(String(spin.balanceMinor));
    const rounds = await h.client().games.rounds.mutate({ token: game.token });
    expect(rounds.rounds[0]!.roundId).toBe(spin.round.roundId);

    // A second real-money launch while this one is open: 734, a conflict the web answers by offering to close it.
    await expectTRPCError(m.catalogue.launch.mutate({ nodeId: SLOT, freeTrial: false }), 'CONFLICT', 'error_game_already_open');
    expect(await m.games.closeMine.mutate()).toEqual({ closed: 1 });
    await expectTRPCError(h.client().games.state.mutate({ token: game.token }), 'UNAUTHORIZED', 'game_session_ended');
    const again = await m.catalogue.launch.mutate({ nodeId: SLOT, freeTrial: false });
    const second = await h.client().games.open.mutate({ ticket: ticketOf(again.url) });
    await h.client().games.close.mutate({ token: second.token });
  });

  it('the lottery: the opened numero is public, a member bets on the open draw through the gateway (docs/0041)', async () => {
    const numero = await h.client().games.lotteryNumero.query({ gameCode: 'WLG_LOTTO_3D' });
    expect(numero.open).toMatchObject({ state: 'open', serverSeed: null, result: null });
    await expectTRPCError(h.client().games.lotteryNumero.query({ gameCode: 'WLG_SLOT_BENGAL' }), 'NOT_FOUND', 'error_not_found');
    const m = h.client({ token: member });
    const { url } = await m.catalogue.launch.mutate({ nodeId: 'WLG_LOTTO_3D', freeTrial: false });
    const u = new URL(url, 'http://x');
    expect(u.pathname).toBe('/lottert');
    const game = await h.client().games.open.mutate({ ticket: u.searchParams.get('ticket')! });
    const state = await h.client().games.lotteryState.mutate({ token: game.token });
    expect(state.open!.drawId).toBe(numero.open!.drawId);
    const bet = await h.client().games.lotteryBet.mutate({ token: game.token, drawId: state.open!.drawId, betType: 'odd', pick: null, stakeMinor: 100 });
    expect(bet).toMatchObject({ balanceMinor: game.balanceMinor - 100, bet: { state: 'placed', numero: state.open!.numero } });
    await expectTRPCError(
      h.client().games.lotteryBet.mutate({ token: game.token, drawId: state.open!.drawId, betType: 'odd', pick: '1', stakeMinor: 100 }),
      'BAD_REQUEST',
    );
    expect(await m.games.closeMine.mutate()).toEqual({ closed: 1 });
  });

  it('a visitor plays free with play money; play is limited per game session', async () => {
    const visitor = h.client({ headers: { 'x-forwarded-for': '198.51.100.31' } });
    const { url } = await visitor.catalogue.launchTrial.mutate({ nodeId: SLOT });
    const game = await visitor.games.open.mutate({ ticket: ticketOf(url) });
    expect(game).toMatchObject({ mode: 'fun', balanceMinor: 200_000 });
    for (let i = 0; i < 8; i++) await visitor.games.spin.mutate({ token: game.token, betPerLineMinor: 10 });
    await expectTRPCError(visitor.games.spin.mutate({ token: game.token, betPerLineMinor: 10 }), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
  });

  it('refuses a used ticket, a forged token, a bet not offered and a bad client seed', async () => {
    const { url } = await h.client({ token: member }).catalogue.launch.mutate({ nodeId: SLOT, freeTrial: false });
    const ticket = ticketOf(url);
    const game = await h.client().games.open.mutate({ ticket });
    await expectTRPCError(h.client().games.open.mutate({ ticket }), 'NOT_FOUND', 'game_session_ended');
    await expectTRPCError(h.client().games.spin.mutate({ token: 'A'.repeat(43), betPerLineMinor: 100 }), 'UNAUTHORIZED', 'game_session_ended');
    await expectTRPCError(h.client().games.spin.mutate({ token: game.token, betPerLineMinor: 7 }), 'BAD_REQUEST');
    await expectTRPCError(h.client().games.seed.mutate({ token: game.token, clientSeed: 'a:b' }), 'BAD_REQUEST');
    await h.client({ token: member }).games.closeMine.mutate();
  });

  it('the crash game: a public live state limited per IP, bets and cash-outs on the game token (docs/0042)', async () => {
    const watcher = h.client({ headers: { 'x-forwarded-for': '198.51.100.42' } });
    const live = await watcher.games.crashLive.mutate({ game: CRASH });
    // The crash point and its seed stay hidden until the round crashed.
    expect(live.round.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    if (live.round.phase !== 'crashed') expect(live.round).toMatchObject({ crashX100: null, serverSeed: null });
    await expectTRPCError(watcher.games.crashLive.mutate({ game: SLOT }), 'NOT_FOUND', 'game_wrong_engine');
    await expectTRPCError(watcher.games.crashLive.mutate({ game: `${CRASH}\u0000` }), 'BAD_REQUEST');
    // Input refused before it counts; four calls a minute in this test's limits.
    await watcher.games.crashLive.mutate({ game: CRASH });
    await watcher.games.crashLive.mutate({ game: CRASH });
    await expectTRPCError(watcher.games.crashLive.mutate({ game: CRASH }), 'TOO_MANY_REQUESTS', 'error_too_many_requests');

    // A slot session cannot bet on the crash game; a bet id not of this session is refused; a forged token ends there.
    const { url } = await h.client({ token: member }).catalogue.launch.mutate({ nodeId: SLOT, freeTrial: false });
    const slot = await h.client().games.open.mutate({ ticket: ticketOf(url) });
    await expectTRPCError(h.client().games.crashBet.mutate({ token: slot.token, stakeMinor: 1000 }), 'BAD_REQUEST', 'game_wrong_engine');
    await expectTRPCError(h.client().games.crashCashOut.mutate({ token: slot.token, betId: '1' }), 'NOT_FOUND', 'crash_no_bet');
    await expectTRPCError(h.client().games.crashBet.mutate({ token: slot.token, stakeMinor: 999 }), 'BAD_REQUEST');
    await expectTRPCError(h.client().games.crashBet.mutate({ token: 'A'.repeat(43), stakeMinor: 1000 }), 'UNAUTHORIZED', 'game_session_ended');
    await h.client({ token: member }).games.closeMine.mutate();
  });
});
