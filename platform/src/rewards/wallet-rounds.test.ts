import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { WLG_PATHS, ZWlgSlotSpinResponse, type TPromotionTermsOf } from '@wl/schemas';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { useGamePlatform } from '../test-support/games.ts';
import { seamlessCalls } from '../test-support/seamless-calls.ts';
import { openRealSlot } from '../test-support/slot-as-gateway.ts';
import { accountFor, houseAccountId, transfer } from '../wallet/ledger.service.ts';
import { ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import { lastClosedPeriod, runCashback } from '../promo/cashback.job.ts';
import { payRebate, rebateSummary } from './rebate.service.ts';
import { runRewardsDaily } from './rewards.job.ts';
import { unrebatedByGameType, vipFigures } from './settled-rounds.ts';

/**
 * docs/0099: rebates, VIP turnover and cashback read the seamless wallet's settled rounds. A
 * provider that is not the built-in one, called over real signed HTTP, earns all three; a rolled-back
 * bet, a bet whose round never settled and a bet placed after its round's win earn nothing; a round
 * is rebated once across a claim, the daily job and a rerun; a built-in slot spin (which also writes
 * game_rounds) counts once.
 */
const games = useGamePlatform();
const { ctx } = games;
const ACME = 'ACME';
const secret = randomBytes(32).toString('hex');
const merchant = { id: 0, currency: '' };
let liveGame = '';
let acme: ReturnType<typeof seamlessCalls>;

/** A new member with ৳10,000 in the wallet. */
async function fundedMember(prefix: string): Promise<number> {
  const { ids } = await insertBareMembers(ctx.db, 1, `${prefix}${randomBytes(3).toString('hex')}_`);
  const wallet = await accountFor(ctx.db, merchant, 'member_wallet', { memberId: ids[0]! });
  await transfer(ctx.db, {
    from: (await houseAccountId(ctx.db, merchant.id))!,
    to: wallet,
    amountMinor: 1_000_000,
    owner: { kind: 'system', id: 0 },
    idempotencyKey: `wallet-rounds-fund:${ids[0]}`,
    kind: 'adjust',
  });
  return ids[0]!;
}

/** The level-0 rate of a game type (demo seed). */
const rateOf = async (gameType: string) =>
  (
    await ctx.db
      .selectFrom('rebate_rates')
      .select('rate_bp')
      .where('merchant_id', '=', merchant.id)
      .where('level', '=', 0)
      .where('game_type', '=', gameType)
      .executeTakeFirstOrThrow()
  ).rate_bp;

const ok = (answer: Awaited<ReturnType<typeof acme.bet>>) => expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: true });

beforeAll(async () => {
  Object.assign(merchant, await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow());
  await ctx.db.insertInto('seamless_providers').values({ merchant_id: merchant.id, code: ACME, name: 'Acme Live', secret }).execute();
  liveGame = (
    await ctx.db
      .selectFrom('games')
      .select('game_code')
      .where('merchant_id', '=', merchant.id)
      .where('game_type', '=', 'LIVE')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).game_code;
  acme = seamlessCalls(
    ctx,
    () => secret,
    () => Date.now(),
    liveGame,
    ACME,
  );
});

describe('settled rounds of the seamless wallet (docs/0099)', () => {
  it('a third-party provider’s settled bets earn the rebate, VIP turnover and cashback; rolled-back, open and late bets earn nothing', async () => {
    const member = await fundedMember('acme_');
    const p = String(member);
    // Round A: two bets (one rolled back), lost: stake 30,000, valid 30,000.
    ok(await acme.bet(p, 'a1', 30_000, 'R:A'));
    ok(await acme.bet(p, 'a2', 50_000, 'R:A'));
    ok(await acme.rollback(p, 'a2-rb', 'a2'));
    ok(await acme.win(p, 'a-win', 0, 'A'));
    // A bet into round A after its win stays placed: never settled, never counted.
    ok(await acme.bet(p, 'a3', 70_000, 'R:A'));
    // Round B: won 25,000 on 10,000: valid 10,000 (the stake), net −15,000.
    ok(await acme.bet(p, 'b1', 10_000));
    ok(await acme.win(p, 'b-win', 25_000, 'b1'));
    // Round C: rolled back whole; round D: placed, never settled.
    ok(await acme.bet(p, 'c1', 40_000));
    ok(await acme.rollback(p, 'c1-rb', 'c1'));
    ok(await acme.bet(p, 'd1', 60_000));

    expect(await unrebatedByGameType(ctx.db, member)).toEqual([{ gameType: 'LIVE', validMinor: 40_000 }]);
    const rate = await rateOf('LIVE');
    expect((await rebateSummary(ctx.db, merchant, member)).lines).toEqual([
      { gameType: 'LIVE', validBetMinor: 40_000, rateBp: rate, amountMinor: Math.floor((40_000 * rate) / 10_000) },
    ]);
    expect((await vipFigures(ctx.db, member, new Date(Date.now() - 86_400_000))).turnoverMinor).toBe(40_000);

    // Cashback: the week holding these rounds, closed a week on; net loss 30,000 − 15,000 = 15,000 → 5 % = 750, below the ৳50 minimum.
    // One more lost round of 200,000 makes it 215,000 → 10,750, paid.
    ok(await acme.bet(p, 'e1', 200_000));
    ok(await acme.win(p, 'e-win', 0, 'e1'));
    const promotion = await ctx.db.selectFrom('promotions').select(['id', 'starts_at', 'terms']).where('kind', '=', 'cashback').executeTakeFirstOrThrow();
    const terms = promotion.terms as TPromotionTermsOf<'cashback'>;
    const later = new Date(Date.now() + terms.periodDays * 86_400_000);
    const period = lastClosedPeriod(new Date(promotion.starts_at), terms.periodDays, later)!;
    expect(period.start.getTime()).toBeLessThanOrEqual(Date.now());
    await runCashback(ctx.db, later);
    const row = await ctx.db
      .selectFrom('cashback_payouts')
      .select(['net_loss_minor', 'amount_minor', 'state'])
      .where('member_id', '=', member)
      .executeTakeFirstOrThrow();
    expect({ net: Number(row.net_loss_minor), amount: Number(row.amount_minor), state: row.state }).toEqual({ net: 215_000, amount: 10_750, state: 'paid' });
  });

  it('rebates a settled round once across a claim, the daily job and its rerun', async () => {
    const member = await fundedMember('acme_once_');
    const p = String(member);
    ok(await acme.bet(p, 'x1', 100_000));
    ok(await acme.win(p, 'x-win', 0, 'x1'));
    const rate = await rateOf('LIVE');
    const claimed = await payRebate(ctx.db, merchant, member, { key: 'member:acme-once', source: 'member' });
    expect(claimed?.amountMinor).toBe(Math.floor((100_000 * rate) / 10_000));
    ok(await acme.bet(p, 'y1', 200_000));
    ok(await acme.win(p, 'y-win', 0, 'y1'));
    await ctx.db.updateTable('rewards_settings').set({ rebate_payout: 'automatic' }).where('merchant_id', '=', merchant.id).execute();
    try {
      const day = new Date();
      await runRewardsDaily(ctx.db, day);
      await runRewardsDaily(ctx.db, day);
      await runRewardsDaily(ctx.db, new Date(day.getTime() + 86_400_000));
    } finally {
      await ctx.db.updateTable('rewards_settings').set({ rebate_payout: 'manual' }).where('merchant_id', '=', merchant.id).execute();
    }
    const claims = await ctx.db.selectFrom('rebate_claims').select(['id', 'source', 'amount_minor']).where('member_id', '=', member).orderBy('id').execute();
    expect(claims.map((c) => [c.source, Number(c.amount_minor)])).toEqual([
      ['member', Math.floor((100_000 * rate) / 10_000)],
      ['job', Math.floor((200_000 * rate) / 10_000)],
    ]);
    const marks = await sql<{ transaction_id: string; claim_id: string }>`
      select w.transaction_id, x.claim_id from rebated_settlements x join seamless_transactions w on w.id = x.win_id
      where w.member_id = ${member} order by w.transaction_id`.execute(ctx.db);
    expect(marks.rows.map((m) => [m.transaction_id, Number(m.claim_id)])).toEqual([
      ['x-win', Number(claims[0]!.id)],
      ['y-win', Number(claims[1]!.id)],
    ]);
    expect((await rebateSummary(ctx.db, merchant, member)).totalMinor).toBe(0);
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
  });

  it('counts a built-in slot spin once (it bets through the wallet and writes game_rounds too)', async () => {
    const member = await games.demoMemberId();
    const rng = async () => (await unrebatedByGameType(ctx.db, member)).find((l) => l.gameType === 'RNG')?.validMinor ?? 0;
    const before = await rng();
    const game = await openRealSlot(games);
    const res = await games.post(WLG_PATHS.slotSpin, { token: game.token, betPerLineMinor: 100 });
    const spin = ZWlgSlotSpinResponse.parse(res.json().value);
    const stake = spin.round.stakeMinor;
    expect(await rng()).toBe(before + Math.min(stake, Math.abs(spin.round.payoutMinor - stake)));
  });
});
