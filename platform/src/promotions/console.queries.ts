import type { Kysely, Transaction } from 'kysely';
import { isPayingKind, ZPromotionTerms, type TBonusState, type TLanguage, type TOperatorPromotion, type TPromotionFigures } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { moneyVersionOf } from './money-version.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** The columns the console edits and shows (never the banner's bytes). */
export function consolePromotionRows(db: TDb, merchantId: number) {
  return db
    .selectFrom('promotions')
    .select([
      'id',
      'title_en',
      'title_bn',
      'rules_en',
      'rules_bn',
      'category',
      'kind',
      'terms',
      'status',
      'starts_at',
      'ends_at',
      'budget_minor',
      'max_recipients',
      'sort',
      'spent_minor',
      'recipients',
      'banner_content_type',
      'money_approved_at',
    ])
    .where('merchant_id', '=', merchantId);
}
export type TConsolePromotionRow = Awaited<ReturnType<ReturnType<typeof consolePromotionRows>['execute']>>[number];

/** The awards of each promotion by state, their turnover, and the applications waiting (docs/0098). */
async function figuresOf(db: TDb, promotionIds: readonly number[]): Promise<Map<number, Omit<TPromotionFigures, 'spentMinor' | 'recipients'>>> {
  const out = new Map<number, Omit<TPromotionFigures, 'spentMinor' | 'recipients'>>();
  for (const id of promotionIds)
    out.set(id, { awards: {}, turnoverDoneMinor: 0, turnoverRequiredMinor: 0, turnoverCompletionBp: null, pendingApplications: 0 });
  if (promotionIds.length === 0) return out;
  const [awards, pending] = await Promise.all([
    db
      .selectFrom('bonus_awards')
      .select((eb) => [
        'promotion_id',
        'state',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('turnover_done_minor').as('done'),
        eb.fn.sum<number>('turnover_required_minor').as('required'),
      ])
      .where('promotion_id', 'in', promotionIds)
      .groupBy(['promotion_id', 'state'])
      .execute(),
    db
      .selectFrom('promotion_applications')
      .select((eb) => ['promotion_id', eb.fn.countAll<number>().as('n')])
      .where('promotion_id', 'in', promotionIds)
      .where('state', '=', 'pending')
      .groupBy('promotion_id')
      .execute(),
  ]);
  for (const a of awards) {
    const f = out.get(a.promotion_id!)!;
    f.awards[a.state as TBonusState] = Number(a.n);
    // Turnover counts for bonuses that were given (an offer not claimed has none to meet).
    if (a.state !== 'offered' && a.state !== 'lapsed') {
      f.turnoverDoneMinor += Number(a.done ?? 0);
      f.turnoverRequiredMinor += Number(a.required ?? 0);
    }
  }
  for (const p of pending) out.get(p.promotion_id)!.pendingApplications = Number(p.n);
  for (const f of out.values()) {
    f.turnoverCompletionBp = f.turnoverRequiredMinor === 0 ? null : Math.min(10_000, Math.floor((f.turnoverDoneMinor * 10_000) / f.turnoverRequiredMinor));
  }
  return out;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** Promotions as the console shows them, with their figures; the banner URL in the operator's language. */
export async function toConsolePromotions(db: TDb, rows: readonly TConsolePromotionRow[], language: TLanguage): Promise<TOperatorPromotion[]> {
  const figures = await figuresOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    titleEn: r.title_en,
    titleBn: r.title_bn,
    rulesEn: r.rules_en,
    rulesBn: r.rules_bn,
    category: r.category,
    kind: r.kind,
    terms: ZPromotionTerms.parse(r.terms),
    status: r.status,
    startsAt: iso(r.starts_at),
    endsAt: r.ends_at === null ? null : iso(r.ends_at),
    budgetMinor: r.budget_minor === null ? null : Number(r.budget_minor),
    maxRecipients: r.max_recipients,
    sort: r.sort,
    bannerUrl: `/wps/assets/banner/p${r.id}${language === 'bn' ? '.bn' : ''}.svg`,
    hasOwnBanner: r.banner_content_type !== null,
    figures: { spentMinor: Number(r.spent_minor), recipients: r.recipients, ...figures.get(r.id)! },
    paying: isPayingKind(r.kind),
    moneyApproved: !isPayingKind(r.kind) || r.money_approved_at !== null,
    moneyVersion: moneyVersionOf(r),
  }));
}
