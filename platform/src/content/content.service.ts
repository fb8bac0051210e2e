import { PROMOTION_CATEGORIES, ZBannerGroup, type TAnnouncements, type TLanguage, type TPromotion } from '@wl/schemas';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { announcementRows, currentPromotionRow, currentPromotionRows } from './content.queries.ts';

/** Banner artwork URL (promotions use a `p`-prefixed id so the two never collide), its words in the language. */
export const bannerImageUrl = (id: string, language: TLanguage = 'en') => `/wps/assets/banner/${id}${language === 'bn' ? '.bn' : ''}.svg`;

/** Announcements in one language (docs/rules/content.md#c-7 MCSFE_getListAnnouncements: banners, player, popup, promotion). */
export async function announcements(deps: TPlatformDeps, merchant: TMerchant, language: TLanguage): Promise<TAnnouncements> {
  const r = await announcementRows(deps.db, merchant.id, deps.clock());
  const pick = (en: string, bn: string) => (language === 'bn' ? bn : en);
  return {
    banners: r.banners.map((b) => ({
      id: b.id,
      groupName: ZBannerGroup.parse(b.group_name),
      title: pick(b.title_en, b.title_bn),
      imageUrl: bannerImageUrl(String(b.id), language),
      url: b.url,
      linkageType: b.linkage_type,
    })),
    player: r.notices.map((n) => ({ id: n.id, title: pick(n.title_en, n.title_bn), content: pick(n.content_en, n.content_bn) })),
    popup: r.popups.map((p) => ({
      id: p.id,
      title: pick(p.title_en, p.title_bn),
      content: pick(p.content_en, p.content_bn),
      promotionType: p.promotion_type,
      execution: p.execution,
    })),
    promotion: r.promotions.map((p) => ({
      id: p.id,
      title: pick(p.title_en, p.title_bn),
      imageUrl: bannerImageUrl(`p${p.id}`, language),
      promotionType: p.promotion_type,
    })),
  };
}

type TPromotionRow = Awaited<ReturnType<typeof currentPromotionRows>>[number];

/** A promotion row in one language (docs/rules/content.md#c-13): coming soon until its period starts. */
function promotionIn(p: TPromotionRow, language: TLanguage, now: Date): TPromotion {
  const bn = language === 'bn';
  return {
    id: p.id,
    category: p.category,
    title: bn ? p.title_bn : p.title_en,
    imageUrl: bannerImageUrl(`p${p.id}`, language),
    startsAt: p.starts_at.toISOString(),
    endsAt: p.ends_at?.toISOString() ?? null,
    comingSoon: p.starts_at > now,
    rules: bn ? p.rules_bn : p.rules_en,
  };
}

/** The promotions that have not ended, grouped by category in the page's tab order, each category in the operator's order. */
export async function promotions(deps: TPlatformDeps, merchant: TMerchant, language: TLanguage): Promise<{ list: TPromotion[] }> {
  const now = deps.clock();
  const rows = await currentPromotionRows(deps.db, merchant.id, now);
  const rank = (p: TPromotionRow) => PROMOTION_CATEGORIES.indexOf(p.category);
  // A stable sort: within a category the rows keep the query's (operator's) order.
  return { list: rows.sort((a, b) => rank(a) - rank(b)).map((p) => promotionIn(p, language, now)) };
}

/** One promotion that has not ended; not found otherwise (ended, unknown, another brand's). */
export async function promotion(deps: TPlatformDeps, merchant: TMerchant, language: TLanguage, id: number): Promise<TPromotion> {
  const now = deps.clock();
  const row = await currentPromotionRow(deps.db, merchant.id, now, id);
  if (!row) throw wpsErrors.notFound();
  return promotionIn(row, language, now);
}
