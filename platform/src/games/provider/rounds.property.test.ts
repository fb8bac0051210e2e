import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { SLOT_BETS_PER_LINE_MINOR } from '@wl/schemas/games/slot';
import { sha256Hex } from '../../http/auth.ts';
import { BUILT_IN_GAMES, BUILT_IN_PROVIDER } from '../../seed/seed.ts';
import { insertBareMembers } from '../../test-support/bare-members.ts';
import { usePlatform } from '../../test-support/db.ts';
import { seededRandom, type TSeededRandom } from '../../test-support/seeded-random.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from '../../wallet/ledger-invariants.ts';
import { accountFor, houseAccountId, transfer } from '../../wallet/ledger.service.ts';
import { openSession, sessionOf, type TGameSession } from './game-sessions.ts';
import { builtInProvider } from './provider.routes.ts';
import { recoverRounds, ROUND_RECOVERY_AFTER_MS, spinSlot } from './rounds.service.ts';
import { WalletUnreachable, type TWalletClient } from './wallet-client.ts';

/**
 * Issue 9 "Done when": thousands of concurrent slot rounds through the seamless wallet (real HTTP),
 * with the network failing at random — calls dropped before they reach the wallet, answers lost after
 * it acted, calls sent twice — so rounds end refused, rolled back, or left for the recovery sweep.
 * Afterwards the ledger's invariants hold, the total is conserved, no bet or win moved twice, every
 * member's balance is its opening plus its settled rounds, and bets minus wins equal the provider's
 * (house's) result for the game. Seeded: GAME_PROPERTY_SEED and GAME_PROPERTY_ROUNDS replay or grow it.
 */
const ROUNDS = Number(process.env.GAME_PROPERTY_ROUNDS ?? 1000);
const SEED = Number(process.env.GAME_PROPERTY_SEED ?? 20261125);
const PLAYERS = 60;
const CONCURRENCY = 50;
const OPENING_MINOR = 200_000;

let shiftMs = 0;
const ctx = usePlatform({ clock: () => new Date(Date.now() + shiftMs) });

type TPlayer = { memberId: number; wallet: number; session: TGameSession };
let players: TPlayer[] = [];
let provider: ReturnType<typeof builtInProvider>;
let merchantId = 0;

beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  provider = builtInProvider(ctx.app, ctx.app.platform);
  const { merchant, ids } = await insertBareMembers(ctx.db, PLAYERS, 'slotprop');
  merchantId = merchant.id;
  const house = (await houseAccountId(ctx.db, merchant.id))!;
  const game = await ctx.db.selectFrom('games').select('id').where('node_id', '=', BUILT_IN_GAMES[0].nodeId).executeTakeFirstOrThrow();
  players = [];
  for (const memberId of ids) {
    const wallet = await accountFor(ctx.db, merchant, 'member_wallet', { memberId });
    await transfer(ctx.db, { from: house, to: wallet, amountMinor: OPENING_MINOR, owner: { kind: 'system', id: 0 }, idempotencyKey: `slotprop:${memberId}`, kind: 'seed_credit' });
    // A launch ticket as launchGame writes it (real money), opened like the game page opens it.
    const ticket = randomBytes(24).toString('base64url');
    await ctx.db
      .insertInto('launch_tickets')
      .values({ ticket_hash: sha256Hex(ticket), member_id: memberId, game_id: game.id, account_type: 1, expires_at: new Date(Date.now() + 60_000) })
      .execute();
    const { token } = await openSession(ctx.app.platform, merchant.id, ticket);
    players.push({ memberId, wallet, session: await sessionOf(ctx.app.platform, merchant.id, token) });
  }
}, 180_000);

/** The real wallet client with a network that fails: dropped calls, lost answers, calls sent twice. */
function flaky(wallet: TWalletClient, rand: TSeededRandom): TWalletClient {
  const wrap =
    <R,>(call: (req: R) => ReturnType<TWalletClient['bet']>) =>
    async (req: R) => {
      const roll = rand.next();
      if (roll < 0.04) throw new WalletUnreachable('dropped before it reached the wallet');
      const answer = await call(req);
      if (roll > 0.96) throw new WalletUnreachable('answer lost after the wallet acted');
      if (roll > 0.9) return call(req);
      return answer;
    };
  return { balance: wallet.balance, bet: wrap(wallet.bet), win: wrap(wallet.win), rollback: wrap(wallet.rollback) };
}

async function walletBalance(accountId: number): Promise<number> {
  return Number((await ctx.db.selectFrom('ledger_accounts').select('balance_minor').where('id', '=', accountId).executeTakeFirstOrThrow()).balance_minor);
}

describe('slot rounds under concurrency and failures', () => {
  it(`${ROUNDS} rounds by ${PLAYERS} players, ${CONCURRENCY} at a time: the money invariants hold`, async () => {
    const deps = ctx.app.platform;
    const rand = seededRandom(SEED);
    const wallet = provider.walletFor(merchantId);
    const providerAccount = await accountFor(ctx.db, { id: merchantId, currency: 'BDT' }, 'provider', { code: BUILT_IN_PROVIDER.code });
    const totalBefore = await ledgerTotal(ctx.db);
    const providerBefore = await walletBalance(providerAccount);

    let next = 0;
    const outcomes = { ok: 0, refused: 0, busy: 0 };
    const worker = async () => {
      while (next < ROUNDS) {
        next++;
        const player = players[rand.int(0, players.length - 1)]!;
        const bet = SLOT_BETS_PER_LINE_MINOR[rand.int(0, 5)]!;
        try {
          await spinSlot(deps, flaky(wallet, rand), player.session, bet);
          outcomes.ok++;
        } catch (err) {
          const code = (err as { code?: number }).code;
          if (code === 727) outcomes.busy++;
          else if (code === 400) outcomes.refused++;
          else throw err;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(outcomes.ok + outcomes.busy + outcomes.refused).toBe(ROUNDS);
    // The network failed often enough to exercise every path.
    expect(outcomes.busy).toBeGreaterThan(0);

    // The sweep finishes what failures left, itself on the failing network, until nothing is left.
    shiftMs = ROUND_RECOVERY_AFTER_MS + 1_000;
    try {
      for (let pass = 0; pass < 30; pass++) {
        const left = await ctx.db.selectFrom('game_rounds').select('id').where('state', 'in', ['open', 'placed']).where('mode', '=', 'real').execute();
        if (left.length === 0) break;
        await recoverRounds(deps, flaky(wallet, rand), merchantId, 1000);
      }
    } finally {
      shiftMs = 0;
    }
    const states = await sql<{ state: string; n: number }>`select state, count(*)::int as n from game_rounds where mode = 'real' group by state`.execute(ctx.db);
    const byState = Object.fromEntries(states.rows.map((r) => [r.state, r.n]));
    expect(byState.open ?? 0).toBe(0);
    expect(byState.placed ?? 0).toBe(0);

    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
    expect(await ledgerTotal(ctx.db)).toBe(totalBefore);
    // One bet and at most one win per round reached the ledger, whatever was sent twice.
    const twice = await sql<{ n: number }>`
      select count(*)::int as n from (select idempotency_key from ledger_transactions where owner_kind = 'provider' group by idempotency_key having count(*) > 1) d`.execute(ctx.db);
    expect(twice.rows[0]!.n).toBe(0);

    // Each member: opening balance plus its settled rounds (refused and rolled-back rounds move nothing).
    const net = await sql<{ member_id: number; net: number }>`
      select member_id, coalesce(sum(payout_minor - stake_minor) filter (where state = 'settled'), 0)::bigint as net
      from game_rounds where mode = 'real' group by member_id`.execute(ctx.db);
    const netOf = new Map(net.rows.map((r) => [r.member_id, Number(r.net)]));
    for (const p of players) expect(await walletBalance(p.wallet), `member ${p.memberId}`).toBe(OPENING_MINOR + (netOf.get(p.memberId) ?? 0));

    // Bets minus wins of the game is the house's (provider account's) result, to the minor unit.
    const house = await sql<{ result: number }>`
      select coalesce(sum(stake_minor - payout_minor), 0)::bigint as result from game_rounds where mode = 'real' and state = 'settled' and game_id = ${players[0]!.session.game.id}`.execute(ctx.db);
    expect((await walletBalance(providerAccount)) - providerBefore).toBe(Number(house.rows[0]!.result));
  }, 600_000);
});
