import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROUNDS_PATHS, WLG_PATHS, WPS_PATHS, ZEnvelope, ZOperatorRoundsResponse, ZWlgOpenResponse, ZWlgSlotSpinResponse, type TWlgSlotSpinResponse } from '@wl/schemas';
import { BUILT_IN_GAMES, DEMO_ACCOUNTS } from '../seed/seed.ts';
import { usePlatform } from '../test-support/db.ts';
import { fromClientIp, loginToken } from '../test-support/http.ts';

// Issue 9 item 8 (docs/0043): the console's rounds and bets of the built-in games, per game.
const ctx = usePlatform();
const SLOT = BUILT_IN_GAMES[0].nodeId;
const ops = { owner: '', finance: '', support: '', content: '' };
const spins: TWlgSlotSpinResponse[] = [];
let revealedSeed = '';
const from = new Date(Date.now() - 3_600_000).toISOString();
const to = new Date(Date.now() + 3_600_000).toISOString();

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });

/** Launches the slot (a member's real money, or a visitor's free play) and opens its ticket, as the page does. */
async function open(token: string | null) {
  const launched = await ctx.app.inject({
    url: `${WPS_PATHS.launchGame}?nodeId=${SLOT}&launchMode=GLS&accountType=${token ? 1 : 0}`,
    ...(token ? { headers: { authorization: token } } : {}),
  });
  const ticket = new URL(launched.json().value.content.game_url, 'http://x').searchParams.get('ticket');
  return ZWlgOpenResponse.parse((await post(WLG_PATHS.open, { ticket: ticket! })).json().value);
}
const spin = async (token: string, betPerLineMinor: number) => (await post(WLG_PATHS.slotSpin, { token, betPerLineMinor })).json();

beforeAll(async () => {
  // The provider reaches the wallet over real HTTP on the platform's own address.
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  for (const [role, username, password] of [
    ['owner', 'demo_operator', 'Operator1234'],
    ['finance', 'demo_finance', 'Finance1234'],
    ['support', 'demo_support', 'Support1234'],
    ['content', 'demo_content', 'Content1234'],
  ] as const) {
    ops[role] = (await ctx.app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload: { username, password } })).json().value.token;
  }
  // demo_member: three spins, a new client seed (the first seed is revealed), one more spin.
  const game = await open(await loginToken(ctx.app, DEMO_ACCOUNTS.member.username, DEMO_ACCOUNTS.member.password));
  for (const bet of [100, 10, 20]) spins.push(ZWlgSlotSpinResponse.parse((await spin(game.token, bet)).value));
  revealedSeed = (await post(WLG_PATHS.seed, { token: game.token, clientSeed: 'operator-view' })).json().value.revealed.serverSeed;
  spins.push(ZWlgSlotSpinResponse.parse((await spin(game.token, 50)).value));
  // demo_down1 has no money: the wallet refuses its bet and the round is 'refused'.
  const broke = await open(await loginToken(ctx.app, DEMO_ACCOUNTS.downline.usernames[0], DEMO_ACCOUNTS.downline.password));
  expect((await spin(broke.token, 10)).message).toBe('insufficient_funds');
  // A visitor's free play.
  const fun = await open(null);
  expect((await spin(fun.token, 10)).success).toBe(true);
});

const rounds = (query: Record<string, string>, token = ops.finance) =>
  ctx.app.inject({ url: OPERATOR_ROUNDS_PATHS.operatorGameRounds, query: { from, to, ...query }, headers: { authorization: token, ...fromClientIp('203.0.113.9') } });
const page = async (query: Record<string, string> = {}) => {
  const res = await rounds(query);
  expect(res.statusCode, res.body).toBe(200);
  return ZEnvelope(ZOperatorRoundsResponse).parse(res.json()).value!;
};

describe('operator view of the built-in games rounds', () => {
  it('lists real-money rounds newest first with their provably fair data and totals over the filter', async () => {
    const all = await page();
    expect(all.total).toBe(5);
    // Every built-in game is offered as a filter, with its engine (the slot, the lottery, the crash game).
    expect(all.games[0]).toEqual({ nodeId: SLOT, engine: 'slot', nameEn: BUILT_IN_GAMES[0].nameEn, nameBn: BUILT_IN_GAMES[0].nameBn });
    expect(all.games.map((g) => g.engine).sort()).toEqual(['crash', 'lottery', 'slot']);
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
    // The current seed's round shows only the hash; rounds of the revealed seed show the seed too.
    expect(latest).toMatchObject({ roundId: spins[3]!.round.roundId, serverSeedHash: spins[3]!.round.serverSeedHash, serverSeed: null, clientSeed: 'operator-view', nonce: 0 });
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

  it('filters by account, state, game, engine, mode and time, and pages with the same totals', async () => {
    expect((await page({ account: 'DEMO_DOWN1' })).rounds).toMatchObject([{ username: 'demo_down1', state: 'refused', stakeMinor: 250 }]);
    expect((await page({ account: 'demo_down1' })).betMinor).toBe(0);
    expect((await page({ state: 'settled' })).total).toBe(4);
    expect((await page({ nodeId: SLOT, account: 'demo_member' })).total).toBe(4);
    expect((await page({ nodeId: 'NO_SUCH_GAME' })).total).toBe(0);
    expect((await page({ engine: 'crash' })).total).toBe(0);
    expect((await page({ mode: 'fun' })).rounds).toMatchObject([{ username: '', mode: 'fun', state: 'settled' }]);
    expect((await page({ to: from, from: new Date(Date.now() - 7_200_000).toISOString() })).total).toBe(0);
    const whole = await page();
    const second = await page({ pageSize: '2', pageNo: '2' });
    expect(second).toMatchObject({ total: 5, pageNo: 2, pageSize: 2, betMinor: whole.betMinor, winMinor: whole.winMinor });
    expect(second.rounds.map((r) => r.roundId)).toEqual(whole.rounds.slice(2, 4).map((r) => r.roundId));
  });

  it("never shows another merchant's rounds", async () => {
    const other = (await sql<{ id: number }>`insert into merchants (code, name, currency, currency_symbol) values ('OTHERR', 'Other', 'BDT', '৳') returning id`.execute(ctx.db)).rows[0]!;
    const vendor = await ctx.db.insertInto('vendors').values({ merchant_id: other.id, vassalage: 'OTHERW', game_type: 'RNG', name: 'Other', is_game: 'GAME', sort: 0 }).returning('id').executeTakeFirstOrThrow();
    const game = await ctx.db
      .insertInto('games')
      .values({ merchant_id: other.id, vendor_id: vendor.id, node_id: 'OTHER_SLOT', game_code: 'OTHER_SLOT', game_type: 'RNG', vassalage: 'OTHERW', name_en: 'Other slot', name_bn: 'অন্য স্লট', has_free_trial: true, is_hot: false, sort: 0, engine: 'slot' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = await ctx.db
      .insertInto('game_sessions')
      .values({ token_hash: 'f'.repeat(64), merchant_id: other.id, member_id: null, game_id: game.id, mode: 'real', play_balance_minor: null, last_seen_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seed = await ctx.db
      .insertInto('game_seeds')
      .values({ session_id: session.id, server_seed: 'a'.repeat(64), server_seed_hash: 'b'.repeat(64), client_seed: 'other' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('game_rounds')
      .values({ session_id: session.id, seed_id: seed.id, nonce: 0, merchant_id: other.id, member_id: null, game_id: game.id, mode: 'real', stake_minor: 999, payout_minor: 0, outcome: '{}', state: 'settled' })
      .execute();
    const all = await page();
    expect(all.total).toBe(5);
    expect(all.games.map((g) => g.nodeId)).not.toContain('OTHER_SLOT');
    expect((await page({ nodeId: 'OTHER_SLOT' })).total).toBe(0);
  });

  it('is for money.read (owner, finance) only, after a session; bad input changes nothing and says why', async () => {
    expect((await rounds({}, ops.owner)).statusCode).toBe(200);
    for (const token of [ops.support, ops.content]) expect((await rounds({}, token)).json()).toMatchObject({ success: false, code: 403, message: 'error_forbidden' });
    expect((await ctx.app.inject({ url: OPERATOR_ROUNDS_PATHS.operatorGameRounds, query: { from, to } })).statusCode).toBe(401);
    const bads: Record<string, string>[] = [{ from: to, to: from }, { pageSize: '101' }, { account: 'x'.repeat(1_000_000) }, { account: 'demo\u0000member' }, { state: 'won' }, { engine: 'poker' }];
    for (const bad of bads) {
      const res = await rounds(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});
