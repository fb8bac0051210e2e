import { describe, expect, it } from 'vitest';
import { CONTENT_CALLS, PROMOTION_CATEGORIES, ZEnvelope } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const ctx = usePlatform({ clock: () => NOW });
const DAY_MS = 86_400_000;
const day = (n: number) => new Date(NOW.getTime() + n * DAY_MS);

const ZList = ZEnvelope(CONTENT_CALLS.promotions.output);
const ZDetail = ZEnvelope(CONTENT_CALLS.promotion.output);

function detail(id: string | number, language: 'en' | 'bn' = 'en') {
  return ctx.app.inject({ url: `${CONTENT_CALLS.promotion.path}?id=${id}`, headers: { language } });
}

async function list(language: 'en' | 'bn' = 'en') {
  const res = await ctx.app.inject({ url: CONTENT_CALLS.promotions.path, headers: { language } });
  expect(res.statusCode).toBe(200);
  return ZList.parse(res.json()).value!.list;
}

/** Inserts a promotion of the demo merchant; answers its id. */
async function addPromotion(row: {
  title: string;
  category: (typeof PROMOTION_CATEGORIES)[number];
  startsAt: Date;
  endsAt: Date | null;
  sort?: number;
  merchantId?: number;
}) {
  const merchantId = row.merchantId ?? (await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id;
  const { id } = await ctx.db
    .insertInto('promotions')
    .values({
      merchant_id: merchantId,
      title_en: row.title,
      title_bn: `${row.title} বাংলা`,
      promotion_type: 'EVENT',
      sort: row.sort ?? 100,
      category: row.category,
      starts_at: row.startsAt,
      ends_at: row.endsAt,
      rules_en: '1. English rule.',
      rules_bn: '১. বাংলা নিয়ম।',
      kind: 'info',
      terms: JSON.stringify({ kind: 'info' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe('the promotions list (docs/rules/content.md#c-13)', () => {
  it('answers every seeded category to a visitor, in tab order, with title, banner, period and rules in the header language', async () => {
    const en = await list('en');
    // The seed runs on the real clock: every seeded promotion is current at NOW or starts after it.
    expect(new Set(en.map((p) => p.category))).toEqual(new Set(PROMOTION_CATEGORIES));
    const ranks = en.map((p) => PROMOTION_CATEGORIES.indexOf(p.category));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const welcome = en.find((p) => p.title === 'Welcome bonus')!;
    expect(welcome).toMatchObject({ category: 'NEW_MEMBER', imageUrl: `/wps/assets/banner/p${welcome.id}.svg`, endsAt: null });
    expect(welcome.rules.split('\n').length).toBeGreaterThanOrEqual(3);

    const bn = await list('bn');
    const welcomeBn = bn.find((p) => p.id === welcome.id)!;
    expect(welcomeBn.title).toBe('স্বাগতম বোনাস');
    expect(welcomeBn.rules).toMatch(/^১\. /);
    expect(welcomeBn.imageUrl).toBe(`/wps/assets/banner/p${welcome.id}.bn.svg`);
    // A language in the query wins over the header's.
    const query = await ctx.app.inject({ url: `${CONTENT_CALLS.promotions.path}?language=bn`, headers: { language: 'en' } });
    expect(ZList.parse(query.json()).value!.list.find((p) => p.id === welcome.id)!.title).toBe('স্বাগতম বোনাস');
  });

  it('leaves out ended promotions and other brands', async () => {
    const ended = await addPromotion({ title: 'Ended', category: 'EVENT', startsAt: day(-10), endsAt: day(-1) });
    const other = await otherMerchant(ctx.db, 'PROMO_OTHER');
    const foreign = await addPromotion({ title: 'Foreign', category: 'EVENT', startsAt: day(-10), endsAt: null, merchantId: other.id });
    const ids = (await list()).map((p) => p.id);
    expect(ids).not.toContain(ended);
    expect(ids).not.toContain(foreign);
  });

  it('marks a promotion coming soon until it starts, and keeps the operator order within a category', async () => {
    const later = await addPromotion({ title: 'Later', category: 'VIP', startsAt: day(3), endsAt: day(30), sort: 2 });
    const first = await addPromotion({ title: 'First', category: 'VIP', startsAt: day(-3), endsAt: day(30), sort: 1 });
    const vip = (await list()).filter((p) => p.category === 'VIP');
    const mine = vip.filter((p) => p.id === later || p.id === first);
    expect(mine.map((p) => [p.title, p.comingSoon])).toEqual([
      ['First', false],
      ['Later', true],
    ]);
    expect(mine[1]).toMatchObject({ startsAt: day(3).toISOString(), endsAt: day(30).toISOString() });
  });
});

describe('one promotion (docs/rules/content.md#c-13)', () => {
  it('answers the same promotion the list shows, in the header language', async () => {
    const [first] = await list('bn');
    const res = await detail(first!.id, 'bn');
    expect(res.statusCode).toBe(200);
    expect(ZDetail.parse(res.json()).value).toEqual(first);
  });

  it("answers not found for an ended, unknown or other brand's promotion, and a clear 400 for a bad id", async () => {
    const ended = await addPromotion({ title: 'Ended too', category: 'DEPOSIT', startsAt: day(-10), endsAt: day(-1) });
    const other = await otherMerchant(ctx.db, 'PROMO_DETAIL');
    const foreign = await addPromotion({ title: 'Foreign too', category: 'DEPOSIT', startsAt: day(-10), endsAt: null, merchantId: other.id });
    for (const id of [ended, foreign, 2_000_000_000]) {
      const res = await detail(id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
    for (const id of ['x', '0', '-1']) {
      const res = await detail(id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
  });
});
