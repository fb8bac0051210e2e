import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BONUS_TERMS } from '@wl/schemas';
import { BUILT_IN_GAMES, BUILT_IN_PROVIDER } from '../kernel/catalogue.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { usePlatform } from '../test-support/db.ts';
import { seamlessCalls } from '../test-support/seamless-calls.ts';
import { seededRandom, type TSeededRandom } from '../test-support/seeded-random.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import { accountFor, inTransaction, transfer } from '../wallet/ledger.service.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { awardBonus } from './award.ts';
import { runBonusExpire } from './bonus-expire.job.ts';
import { endBonus } from './ends.ts';
import { turnoverOf } from './wagering.ts';

/**
 * docs/0095: random bonus awards, bets (some above the max stake, some sent twice), wins, rollbacks,
 * expiries and cancellations, players in parallel through the signed seamless wallet. Afterwards no
 * balance is negative, every balance equals its entries, the total is conserved, no bonus ended twice,
 * each bonus's turnover is the sum of its settled bets' valid amounts × weight, and no accepted bet
 * was above its bonus's max stake. BONUS_PROPERTY_OPS and BONUS_PROPERTY_SEED grow or replay a run.
 */
const OPS = Number(process.env.BONUS_PROPERTY_OPS ?? 600);
const SEED = Number(process.env.BONUS_PROPERTY_SEED ?? 20261130);
const PLAYERS = 12;
let nowMs = Date.parse('2026-11-25T12:00:00Z');
const ctx = usePlatform({ clock: () => new Date(nowMs) });
const merchant = { id: 0, currency: '' };
let secret = '';
const wallet = seamlessCalls(
  ctx,
  () => secret,
  () => nowMs,
  BUILT_IN_GAMES[0].nodeId,
);
let ids: number[] = [];

beforeAll(async () => {
  Object.assign(merchant, await ctx.db.selectFrom('merchants').select(['id', 'currency']).executeTakeFirstOrThrow());
  secret = (await ctx.db.selectFrom('seamless_providers').select('secret').where('code', '=', BUILT_IN_PROVIDER.code).executeTakeFirstOrThrow()).secret;
  ids = (await insertBareMembers(ctx.db, PLAYERS, 'bonusprop')).ids;
  for (const memberId of ids) {
    const to = await accountFor(ctx.db, merchant, 'member_wallet', { memberId });
    await inTransaction(ctx.db, async (trx) =>
      transfer(trx, {
        from: await accountFor(trx, merchant, 'adjustment'),
        to,
        amountMinor: 300,
        owner: { kind: 'member', id: memberId },
        idempotencyKey: 'bonusprop',
        kind: 'adjustment',
      }),
    );
  }
});

/** One player's run: a random walk over the bonus life and its play. */
async function play(memberId: number, rand: TSeededRandom, ops: number): Promise<void> {
  const playerId = String(memberId);
  const open: string[] = [];
  let n = 0;
  for (let i = 0; i < ops; i++) {
    const roll = rand.next();
    if (roll < 0.08) {
      await inTransaction(ctx.db, (trx) =>
        awardBonus(trx, merchant, {
          memberId,
          promotionId: null,
          source: 'operator',
          sourceKey: `prop-${i}`,
          amountMinor: rand.int(1, 6) * 200,
          terms: { ...DEFAULT_BONUS_TERMS, turnoverMultiple: rand.int(1, 2), maxStakeMinor: rand.next() < 0.5 ? null : rand.int(1, 10) * 100 },
          now: new Date(nowMs),
          ip: 'prop',
        }),
      ).catch(() => undefined); // one active at a time: refused while another runs
    } else if (roll < 0.55) {
      const bet = `${memberId}-${(n += 1)}`;
      const amount = rand.int(1, 10) * 50;
      const sends = rand.next() < 0.1 ? 2 : 1;
      const answers = await Promise.all(Array.from({ length: sends }, () => wallet.bet(playerId, bet, amount)));
      if (answers.some((a) => a.body.success)) open.push(bet);
    } else if (roll < 0.85) {
      if (open.length === 0) continue;
      const bet = open.splice(rand.int(0, open.length - 1), 1)[0]!;
      const payout = rand.next() < 0.5 ? 0 : rand.int(0, 60) * 100;
      await wallet.win(playerId, `${bet}:w`, payout, bet);
    } else if (roll < 0.92) {
      if (open.length === 0) continue;
      const bet = open.splice(rand.int(0, open.length - 1), 1)[0]!;
      await wallet.rollback(playerId, `${bet}:rb`, bet);
    } else if (roll < 0.94) {
      await inTransaction(ctx.db, async (trx) => {
        await lockMembers(trx, [memberId], merchant.id);
        const active = await trx.selectFrom('bonus_awards').select('id').where('member_id', '=', memberId).where('state', '=', 'active').executeTakeFirst();
        if (active) await endBonus(trx, merchant, memberId, Number(active.id), 'cancelled', new Date(nowMs), 'prop');
      });
    } else {
      nowMs += 3 * 86_400_000; // some bonuses pass their end
      await runBonusExpire(ctx.db, new Date(nowMs));
    }
  }
}

describe('bonus wagering under random play (docs/0095)', () => {
  it('keeps the ledger whole, ends each bonus once, credits turnover exactly and never accepts a bet above the max', async () => {
    const total = await ledgerTotal(ctx.db);
    const rand = seededRandom(SEED);
    await Promise.all(ids.map((memberId, i) => play(memberId, seededRandom(SEED + i + Math.floor(rand.next() * 1000)), Math.ceil(OPS / PLAYERS))));
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
    expect(await ledgerTotal(ctx.db)).toBe(total);
    // Each bonus ended at most once, with at most one end movement.
    const ends = await sql<{ key: string; n: number }>`
      select idempotency_key as key, count(*)::int as n from ledger_transactions
      where idempotency_key like 'bonus-convert:%' or idempotency_key like 'bonus-end:%' group by idempotency_key having count(*) > 1`.execute(ctx.db);
    expect(ends.rows).toEqual([]);
    const audits = await sql<{ detail: string }>`
      select split_part(detail, ' ', 1) as detail from member_audit
      where action in ('bonus_converted', 'bonus_expired', 'bonus_cancelled', 'bonus_forfeited') group by 1 having count(*) > 1`.execute(ctx.db);
    expect(audits.rows).toEqual([]);
    // No bonus money stays behind a bonus that ended: the bonus wallet holds money only with an active bonus.
    const stranded = await sql<{ member_id: number }>`
      select a.member_id from ledger_accounts a join ledger_balances b on b.account_id = a.id
      where a.kind = 'member_bonus' and b.balance_minor <> 0
        and not exists (select 1 from bonus_awards w where w.member_id = a.member_id and w.state = 'active')`.execute(ctx.db);
    expect(stranded.rows).toEqual([]);
    // Turnover: each award's is the sum of its bets' credits, and each credit is the bet's valid amount × weight.
    const stakes = await ctx.db
      .selectFrom('bonus_stakes as s')
      .innerJoin('bonus_awards as a', 'a.id', 's.award_id')
      .innerJoin('seamless_transactions as w', (j) =>
        j
          .onRef('w.provider_id', '=', 's.provider_id')
          .on('w.kind', '=', 'win')
          .onRef('w.round_id', '=', sql`'R:' || s.bet_transaction_id`),
      )
      .select(['s.award_id', 's.stake_minor', 's.turnover_minor', 'w.amount_minor as payout', 'a.max_stake_minor'])
      .where('s.turnover_minor', '>', 0)
      .execute();
    for (const s of stakes) expect(Number(s.turnover_minor)).toBe(turnoverOf(Number(s.stake_minor), Number(s.payout), 100));
    const sums = await sql<{ id: number; done: number; credited: number }>`
      select a.id, a.turnover_done_minor::bigint as done, coalesce(sum(s.turnover_minor), 0)::bigint as credited
      from bonus_awards a left join bonus_stakes s on s.award_id = a.id group by a.id having a.turnover_done_minor <> coalesce(sum(s.turnover_minor), 0)`.execute(
      ctx.db,
    );
    expect(sums.rows).toEqual([]);
    const overMax = await sql<{ n: number }>`
      select count(*)::int as n from bonus_stakes s join bonus_awards a on a.id = s.award_id where a.max_stake_minor is not null and s.stake_minor > a.max_stake_minor`.execute(
      ctx.db,
    );
    expect(overMax.rows[0]!.n).toBe(0);
    // The run did what it says: bonuses converted, expired and cancelled, bets staked with bonus money.
    const states = await ctx.db.selectFrom('bonus_awards').select(['state']).where('member_id', 'in', ids).execute();
    for (const state of ['converted', 'expired', 'cancelled'] as const) expect(states.map((s) => s.state)).toContain(state);
    expect(await ctx.db.selectFrom('bonus_stakes').select('award_id').where('bonus_minor', '>', 0).limit(1).execute()).toHaveLength(1);
  });
});
