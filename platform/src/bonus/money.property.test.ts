import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BONUS_TERMS, type TPromotionTerms } from '@wl/schemas';
import { decideDepositIn } from '../deposit/deposit.service.ts';
import { BUILT_IN_GAMES, BUILT_IN_PROVIDER } from '../kernel/catalogue.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { runCashback } from '../promo/cashback.job.ts';
import { joinPromotion } from '../promo/promo.service.ts';
import { claimRebate } from '../rewards/rebate.service.ts';
import { runRewardsDaily } from '../rewards/rewards.job.ts';
import { usePlatform } from '../test-support/db.ts';
import { moneyPlayers, PLAYER_WITHDRAW_PASSWORD } from '../test-support/money-players.ts';
import { insertPromotion } from '../test-support/promotions.ts';
import { insertPendingDeposit } from '../test-support/promo.ts';
import { seamlessCalls } from '../test-support/seamless-calls.ts';
import { seededRandom, type TSeededRandom } from '../test-support/seeded-random.ts';
import { mainWalletTransfer } from '../transfer/transfer.service.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { payWithdrawal, rejectWithdrawal } from '../withdraw/withdraw-operator.service.ts';
import { requestWithdrawal } from '../withdraw/withdraw.service.ts';
import { awardBonus } from './award.ts';
import { runBonusExpire } from './bonus-expire.job.ts';
import { endBonus } from './ends.ts';
import { moneyRunChecks, REBATE_BP } from '../test-support/money-run-checks.ts';
import { excludeSelf } from '../protection/exclusion.ts';
import { setLimit } from '../protection/limits.service.ts';
import { checkDepositAccepted, checkStakeAccepted, protectionStep, protectionTally, tallyRefusal } from '../test-support/money-protection.ts';
import { pointsRunChecks } from '../test-support/money-points.ts';
import { runPointsEarn } from '../points/points.job.ts';
import { pointsBalance } from '../points/points.queries.ts';
import { convertPoints, placeOrder, rewardMember } from '../points/points.service.ts';
import { runLeaderboardPrizes } from '../missions/leaderboards.ts';
import { runTicketsEarn } from '../tickets/tickets.job.ts';
import { logIn, newRewardsWalk, rewardsRunChecks, rewardsSetUp, rewardsStep, type TRewards, type TRewardsWalk } from '../test-support/money-rewards.ts';
import { demoProviderSecret } from '../test-support/demo-merchant.ts';

/**
 * The money property test with the engagement engine in it (docs/0095, docs/0096, docs/0091):
 * players in parallel deposit (approvals paying deposit matches), bet, win and roll back through the
 * signed seamless wallet (some bets above a bonus's max stake, some sent twice), request withdrawals
 * (forfeiting a bonus or not) that finance pays or rejects, transfer to each other, claim rebates
 * (sometimes twice at once), get and cancel bonuses, while the clock jumps and the expiry, cashback
 * and daily rewards runs race the play. Afterwards the ledger is whole and conserved, and every
 * engagement effect happened once (moneyRunChecks). Players also set and raise their own deposit,
 * stake and loss limits and take time-outs (docs/0102, 0104, 0105): no deposit or stake is ever
 * accepted over an effective limit or from a closed account. Points (docs/0113) are earned on the
 * play by the job racing it and by the members' own call, converted to cash (some twice at once with
 * one key) and spent on goods between phases: each once (pointsRunChecks). The reward centre's paying
 * paths (docs/0118, 0119, 0120) are in the walk too: members log in as each phase starts, draw their
 * tickets, claim a raffle's entry, redeem codes (past a cap, past an expiry) and claim daily missions,
 * some twice at once, while the leaderboard prize job races the play across the clock jumps; each
 * effect once, no stock or cap passed (rewardsRunChecks). BONUS_PROPERTY_OPS and BONUS_PROPERTY_SEED
 * grow or replay a run.
 */
const OPS = Number(process.env.BONUS_PROPERTY_OPS ?? 720);
const SEED = Number(process.env.BONUS_PROPERTY_SEED ?? 20261130);
const PLAYERS = 12;
/** The clock jumps three days between phases. */
const PHASES = 6;
let nowMs = Date.now();
const clock = () => new Date(nowMs);
const ctx = usePlatform({ clock });
let secret = '';
const wallet = seamlessCalls(
  ctx,
  () => secret,
  () => nowMs,
  BUILT_IN_GAMES[0].nodeId,
);
let run: Awaited<ReturnType<typeof moneyPlayers>>;
let merchant: { id: number; currency: string };
/** The cheapest good of the seeded mall. */
let goodsId = 0;
/** The reward centre's codes, raffle, missions and leaderboard, made as the console makes them. */
let rewards: TRewards;

/** Refusals by key and the protection invariant's violations (docs/0104: nothing accepted over an effective limit). */
const tally = protectionTally();
/** A refusal the services answer on purpose (a WpsError), counted; anything else is a fault and fails the run. */
const refused = (error: unknown) => tallyRefusal(tally, error);

beforeAll(async () => {
  secret = await demoProviderSecret(ctx.db, BUILT_IN_PROVIDER.code);
  run = await moneyPlayers(ctx.db, PLAYERS, 'moneyprop', clock);
  merchant = { id: run.merchant.id, currency: run.merchant.currency };
  // A cashback of 10 % over 3-day periods from an hour ago, paid up to ৳3 by itself (above: finance).
  const cashback: TPromotionTerms = { kind: 'cashback', percent: 10, periodDays: 3, minPayoutMinor: 1, maxPayoutMinor: 5_000, autoUpToMinor: 300 };
  await insertPromotion(ctx.db, merchant.id, cashback, { startsAt: new Date(nowMs - 3_600_000) });
  // Rebates at every level, paid by the daily run as well as claimed: the two race for the same bets.
  await ctx.db.updateTable('rebate_rates').set({ rate_bp: REBATE_BP }).where('merchant_id', '=', merchant.id).execute();
  await ctx.db.updateTable('rewards_settings').set({ rebate_payout: 'automatic' }).where('merchant_id', '=', merchant.id).execute();
  // Half the players joined a 50 % match of any deposit from ৳1 (the deposit and the bonus once in the turnover).
  const match: TPromotionTerms = {
    kind: 'deposit_match',
    deposit: 'any',
    percent: 50,
    capMinor: 1_000,
    minDepositMinor: 100,
    bonus: { ...DEFAULT_BONUS_TERMS, turnoverMultiple: 1 },
  };
  // Points (docs/0113): 100 points a ৳1 of valid slot bet, so the walk's small stakes earn enough to convert and redeem.
  await ctx.db.updateTable('points_earn_rates').set({ points_per_100: 10_000 }).where('merchant_id', '=', merchant.id).where('source', '=', 'rng').execute();
  goodsId = (await ctx.db.selectFrom('points_goods').select('id').where('merchant_id', '=', merchant.id).orderBy('points').executeTakeFirstOrThrow()).id;
  const matchId = await insertPromotion(ctx.db, merchant.id, match);
  // The reward centre (docs/0118-0120) before the first deposits, so they earn tickets too.
  const content = await ctx.db.selectFrom('operators').select(['id', 'username']).where('username', '=', 'demo_content').executeTakeFirstOrThrow();
  rewards = await rewardsSetUp(run, { operatorId: content.id, sessionId: 0, username: content.username, name: content.username, role: 'content' });
  for (const [i, p] of run.players.entries()) {
    if (i % 2 === 0) await joinPromotion(run.deps, run.merchant, p.id, matchId);
    await approve(p.id, 300);
  }
});

/** Approves a deposit as the settle job does; one credited is checked against the member's limits in its own transaction. */
async function approve(memberId: number, amountMinor: number): Promise<void> {
  const depositId = await insertPendingDeposit(ctx.db, memberId, amountMinor);
  await inTransaction(ctx.db, async (trx) => {
    const credited = await decideDepositIn(trx, { merchantId: merchant.id, depositId, decision: 'approve', by: null });
    if (credited) await checkDepositAccepted(trx, merchant.id, memberId, new Date(), tally);
  }).catch(refused);
}

/** Finance pays or rejects a pending withdrawal. */
const decide = (id: number, pay: boolean) =>
  pay
    ? payWithdrawal(run.deps, run.merchant, run.operator, 'prop', id)
    : rejectWithdrawal(run.deps, run.merchant, run.operator, 'prop', { withdrawalId: id, remark: 'prop' });
let decided = 0;
/** Decides every withdrawal still pending in a player's walk, paying and rejecting in turn. */
async function decidePending(_index: number, walk: TWalk): Promise<void> {
  for (let id = walk.pending.shift(); id !== undefined; id = walk.pending.shift()) await decide(id, (decided += 1) % 2 === 0);
}
const TIME_OUT = { kind: 'timeout', period: '24h', confirm: true } as const;

/**
 * docs/0113, between every other phase: every player's points credited by its own call, half of them converted
 * to cash (a third of the players send the conversion twice at once with one key), and a good
 * redeemed when the points cover it. Refusals (too few points, a closed account) are counted.
 */
async function pointsPhase(phase: number): Promise<void> {
  await Promise.all(
    run.players.map(async (p, i) => {
      await rewardMember(ctx.db, run.merchant, p.id, clock());
      const have = await pointsBalance(ctx.db, p.id);
      if (have >= 200) {
        const convert = { points: 100 * Math.floor(have / 200), key: `pc-${phase}-${p.id}` };
        await Promise.all(Array.from({ length: i % 3 === 0 ? 2 : 1 }, () => convertPoints(run.deps, run.merchant, p.id, convert).catch(refused)));
      }
      const order = { goodsId, quantity: 1, address: 'Prop Road 1, Dhaka', mobile: '01712000000', key: `po-${phase}-${p.id}` };
      await placeOrder(ctx.db, run.merchant, p.id, order, 'en').catch(refused);
    }),
  );
}

/** A player's walk: its random numbers, its bets awaiting their round's end, its pending withdrawals, its ops so far (unique keys), its reward-centre state. */
type TWalk = { rand: TSeededRandom; open: string[]; pending: number[]; done: number; rewards: TRewardsWalk };

/** `ops` more steps of one player's random walk over money, play and the bonus life. */
async function play(index: number, walk: TWalk, ops: number): Promise<void> {
  const p = run.players[index]!;
  const playerId = String(p.id);
  const { rand, open, pending } = walk;
  for (let step = 0; step < ops; step++) {
    const i = (walk.done += 1);
    const roll = rand.next();
    if (roll < 0.06) {
      await inTransaction(ctx.db, (trx) =>
        awardBonus(trx, merchant, {
          memberId: p.id,
          promotionId: null,
          source: 'operator',
          sourceKey: `prop-${i}`,
          amountMinor: rand.int(1, 6) * 200,
          terms: { ...DEFAULT_BONUS_TERMS, turnoverMultiple: rand.int(1, 2), maxStakeMinor: rand.next() < 0.5 ? null : rand.int(1, 10) * 100 },
          now: clock(),
          ip: 'prop',
        }),
      ).catch(() => undefined); // one active at a time: refused while another runs
    } else if (roll < 0.09) {
      await approve(p.id, rand.int(1, 8) * 100);
    } else if (roll < 0.12) {
      const req = { bankAccountId: p.bankAccountId, amountMinor: rand.int(1, 10) * 100, withdrawPassword: PLAYER_WITHDRAW_PASSWORD, idempotencyKey: `w-${i}` };
      const w = await requestWithdrawal(run.deps, run.merchant, p.session, { ...req, forfeitBonus: rand.next() < 0.5 }).catch(refused);
      if (w) pending.push(w.id);
    } else if (roll < 0.14) {
      const id = pending.shift();
      if (id === undefined) continue;
      await decide(id, rand.next() < 0.5);
    } else if (roll < 0.16) {
      const to = run.players[(index + rand.int(1, PLAYERS - 1)) % PLAYERS]!;
      const t = { senderId: p.id, receiverId: to.id, direction: 'downline' as const, amountMinor: rand.int(1, 5) * 100, key: `t-${i}`, remark: '', ip: 'prop' };
      await mainWalletTransfer(run.deps, run.merchant, t).catch(refused);
    } else if (roll < 0.19) {
      // Player protection (docs/0102, 0104, 0105): limits set, raised and confirmed, time-outs taken and reopened.
      await protectionStep(ctx.db, { merchantId: merchant.id, memberId: p.id, now: clock() }, rand, tally);
    } else if (roll < 0.5) {
      const bet = `${p.id}-${i}`;
      const amount = rand.int(1, 10) * 50;
      const sends = rand.next() < 0.1 ? 2 : 1;
      const answers = await Promise.all(Array.from({ length: sends }, () => wallet.bet(playerId, bet, amount)));
      for (const a of answers) if (!a.body.success && a.body.message) tally.refusals.set(a.body.message, (tally.refusals.get(a.body.message) ?? 0) + 1);
      if (answers.some((a) => a.body.success)) {
        open.push(bet);
        await checkStakeAccepted(ctx.db, merchant.id, p.id, clock(), tally);
      }
    } else if (roll < 0.75) {
      if (open.length === 0) continue;
      const bet = open.splice(rand.int(0, open.length - 1), 1)[0]!;
      const payout = rand.next() < 0.5 ? 0 : rand.int(0, 60) * 100;
      await wallet.win(playerId, `${bet}:w`, payout, bet);
    } else if (roll < 0.8) {
      if (open.length === 0) continue;
      const bet = open.splice(rand.int(0, open.length - 1), 1)[0]!;
      await wallet.rollback(playerId, `${bet}:rb`, bet);
    } else if (roll < 0.82) {
      await inTransaction(ctx.db, async (trx) => {
        await lockMembers(trx, [p.id], merchant.id);
        const active = await trx.selectFrom('bonus_awards').select('id').where('member_id', '=', p.id).where('state', '=', 'active').executeTakeFirst();
        if (active) await endBonus(trx, merchant, p.id, Number(active.id), 'cancelled', clock(), 'prop');
      });
    } else if (roll < 0.87) {
      // A claim, sometimes sent twice at once with one key, sometimes with two keys.
      const keys = rand.next() < 0.3 ? [`r-${i}`, `r-${i}`] : rand.next() < 0.3 ? [`r-${i}`, `r-${i}b`] : [`r-${i}`];
      await Promise.all(keys.map((k) => claimRebate(ctx.db, merchant, p.id, k).catch(refused)));
    } else if (roll < 0.95) {
      // The reward centre (docs/0118-0120): a ticket drawn, the raffle's entry, a code, a mission claimed.
      await rewardsStep(run, rewards, p.id, i, rand, walk.rewards, refused);
    } else {
      // The jobs race the other players' play (the clock moves only between phases: a signed wallet
      // call in flight across a jump would be refused as stale). The leaderboard prizes run only
      // here, so every closed day is paid by a run racing the play of the phase after the jump; the
      // tickets run races the members' own collection and draws.
      await Promise.all([
        runBonusExpire(ctx.db, clock()),
        runCashback(ctx.db, clock()),
        runRewardsDaily(ctx.db, clock()),
        runPointsEarn(ctx.db, clock()),
        runLeaderboardPrizes(ctx.db, clock()),
        runTicketsEarn(ctx.db, clock()),
      ]);
    }
  }
}

describe('money with bonuses, cashback and rebates under random concurrent play (docs/0095)', () => {
  it('keeps the ledger whole and conserved, and every award, end, turnover credit, cashback, rebate and reward-centre prize happens once', async () => {
    const total = await ledgerTotal(ctx.db);
    const rand = seededRandom(SEED);
    const walks: TWalk[] = run.players.map((_, i) => ({
      rand: seededRandom(SEED + i + Math.floor(rand.next() * 1000)),
      open: [],
      pending: [],
      done: 0,
      rewards: newRewardsWalk(),
    }));
    for (let phase = 0; phase < PHASES; phase++) {
      // Two players take a time-out as the second phase starts (others may at random): the rest of
      // their walk meets restricted mode, and later phases reopen their accounts.
      if (phase === 1) for (const p of run.players.slice(0, 2)) await excludeSelf(ctx.db, { merchantId: merchant.id, memberId: p.id, now: clock() }, TIME_OUT);
      // Two others set a ৳1 daily stake limit and a ৳2 daily deposit limit as the run starts (others
      // may at random): their limits bite whatever the seed (the play is stamped with the database's
      // time and the windows end at the clock, so after a jump only a single bet or deposit counts).
      if (phase === 0)
        for (const p of run.players.slice(2, 4))
          for (const limit of [
            { kind: 'stake_24h', value: 100 },
            { kind: 'deposit_24h', value: 200 },
          ] as const)
            await setLimit(ctx.db, { merchantId: merchant.id, memberId: p.id, now: clock() }, limit);
      // A new day: three players in four log in (the login-day tickets and missions count it); the rest's mission claims are refused.
      await Promise.all(run.players.map((_, i) => ((i + phase) % 4 === 0 ? undefined : logIn(run, i, refused))));
      await Promise.all(walks.map((walk, i) => play(i, walk, Math.ceil(OPS / PLAYERS / PHASES))));
      // Finance decides what is still pending, one paid and one rejected in turn, on a quiet ledger.
      for (const [i, walk] of walks.entries()) await decidePending(i, walk);
      // Every other phase: the points' own steps cost the run seconds, and three rounds of them race enough.
      if (phase % 2 === 1) await pointsPhase(phase);
      // Bonuses pass their end, cashback periods close, a new day's rewards run: once on a quiet ledger too.
      nowMs += 3 * 86_400_000;
      await Promise.all([runBonusExpire(ctx.db, clock()), runCashback(ctx.db, clock()), runRewardsDaily(ctx.db, clock())]);
    }
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
    expect(await ledgerTotal(ctx.db)).toBe(total);
    // The reward centre first: its own checks of what the run did are soft, so the others still run.
    await rewardsRunChecks(
      ctx.db,
      run.players.map((p) => p.id),
      tally.refusals,
    );
    await moneyRunChecks(
      ctx.db,
      run.players.map((p) => p.id),
    );
    await pointsRunChecks(
      ctx.db,
      run.players.map((p) => p.id),
    );
    // No deposit or stake was accepted over an effective limit or from a closed account, and the
    // limits and time-outs did bite (a run where none refused anything would prove nothing).
    expect(tally.violations).toEqual([]);
    const bit = (prefix: string) => [...tally.refusals].filter(([k]) => k.startsWith(prefix)).reduce((n, [, c]) => n + c, 0);
    expect({
      deposit: bit('protection_deposit_limit_') > 0,
      bet: bit('protection_stake_limit_') + bit('protection_loss_limit_') > 0,
      closed: bit('protection_excluded') > 0,
    }).toEqual({
      deposit: true,
      bet: true,
      closed: true,
    });
  });
});
