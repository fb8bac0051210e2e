import { describe, expect, it, beforeAll } from 'vitest';
import { BONUS_MESSAGES, DEFAULT_BONUS_TERMS, type TPromotionTerms } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { WpsError } from '../http/envelope.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { activateBonus, awardBonus, offerBonus, type TBonusGrant } from './award.ts';

/**
 * Awarding a bonus (docs/0094): an offer is once per member, source and key; activation moves the
 * amount into the member's bonus wallet once, one active bonus at a time, within the claim window,
 * and never past its promotion's budget or recipients, however many race.
 */

const ctx = usePlatform();
const merchant = { id: 0, currency: '' };
const NOW = new Date('2026-11-20T10:00:00Z');

const bonusMinor = async (memberId: number) =>
  Number(
    (await ctx.db.selectFrom('ledger_accounts').select('balance_minor').where('member_id', '=', memberId).where('kind', '=', 'member_bonus').executeTakeFirst())
      ?.balance_minor ?? 0,
  );
const grant = (memberId: number, over: Partial<TBonusGrant> = {}): TBonusGrant => ({
  memberId,
  promotionId: null,
  source: 'operator',
  sourceKey: 'k1',
  amountMinor: 5_000,
  terms: DEFAULT_BONUS_TERMS,
  now: NOW,
  ip: 'system',
  ...over,
});
const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (err) {
    if (err instanceof WpsError) return err.message;
    throw err;
  }
  return null;
};
async function promotion(budgetMinor: number | null, maxRecipients: number | null): Promise<number> {
  const terms: TPromotionTerms = { kind: 'sign_up', amountMinor: 5_000, bonus: DEFAULT_BONUS_TERMS };
  const row = await ctx.db
    .insertInto('promotions')
    .values({
      merchant_id: merchant.id,
      title_en: 'Test',
      title_bn: 'পরীক্ষা',
      promotion_type: 'sign_up',
      sort: 99,
      category: 'NEW_MEMBER',
      starts_at: NOW,
      ends_at: null,
      rules_en: '',
      rules_bn: '',
      kind: 'sign_up',
      terms: JSON.stringify(terms),
      budget_minor: budgetMinor,
      max_recipients: maxRecipients,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  Object.assign(merchant, await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow());
});

describe('awarding a bonus', () => {
  it('offers once per member, source and key, and activates once', async () => {
    const [member] = (await insertBareMembers(ctx.db, 1, 'award-once')).ids;
    const first = await inTransaction(ctx.db, (trx) => offerBonus(trx, merchant, grant(member!)));
    const again = await inTransaction(ctx.db, (trx) => offerBonus(trx, merchant, grant(member!, { amountMinor: 9_999 })));
    expect(again).toEqual({ awardId: first.awardId, created: false, state: 'offered' });
    expect(await bonusMinor(member!)).toBe(0);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => inTransaction(ctx.db, (trx) => activateBonus(trx, merchant, member!, first.awardId, NOW, 'system'))),
    );
    expect(results.filter((r) => r.status === 'fulfilled' && r.value.created)).toHaveLength(1);
    expect(await bonusMinor(member!)).toBe(5_000);
    const row = await ctx.db.selectFrom('bonus_awards').selectAll().where('id', '=', first.awardId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'active', turnover_required_minor: 50_000 });
    expect(new Date(row.expires_at!).getTime() - NOW.getTime()).toBe(DEFAULT_BONUS_TERMS.validDays * 86_400_000);
  });

  it('keeps one bonus active at a time, and refuses an offer past its claim window', async () => {
    const [member] = (await insertBareMembers(ctx.db, 1, 'award-one')).ids;
    await inTransaction(ctx.db, (trx) => awardBonus(trx, merchant, grant(member!, { sourceKey: 'a' })));
    const second = await inTransaction(ctx.db, (trx) => offerBonus(trx, merchant, grant(member!, { sourceKey: 'b' })));
    expect(await refusal(inTransaction(ctx.db, (trx) => activateBonus(trx, merchant, member!, second.awardId, NOW, 'system')))).toBe(BONUS_MESSAGES.oneActive);
    const late = new Date(NOW.getTime() + (DEFAULT_BONUS_TERMS.claimDays + 1) * 86_400_000);
    await ctx.db.updateTable('bonus_awards').set({ state: 'converted' }).where('member_id', '=', member!).where('source_key', '=', 'a').execute();
    expect(await refusal(inTransaction(ctx.db, (trx) => activateBonus(trx, merchant, member!, second.awardId, late, 'system')))).toBe(
      BONUS_MESSAGES.notClaimable,
    );
    expect(await bonusMinor(member!)).toBe(5_000);
  });

  it("refuses another member's award as not claimable and moves nothing", async () => {
    const [owner, thief] = (await insertBareMembers(ctx.db, 2, 'award-thief')).ids;
    const offer = await inTransaction(ctx.db, (trx) => offerBonus(trx, merchant, grant(owner!)));
    expect(await refusal(inTransaction(ctx.db, (trx) => activateBonus(trx, merchant, thief!, offer.awardId, NOW, 'system')))).toBe(BONUS_MESSAGES.notClaimable);
    expect(await bonusMinor(thief!)).toBe(0);
    expect(await bonusMinor(owner!)).toBe(0);
  });

  it("never passes a promotion's budget or its recipients, with 30 members racing", async () => {
    const byBudget = await promotion(12_000, null);
    const byCount = await promotion(null, 3);
    for (const promotionId of [byBudget, byCount]) {
      const members = (await insertBareMembers(ctx.db, 30, `award-race-${promotionId}`)).ids;
      const results = await Promise.allSettled(
        members.map((m) => inTransaction(ctx.db, (trx) => awardBonus(trx, merchant, grant(m, { promotionId, source: 'sign_up', sourceKey: 'signup' })))),
      );
      const paid = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      expect(paid).toHaveLength(promotionId === byBudget ? 2 : 3);
      for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ message: BONUS_MESSAGES.promotionClosed });
      const p = await ctx.db.selectFrom('promotions').select(['spent_minor', 'recipients']).where('id', '=', promotionId).executeTakeFirstOrThrow();
      expect({ spent: Number(p.spent_minor), recipients: p.recipients }).toEqual({ spent: paid.length * 5_000, recipients: paid.length });
      const awarded = await Promise.all(members.map(bonusMinor));
      expect(awarded.reduce((a, b) => a + b, 0)).toBe(paid.length * 5_000);
    }
  });

  it('refuses a paused promotion and writes nothing', async () => {
    const promotionId = await promotion(null, null);
    await ctx.db.updateTable('promotions').set({ status: 'paused' }).where('id', '=', promotionId).execute();
    const [member] = (await insertBareMembers(ctx.db, 1, 'award-paused')).ids;
    const offer = await inTransaction(ctx.db, (trx) => offerBonus(trx, merchant, grant(member!, { promotionId })));
    expect(await refusal(inTransaction(ctx.db, (trx) => activateBonus(trx, merchant, member!, offer.awardId, NOW, 'system')))).toBe(
      BONUS_MESSAGES.promotionClosed,
    );
    expect((await ctx.db.selectFrom('bonus_awards').select('state').where('id', '=', offer.awardId).executeTakeFirstOrThrow()).state).toBe('offered');
    expect(await bonusMinor(member!)).toBe(0);
  });
});
