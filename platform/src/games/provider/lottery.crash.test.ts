import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { mixedClientSeed } from '@wl/schemas/games/fair';
import { LOTTERY_BET_TYPES, LOTTERY_DEFAULT_PAYOUTS, LOTTERY_PICK_DIGITS, lotteryResult, lotteryWinMinor } from '@wl/schemas/games/lottery';
import { buildPlatform } from '../../app.ts';
import { BUILT_IN_LOTTERY, BUILT_IN_PROVIDER } from '../../kernel/catalogue.ts';
import { insertBareMembers } from '../../test-support/bare-members.ts';
import { fundedPlayer } from '../../test-support/games.ts';
import { runSettler, useSeededPostgresSchema } from '../../test-support/settler-process.ts';
import { TEST_GATEWAY_SECRET } from '../../test-support/http.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from '../../wallet/ledger-invariants.ts';
import { accountFor } from '../../wallet/ledger.service.ts';
import { accountBalance } from '../../wallet/wallet.queries.ts';
import type { TGameSession } from './game-sessions.ts';
import type { TLotteryCrashChildArgs } from './lottery-crash.child.ts';
import { ensureOpenDraw } from './lottery-draws.ts';
import { lotteryBetIds } from './lottery-settle.ts';
import { placeLotteryBet } from './lottery.service.ts';
import { builtInProvider } from './built-in-provider.ts';
import { demoMerchantId } from '../../test-support/demo-merchant.ts';

/**
 * docs/0041 "Done when": the lottery settles every draw exactly once across a SIGKILL in the middle of
 * settlement and with two processes on one PostgreSQL database. Bets are taken through the real
 * wallet on draws of the past (the betting platform's clock runs LOTTERY_CRASH_PAST_MS behind); then
 * a settler process is killed with SIGKILL after a seeded number of paid bets (never after a time),
 * and two settlers start together on what it left. Afterwards every draw is settled with the result
 * of its committed seed, every bet was debited once and credited once (its win, 0 for a loss), and
 * the ledger's invariants hold with the total conserved. PostgreSQL only (PGlite is one process);
 * LOTTERY_CRASH_BETS sizes it, LOTTERY_CRASH_SEED replays a failure.
 */
const BETS = Number(process.env.LOTTERY_CRASH_BETS ?? 80);
const SEED = Number(process.env.LOTTERY_CRASH_SEED ?? 20261125);
const DRAWS = 4;
const MEMBERS = 12;
const OPENING_MINOR = 1_000_000;
const INTERVAL_SECONDS = 30;
/** The bets' clock: far enough back that every draw closed, within the wallet's ±5 min signature window of itself. */
const PAST_MS = 10 * 60_000;
const CHILD = fileURLToPath(new URL('./lottery-crash.child.ts', import.meta.url));

const pg = useSeededPostgresSchema();

/** Runs one settler; kills it with SIGKILL after `killAfter` paid bets, or once it is done. */
const settler = (killAfter = Infinity) => {
  const args: TLotteryCrashChildArgs = { databaseUrl: pg.url!, schema: pg.schema };
  return runSettler(CHILD, args, killAfter);
};

describe.skipIf(!pg.url)('lottery settlement across SIGKILL and two processes (PostgreSQL)', () => {
  it(`${BETS} bets on ${DRAWS} draws: killed mid-settlement, then two settlers race; every bet paid exactly once`, async () => {
    const { db } = pg.database;
    const rand = seededRandom(SEED);
    const { merchant, ids } = await insertBareMembers(db, MEMBERS, 'lotcrash');
    const game = await db
      .selectFrom('games')
      .where('merchant_id', '=', demoMerchantId(db))
      .select(['id', 'game_code'])
      .where('node_id', '=', BUILT_IN_LOTTERY.game.nodeId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('lottery_settings')
      .values({ game_id: game.id, interval_seconds: INTERVAL_SECONDS, payouts: JSON.stringify(LOTTERY_DEFAULT_PAYOUTS) })
      .execute();

    // The betting platform: its own clock in the past, moved through the draws.
    let clockMs = Date.now() - PAST_MS;
    const app = await buildPlatform({ db, merchantCode: 'DEMO', gatewaySecret: TEST_GATEWAY_SECRET, clock: () => new Date(clockMs) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const deps = app.platform;
    const wallet = builtInProvider(app, deps).walletFor(merchant.id);
    // The seed's history (the demo team's week of slot play) is on the provider's account already:
    // what this test's bets and wins move is the change from here.
    const providerAccount = await accountFor(db, merchant, 'provider', { code: BUILT_IN_PROVIDER.code });
    // Kept in shards (docs/0089): its balance is their sum.
    const providerBalanceNow = () => accountBalance(db, providerAccount);
    const providerBefore = await providerBalanceNow();
    const sessions: TGameSession[] = [];
    const wallets: number[] = [];
    for (const memberId of ids) {
      const player = await fundedPlayer(deps, merchant, memberId, game, { openingMinor: OPENING_MINOR, key: 'lotcrash', now: clockMs });
      wallets.push(player.wallet);
      sessions.push(player.session);
    }
    const totalBefore = await ledgerTotal(db);
    const lottery = { id: game.id, merchantId: merchant.id, gameCode: game.game_code };
    for (let d = 0; d < DRAWS; d++) {
      const draw = await ensureOpenDraw(deps, lottery);
      for (let i = 0; i < BETS / DRAWS; i++) {
        const betType = LOTTERY_BET_TYPES[rand.int(0, LOTTERY_BET_TYPES.length - 1)]!;
        const digits = LOTTERY_PICK_DIGITS[betType];
        const pick = digits === 0 ? null : String(rand.int(0, 10 ** digits - 1)).padStart(digits, '0');
        await placeLotteryBet(deps, wallet, sessions[rand.int(0, MEMBERS - 1)]!, { drawId: String(draw.id), betType, pick, stakeMinor: 100 * rand.int(1, 50) });
      }
      clockMs = new Date(draw.closes_at).getTime() + 1;
    }
    await app.close();
    const bets = await db.selectFrom('lottery_bets').selectAll().where('game_id', '=', game.id).execute();
    expect(bets.length).toBe(BETS);
    expect(bets.every((b) => b.state === 'placed')).toBe(true);

    // A settler killed in the middle of settlement, after a seeded number of paid bets.
    // (How far it got before the signal landed depends on the machine; what follows holds either way.)
    const killed = await settler(rand.int(1, BETS - 1));
    expect(killed.finished).toBe(false);
    // Then two settlers at once on what it left.
    const [a, b] = await Promise.all([settler(), settler()]);
    expect(a.finished && b.finished).toBe(true);

    // Every draw settled, with the result of its committed seed.
    const draws = await db.selectFrom('lottery_draws').selectAll().where('game_id', '=', game.id).execute();
    expect(draws.length).toBe(DRAWS);
    for (const d of draws) {
      expect(d.state).toBe('settled');
      expect(d.result).toBe(await lotteryResult(d.server_seed, d.mix === null ? d.client_seed : mixedClientSeed(d.client_seed, d.mix)));
    }
    const resultOf = new Map(draws.map((d) => [d.id, d.result!]));
    // Every bet: settled with its win; one debit and one credit at the wallet, whoever sent them how often.
    const settled = await db.selectFrom('lottery_bets').selectAll().where('game_id', '=', game.id).execute();
    const moved = await db.selectFrom('seamless_transactions').select(['transaction_id', 'kind', 'amount_minor']).where('round_id', 'like', 'WLG-L%').execute();
    const byId = new Map<string, { kind: string; amount: number }[]>();
    for (const m of moved) byId.set(m.transaction_id, [...(byId.get(m.transaction_id) ?? []), { kind: m.kind, amount: Number(m.amount_minor) }]);
    let stakes = 0;
    let wins = 0;
    const netOf = new Map<number, number>();
    for (const bet of settled) {
      const win = lotteryWinMinor(
        { betType: bet.bet_type, pick: bet.pick, stakeMinor: Number(bet.stake_minor), payoutX100: bet.payout_x100 },
        resultOf.get(bet.draw_id)!,
      );
      expect(bet.state).toBe('settled');
      expect(Number(bet.win_minor)).toBe(win);
      const wid = lotteryBetIds(bet.id);
      expect(byId.get(wid.bet)).toEqual([{ kind: 'bet', amount: Number(bet.stake_minor) }]);
      expect(byId.get(wid.win)).toEqual([{ kind: 'win', amount: win }]);
      stakes += Number(bet.stake_minor);
      wins += win;
      netOf.set(bet.member_id!, (netOf.get(bet.member_id!) ?? 0) + win - Number(bet.stake_minor));
    }
    // The killed settler had paid bets when it died (the kill came after a number of them).
    expect(killed.paid.length).toBeGreaterThan(0);

    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
    expect(await ledgerTotal(db)).toBe(totalBefore);
    const twice = await sql<{ n: number }>`
      select count(*)::int as n from (select idempotency_key from ledger_transactions where owner_kind = 'provider' group by idempotency_key having count(*) > 1) d`.execute(
      db,
    );
    expect(twice.rows[0]!.n).toBe(0);
    for (const [i, memberId] of ids.entries()) {
      const balance = Number(
        (await db.selectFrom('ledger_accounts').select('balance_minor').where('id', '=', wallets[i]!).executeTakeFirstOrThrow()).balance_minor,
      );
      expect(balance, `member ${memberId}`).toBe(OPENING_MINOR + (netOf.get(memberId) ?? 0));
    }
    expect((await providerBalanceNow()) - providerBefore).toBe(stakes - wins);
  }, 300_000);
});
