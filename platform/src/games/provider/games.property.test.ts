import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { CRASH_BETTING_MS, CRASH_STAKES_MINOR } from '@wl/schemas/games/crash';
import { LOTTERY_BET_TYPES, LOTTERY_PICK_DIGITS, LOTTERY_SETTLE_GRACE_MS, LOTTERY_STAKE_CHIPS_MINOR } from '@wl/schemas/games/lottery';
import { SLOT_BETS_PER_LINE_MINOR } from '@wl/schemas/games/slot';
import { BUILT_IN_GAMES, BUILT_IN_LOTTERY, BUILT_IN_PROVIDER } from '../../kernel/catalogue.ts';
import { insertBareMembers } from '../../test-support/bare-members.ts';
import { fundedPlayer } from '../../test-support/games.ts';
import { usePlatform } from '../../test-support/db.ts';
import { seededRandom, type TSeededRandom } from '../../test-support/seeded-random.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from '../../wallet/ledger-invariants.ts';
import { accountFor } from '../../wallet/ledger.service.ts';
import { accountBalance } from '../../wallet/wallet.queries.ts';
import { CRASH_OPEN_BET_GRACE_MS } from './crash-bets.ts';
import { currentRound } from './crash-rounds.ts';
import { settleCrashedRounds } from './crash-settle.ts';
import { cashOutCrash, placeCrashBet } from './crash.service.ts';
import { type TGameSession } from './game-sessions.ts';
import { ensureOpenDraw } from './lottery-draws.ts';
import { settleDueDraws } from './lottery-settle.ts';
import { placeLotteryBet } from './lottery.service.ts';
import { builtInProvider } from './built-in-provider.ts';
import { recoverRounds, ROUND_RECOVERY_AFTER_MS, spinSlot } from './rounds.service.ts';
import { WalletUnreachable, type TWalletClient } from './wallet-client.ts';
import { demoMerchantId } from '../../test-support/demo-merchant.ts';

/**
 * docs/0039 "Done when": thousands of concurrent rounds of the three built-in games — slot spins, lottery
 * bets, crash bets and cash-outs — through the seamless wallet (real HTTP), with the network failing at
 * random: calls dropped before they reach the wallet, answers lost after it acted, calls sent twice,
 * and stakes that arrive late (after the game gave up on them and sent their rollback). Rounds then end
 * refused, rolled back, or left to the settlements and sweeps, which run on the same failing network
 * until nothing is left. Afterwards the ledger's invariants hold, the total is conserved, no bet, win or
 * rollback moved twice, every member's balance is its opening plus its settled plays, and for each game
 * its bets minus wins (the game's own records) equal what the wallet moved to the provider for that
 * game, whose sum is the provider account's (house's) result.
 *
 * Time is the test's: a virtual clock the platform reads (deps.clock) moves each cycle through a crash
 * round's betting, flight and crash and past a lottery draw's close. GAME_PROPERTY_ROUNDS (plays in all,
 * default 2,000) and GAME_PROPERTY_SEED grow or replay a run.
 */
const ROUNDS = Number(process.env.GAME_PROPERTY_ROUNDS ?? 2000);
const SEED = Number(process.env.GAME_PROPERTY_SEED ?? 20261125);
const PLAYERS = { slot: 30, lottery: 30, crash: 40 } as const;
const PER_CYCLE = 200;
const CONCURRENCY = 50;
const OPENING_MINOR = 500_000;

let nowMs = Date.now();
const ctx = usePlatform({ clock: () => new Date(nowMs) });

type TEngine = keyof typeof PLAYERS;
type TPlayer = { memberId: number; wallet: number; session: TGameSession };
const players: Record<TEngine, TPlayer[]> = { slot: [], lottery: [], crash: [] };
let provider: ReturnType<typeof builtInProvider>;
let merchantId = 0;
const NODE: Record<TEngine, string> = { slot: BUILT_IN_GAMES[0].nodeId, crash: BUILT_IN_GAMES[1].nodeId, lottery: BUILT_IN_LOTTERY.game.nodeId };

beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  provider = builtInProvider(ctx.app, ctx.app.platform);
  const total = PLAYERS.slot + PLAYERS.lottery + PLAYERS.crash;
  const { merchant, ids } = await insertBareMembers(ctx.db, total, 'gameprop');
  merchantId = merchant.id;
  let i = 0;
  for (const engine of ['slot', 'lottery', 'crash'] as const) {
    const game = await ctx.db
      .selectFrom('games')
      .where('merchant_id', '=', demoMerchantId(ctx.db))
      .select('id')
      .where('node_id', '=', NODE[engine])
      .executeTakeFirstOrThrow();
    for (let n = 0; n < PLAYERS[engine]; n++) {
      const memberId = ids[i++]!;
      const player = await fundedPlayer(ctx.app.platform, merchant, memberId, game, { openingMinor: OPENING_MINOR, key: 'gameprop', now: nowMs });
      players[engine].push({ memberId, ...player });
    }
  }
});

/**
 * The real wallet client on a network that fails: dropped calls, lost answers, calls sent twice, and
 * stakes held back (the game is told the wallet was unreachable) to be delivered later by `deliverLate`.
 */
function flaky(wallet: TWalletClient, rand: TSeededRandom, late: (() => Promise<unknown>)[]): TWalletClient {
  const wrap =
    <R>(call: (req: R) => ReturnType<TWalletClient['bet']>, canArriveLate: boolean) =>
    async (req: R) => {
      const roll = rand.next();
      if (canArriveLate && roll < 0.02) {
        late.push(() => call(req));
        throw new WalletUnreachable('held back in the network');
      }
      if (roll < 0.05) throw new WalletUnreachable('dropped before it reached the wallet');
      const answer = await call(req);
      if (roll > 0.96) throw new WalletUnreachable('answer lost after the wallet acted');
      if (roll > 0.9) return call(req);
      return answer;
    };
  return { balance: wallet.balance, bet: wrap(wallet.bet, true), win: wrap(wallet.win, false), rollback: wrap(wallet.rollback, false) };
}

/** Held-back stakes arrive now, out of order with their rollbacks: the wallet refuses one it already rolled back. */
async function deliverLate(late: (() => Promise<unknown>)[]): Promise<number> {
  const calls = late.splice(0);
  await Promise.all(calls.map((c) => c().catch(() => undefined)));
  return calls.length;
}

async function balanceOf(accountId: number): Promise<number> {
  return accountBalance(ctx.db, accountId);
}

/** Refusals a player can meet (400: closed, too late, too many, no money; 404: a bet rolled back) and 727 busy. */
const EXPECTED_CODES = new Set([400, 404, 727]);
const pick = <T>(rand: TSeededRandom, list: readonly T[]): T => list[rand.int(0, list.length - 1)]!;

async function unfinished(): Promise<number> {
  const r = await sql<{ n: number }>`
    select (select count(*) from game_rounds where mode = 'real' and state in ('open', 'placed'))
         + (select count(*) from lottery_bets where mode = 'real' and state in ('open', 'placed'))
         + (select count(*) from crash_bets where mode = 'real' and state in ('open', 'placed')) as n`.execute(ctx.db);
  return Number(r.rows[0]!.n);
}

describe('the three built-in games under concurrency and failures', () => {
  it(`${ROUNDS} plays by ${PLAYERS.slot + PLAYERS.lottery + PLAYERS.crash} players, ${CONCURRENCY} at a time: the money invariants hold per game`, async () => {
    const deps = ctx.app.platform;
    const rand = seededRandom(SEED);
    const late: (() => Promise<unknown>)[] = [];
    const wallet = flaky(provider.walletFor(merchantId), rand, late);
    const walletFor = () => wallet;
    const providerAccount = await accountFor(ctx.db, { id: merchantId, currency: 'BDT' }, 'provider', { code: BUILT_IN_PROVIDER.code });
    const totalBefore = await ledgerTotal(ctx.db);
    const providerBefore = await balanceOf(providerAccount);
    const lotteryGame = players.lottery[0]!.session.game;
    const crashGame = players.crash[0]!.session.game;
    const outcomes = { ok: 0, refused: 0, busy: 0, cashOuts: 0, late: 0 };
    const count = async (play: () => Promise<unknown>) => {
      try {
        await play();
        return true;
      } catch (err) {
        const code = (err as { code?: number }).code;
        if (code === undefined || !EXPECTED_CODES.has(code)) throw err;
        if (code === 727) outcomes.busy++;
        else outcomes.refused++;
        return false;
      }
    };

    let played = 0;
    while (played < ROUNDS) {
      // A new cycle: well past the last draw and round, with a draw that stays open through the betting.
      nowMs += 200_000;
      let draw = await ensureOpenDraw(deps, { id: lotteryGame.id, merchantId, gameCode: lotteryGame.gameCode });
      if (new Date(draw.closes_at).getTime() - nowMs < 30_000) {
        nowMs = new Date(draw.closes_at).getTime() + 1;
        draw = await ensureOpenDraw(deps, { id: lotteryGame.id, merchantId, gameCode: lotteryGame.gameCode });
      }
      const round = await currentRound(deps, merchantId, { id: crashGame.id, gameCode: crashGame.gameCode }, new Date(nowMs));
      nowMs = new Date(round.opens_at).getTime() + rand.int(0, CRASH_BETTING_MS - 1_000);

      // Betting: slot spins, lottery bets and one crash bet per crash player, all at once.
      const budget = Math.min(PER_CYCLE, ROUNDS - played);
      const crashQueue = [...players.crash].sort(() => rand.next() - 0.5);
      const riding: { player: TPlayer; betId: number }[] = [];
      let next = 0;
      const worker = async () => {
        while (next < budget) {
          next++;
          const roll = rand.next();
          if (roll < 0.25 && crashQueue.length > 0) {
            const player = crashQueue.pop()!;
            const auto = rand.next() < 0.3 ? { autoCashOutX100: rand.int(101, 400) } : {};
            await count(async () => {
              const placed = await placeCrashBet(deps, wallet, player.session, { stakeMinor: pick(rand, CRASH_STAKES_MINOR.slice(0, 4)), ...auto });
              riding.push({ player, betId: Number(placed.bet.betId) });
            });
          } else if (roll < 0.6) {
            const player = pick(rand, players.lottery);
            const betType = pick(rand, LOTTERY_BET_TYPES);
            const digits = LOTTERY_PICK_DIGITS[betType];
            const chosen = digits === 0 ? null : String(rand.int(0, 10 ** digits - 1)).padStart(digits, '0');
            await count(() =>
              placeLotteryBet(deps, wallet, player.session, {
                drawId: String(draw.id),
                betType,
                pick: chosen,
                stakeMinor: pick(rand, LOTTERY_STAKE_CHIPS_MINOR),
              }),
            );
          } else {
            await count(() => spinSlot(deps, wallet, pick(rand, players.slot).session, pick(rand, SLOT_BETS_PER_LINE_MINOR)));
          }
          outcomes.ok++;
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      played += budget;

      // Flight: some riders cash out, some twice at once (a double tap); a few of those come too late.
      nowMs = new Date(round.flies_at).getTime() + rand.int(0, 3_000);
      await Promise.all(
        riding
          .filter(() => rand.next() < 0.6)
          .flatMap(({ player, betId }) => {
            outcomes.cashOuts++;
            const once = () => count(() => cashOutCrash(deps, wallet, player.session, betId));
            return rand.next() < 0.2 ? [once(), once()] : [once()];
          }),
      );

      // Settlement: past the crash, the draw's close and every grace; held-back stakes arrive first, then the
      // settlements and the slot's recovery sweep run on the failing network until nothing is left.
      nowMs =
        Math.max(new Date(round.crashes_at).getTime(), new Date(draw.closes_at).getTime() + LOTTERY_SETTLE_GRACE_MS) +
        Math.max(ROUND_RECOVERY_AFTER_MS, CRASH_OPEN_BET_GRACE_MS) +
        1_000;
      outcomes.late += await deliverLate(late);
      for (let pass = 0; pass < 40 && (await unfinished()) > 0; pass++) {
        await settleCrashedRounds(deps, wallet, merchantId, crashGame.id);
        await settleDueDraws(deps, walletFor);
        await recoverRounds(deps, wallet, merchantId, 1000);
        outcomes.late += await deliverLate(late);
      }
      expect(await unfinished(), `cycle ending at play ${played}`).toBe(0);
    }
    // The network failed often enough to exercise every path.
    expect(outcomes.busy).toBeGreaterThan(0);
    expect(outcomes.late).toBeGreaterThan(0);
    expect(outcomes.ok).toBe(ROUNDS);

    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
    expect(await ledgerTotal(ctx.db)).toBe(totalBefore);
    // One bet, at most one win and at most one rollback per provider round reached the ledger, whatever was sent twice.
    const twice = await sql<{ n: number }>`
      select count(*)::int as n from (select idempotency_key from ledger_transactions where owner_kind = 'provider' group by idempotency_key having count(*) > 1) d`.execute(
      ctx.db,
    );
    expect(twice.rows[0]!.n).toBe(0);

    // What each game's own records say each member won or lost (refused and rolled-back plays move nothing).
    const results = await sql<{ game_id: number; member_id: number; net: string }>`
      select game_id, member_id, sum(payout_minor - stake_minor) as net from game_rounds where mode = 'real' and state = 'settled' group by game_id, member_id
      union all
      select game_id, member_id, sum(win_minor - stake_minor) from lottery_bets where mode = 'real' and state = 'settled' group by game_id, member_id
      union all
      select game_id, member_id, sum(payout_minor - stake_minor) from crash_bets where mode = 'real' and state = 'settled' group by game_id, member_id`.execute(
      ctx.db,
    );
    const netOfMember = new Map<number, number>();
    const houseOfGame = new Map<number, number>();
    for (const r of results.rows) {
      netOfMember.set(r.member_id, (netOfMember.get(r.member_id) ?? 0) + Number(r.net));
      houseOfGame.set(r.game_id, (houseOfGame.get(r.game_id) ?? 0) - Number(r.net));
    }
    for (const engine of ['slot', 'lottery', 'crash'] as const) {
      for (const p of players[engine])
        expect(await balanceOf(p.wallet), `${engine} member ${p.memberId}`).toBe(OPENING_MINOR + (netOfMember.get(p.memberId) ?? 0));
    }

    // Per game: bets minus wins minus rollbacks that the wallet moved for the game's code equal the game's own result.
    const moved = await sql<{ game_code: string; house: string }>`
      select s.game_code, sum(case when s.kind = 'bet' then s.amount_minor else -s.amount_minor end) as house
      from seamless_transactions s where s.ledger_transaction_id is not null group by s.game_code`.execute(ctx.db);
    const games = await ctx.db
      .selectFrom('games')
      .select(['id', 'game_code'])
      .where('id', 'in', [players.slot[0]!.session.game.id, lotteryGame.id, crashGame.id])
      .execute();
    const movedOf = new Map(moved.rows.map((r) => [r.game_code, Number(r.house)]));
    let houseTotal = 0;
    for (const g of games) {
      const own = houseOfGame.get(g.id) ?? 0;
      expect(movedOf.get(g.game_code) ?? 0, `game ${g.game_code}`).toBe(own);
      expect(
        results.rows.some((r) => r.game_id === g.id),
        `game ${g.game_code} was played`,
      ).toBe(true);
      houseTotal += own;
    }
    expect((await balanceOf(providerAccount)) - providerBefore).toBe(houseTotal);
  }, 900_000);
});
