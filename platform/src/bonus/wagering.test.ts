import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BONUS_TERMS, type TBonusTerms } from '@wl/schemas';
import { BUILT_IN_GAMES, BUILT_IN_PROVIDER } from '../kernel/catalogue.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { usePlatform } from '../test-support/db.ts';
import { seamlessCalls } from '../test-support/seamless-calls.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import { accountFor, inTransaction, transfer } from '../wallet/ledger.service.ts';
import { awardBonus } from './award.ts';
import { runBonusExpire } from './bonus-expire.job.ts';
import { demoProviderSecret } from '../test-support/demo-merchant.ts';

/**
 * Wagering with bonus money (docs/0095): stakes take cash then bonus money, a stake above the max
 * is refused with nothing moved, wins and rollbacks follow the split, turnover is credited once per
 * settled bet and converts the bonus once; the expiry job ends each bonus once.
 */

const NOW = Date.parse('2026-11-25T12:00:00Z');
const ctx = usePlatform({ clock: () => new Date(NOW) });
const merchant = { id: 0, currency: '' };
let secret = '';
const slot = BUILT_IN_GAMES[0].nodeId;
const wallet = seamlessCalls(
  ctx,
  () => secret,
  () => NOW,
  slot,
);
let seq = 0;
const id = (tag: string) => `${tag}-${(seq += 1)}`;

const balances = async (memberId: number) => {
  const rows = await ctx.db.selectFrom('ledger_accounts').select(['kind', 'balance_minor']).where('member_id', '=', memberId).execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance_minor ?? 0);
  return { cash: of('member_wallet'), bonus: of('member_bonus') };
};
const awardOf = (awardId: number) => ctx.db.selectFrom('bonus_awards').selectAll().where('id', '=', awardId).executeTakeFirstOrThrow();

/** A new member with `cashMinor` in its wallet and an active bonus of `bonusMinor` on `terms`. */
async function player(prefix: string, cashMinor: number, bonusMinor: number, terms: Partial<TBonusTerms> = {}) {
  const [memberId] = (await insertBareMembers(ctx.db, 1, prefix)).ids;
  const to = await accountFor(ctx.db, merchant, 'member_wallet', { memberId: memberId! });
  if (cashMinor > 0)
    await inTransaction(ctx.db, async (trx) =>
      transfer(trx, {
        from: await accountFor(trx, merchant, 'adjustment'),
        to,
        amountMinor: cashMinor,
        owner: { kind: 'member', id: memberId! },
        idempotencyKey: `fund:${prefix}`,
        kind: 'adjustment',
      }),
    );
  const award = await inTransaction(ctx.db, (trx) =>
    awardBonus(trx, merchant, {
      memberId: memberId!,
      promotionId: null,
      source: 'operator',
      sourceKey: prefix,
      amountMinor: bonusMinor,
      terms: { ...DEFAULT_BONUS_TERMS, turnoverMultiple: 1, ...terms },
      now: new Date(NOW),
      ip: 'test',
    }),
  );
  return { memberId: memberId!, playerId: String(memberId), awardId: award.awardId };
}

beforeAll(async () => {
  Object.assign(merchant, await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow());
  secret = await demoProviderSecret(ctx.db, BUILT_IN_PROVIDER.code);
});

describe('staking with bonus money (docs/0095)', () => {
  it('takes cash first then bonus money, answers both as the balance, and splits the win by the bonus share', async () => {
    const p = await player('wager-split', 1_000, 5_000);
    expect(await wallet.balance(p.playerId)).toBe(6_000);
    const b = id('b');
    expect((await wallet.bet(p.playerId, b, 1_500)).body).toMatchObject({ success: true, value: { balanceMinor: 4_500 } });
    expect(await balances(p.memberId)).toEqual({ cash: 0, bonus: 4_500 });
    const stake = await ctx.db.selectFrom('bonus_stakes').selectAll().where('bet_transaction_id', '=', b).executeTakeFirstOrThrow();
    expect(stake).toMatchObject({ award_id: p.awardId, cash_minor: 1_000, bonus_minor: 500, turnover_minor: null });
    // A win of 3,000: a third of the stake was bonus money, so 1,000 to the bonus wallet and 2,000 to cash.
    expect((await wallet.win(p.playerId, id('w'), 3_000, b)).body).toMatchObject({ success: true, value: { balanceMinor: 7_500 } });
    expect(await balances(p.memberId)).toEqual({ cash: 2_000, bonus: 5_500 });
    // Valid amount least(1,500, |3,000 − 1,500|) = 1,500, the slot (RNG) weighs 100 %.
    expect((await awardOf(p.awardId)).turnover_done_minor).toBe(1_500);
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
  });

  it('refuses a stake above the maximum at placement: nothing moves, nothing is recorded', async () => {
    const p = await player('wager-max', 10_000, 5_000, { maxStakeMinor: 2_000 });
    const b = id('b');
    const refused = await wallet.bet(p.playerId, b, 2_001);
    expect(refused.body).toMatchObject({ success: false, message: 'bonus_max_stake', value: { balanceMinor: 15_000 } });
    expect(await balances(p.memberId)).toEqual({ cash: 10_000, bonus: 5_000 });
    expect(await ctx.db.selectFrom('seamless_transactions').select('id').where('transaction_id', '=', b).execute()).toEqual([]);
    expect((await wallet.bet(p.playerId, id('b'), 2_000)).body.success).toBe(true);
  });

  it('returns each part of a rolled-back stake to where it came from', async () => {
    const p = await player('wager-rollback', 300, 5_000);
    const b = id('b');
    await wallet.bet(p.playerId, b, 1_000);
    expect(await balances(p.memberId)).toEqual({ cash: 0, bonus: 4_300 });
    expect((await wallet.rollback(p.playerId, id('rb'), b)).body.success).toBe(true);
    expect(await balances(p.memberId)).toEqual({ cash: 300, bonus: 5_000 });
    expect((await wallet.rollback(p.playerId, id('rb'), b)).body.success).toBe(true);
    expect(await balances(p.memberId)).toEqual({ cash: 300, bonus: 5_000 });
  });

  it('converts the bonus once when the turnover is met: its whole balance becomes cash; a later win of its bets is cash', async () => {
    const p = await player('wager-convert', 0, 3_000);
    const open = id('b');
    await wallet.bet(p.playerId, open, 100);
    const round = async (stake: number, payout: number) => {
      const b = id('b');
      expect((await wallet.bet(p.playerId, b, stake)).body.success).toBe(true);
      expect((await wallet.win(p.playerId, id('w'), payout, b)).body.success).toBe(true);
    };
    await round(1_000, 0); // valid 1,000
    await round(1_000, 2_000); // valid 1,000; the win is all bonus money
    expect(await awardOf(p.awardId)).toMatchObject({ state: 'active', turnover_done_minor: 2_000 });
    expect(await balances(p.memberId)).toEqual({ cash: 0, bonus: 2_900 });
    await round(1_000, 0); // 3,000 reached: converts
    expect(await awardOf(p.awardId)).toMatchObject({ state: 'converted', turnover_done_minor: 3_000 });
    expect(await balances(p.memberId)).toEqual({ cash: 1_900, bonus: 0 });
    const converts = await ctx.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `bonus-convert:${p.awardId}`).execute();
    expect(converts).toHaveLength(1);
    // The bet still open was staked with bonus money: its win is cash now.
    await wallet.win(p.playerId, id('w'), 500, open);
    expect(await balances(p.memberId)).toEqual({ cash: 2_400, bonus: 0 });
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
  });

  it('sends the bonus share of a win whose bonus expired meanwhile back to the bonus expense', async () => {
    const p = await player('wager-ended', 0, 1_000);
    const b = id('b');
    await wallet.bet(p.playerId, b, 400);
    await ctx.db
      .updateTable('bonus_awards')
      .set({ expires_at: new Date(NOW - 1) })
      .where('id', '=', p.awardId)
      .execute();
    await runBonusExpire(ctx.db, new Date(NOW));
    expect(await balances(p.memberId)).toEqual({ cash: 0, bonus: 0 });
    await wallet.win(p.playerId, id('w'), 800, b);
    expect(await balances(p.memberId)).toEqual({ cash: 0, bonus: 0 });
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
  });

  it('takes 50 parallel copies of a bet once, and 50 parallel bets never past the bonus money', async () => {
    const p = await player('wager-race', 0, 1_000);
    const b = id('b');
    const copies = await Promise.all(Array.from({ length: 50 }, () => wallet.bet(p.playerId, b, 100)));
    expect(copies.every((c) => c.body.success)).toBe(true);
    expect(await balances(p.memberId)).toEqual({ cash: 0, bonus: 900 });
    const many = await Promise.all(Array.from({ length: 50 }, () => wallet.bet(p.playerId, id('b'), 100)));
    expect(many.filter((c) => c.body.success)).toHaveLength(9);
    expect(await balances(p.memberId)).toEqual({ cash: 0, bonus: 0 });
    expect(await ctx.db.selectFrom('bonus_stakes').select('bet_transaction_id').where('member_id', '=', p.memberId).execute()).toHaveLength(10);
  });
});

describe('the bonus expiry job (docs/0095)', () => {
  it('expires an active bonus past its end and lapses an offer past its claim date, each once, audited', async () => {
    const p = await player('expire-once', 0, 700);
    await ctx.db
      .updateTable('bonus_awards')
      .set({ expires_at: new Date(NOW - 1) })
      .where('id', '=', p.awardId)
      .execute();
    const total = await ledgerTotal(ctx.db);
    const runs = await Promise.all([runBonusExpire(ctx.db, new Date(NOW)), runBonusExpire(ctx.db, new Date(NOW))]);
    expect(runs.reduce((n, r) => n + r.expired, 0)).toBe(1);
    expect(await runBonusExpire(ctx.db, new Date(NOW))).toMatchObject({ expired: 0 });
    expect(await awardOf(p.awardId)).toMatchObject({ state: 'expired' });
    expect(await balances(p.memberId)).toEqual({ cash: 0, bonus: 0 });
    expect(await ledgerTotal(ctx.db)).toBe(total);
    const audit = await ctx.db.selectFrom('member_audit').select('action').where('member_id', '=', p.memberId).where('action', '=', 'bonus_expired').execute();
    expect(audit).toHaveLength(1);
  });
});
