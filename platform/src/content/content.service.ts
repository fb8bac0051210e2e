import { createHash } from 'node:crypto';
import { PROMOTION_CATEGORIES, ZBannerGroup, type TAnnouncements, type TConfigMap, type TConfigValue, type TLanguage, type TPromotion } from '@wl/schemas';
import { bannerSvg } from '../assets/svg.ts';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { announcementRows, currentPromotionRow, currentPromotionRows } from './content.queries.ts';

/** Banner artwork URL (promotions use a `p`-prefixed id so the two never collide), its words in the language. */
export const bannerImageUrl = (id: string, language: TLanguage = 'en') => `/wps/assets/banner/${id}${language === 'bn' ? '.bn' : ''}.svg`;

/**
 * A banner's artwork address for its title as published: the title's digest in the query, so that a
 * page holding the old artwork asks for the new one once an operator changed the words (docs/0133).
 */
function bannerArtwork(id: number, language: TLanguage, title: string): string {
  return `${bannerImageUrl(String(id), language)}?v=${createHash('sha256').update(title).digest('base64url').slice(0, 10)}`;
}

/** A banner's artwork drawn inline, as a draft's preview shows it before it is published (docs/0133). */
function inlineBannerArtwork(id: number, title: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(bannerSvg(`banner-${id}`, title)).toString('base64')}`;
}

/**
 * Announcements in one language (docs/rules/content.md#c-7 MCSFE_getListAnnouncements: banners, player, popup, promotion).
 * Banners and popups that show, each list in (sort, id) order (docs/0139). With `draft`, a draft's
 * content fields (`content.banner.<id>.titleEn`, `…group`, `…shown`, docs/0133) stand for the
 * rows' values and banner artwork is drawn inline: the author's preview, never cached.
 */
export async function announcements(deps: TPlatformDeps, merchant: TMerchant, language: TLanguage, draft?: TConfigMap): Promise<TAnnouncements> {
  const r = await announcementRows(deps.db, merchant.id, deps.clock());
  const bn = language === 'bn';
  /** A field of the draft when it sets it (with the published value's type), else the row's value. */
  const drafted = <T extends TConfigValue>(kind: 'banner' | 'popup', id: number, suffix: string, published: T): T => {
    const value = draft?.[`content.${kind}.${id}.${suffix}`];
    return typeof value === typeof published ? (value as T) : published;
  };
  const words = (kind: 'banner' | 'popup', id: number, name: 'title' | 'content', row: { en: string; bn: string }): string =>
    drafted(kind, id, `${name}${bn ? 'Bn' : 'En'}`, bn ? row.bn : row.en);
  const pick = (en: string, bn: string) => (language === 'bn' ? bn : en);
  /** The rows that show, in their places; the draft's place and switch for its author's preview. */
  const showing = <R extends { id: number; sort: number; shown: boolean }>(kind: 'banner' | 'popup', rows: R[]) =>
    rows
      .filter((row) => drafted(kind, row.id, 'shown', row.shown))
      .map((row) => ({ row, sort: drafted(kind, row.id, 'sort', row.sort) }))
      .sort((a, b) => a.sort - b.sort || a.row.id - b.row.id)
      .map(({ row }) => row);
  return {
    banners: showing('banner', r.banners).map((b) => {
      const title = words('banner', b.id, 'title', { en: b.title_en, bn: b.title_bn });
      return {
        id: b.id,
        groupName: ZBannerGroup.parse(drafted('banner', b.id, 'group', b.group_name)),
        title,
        imageUrl: draft ? inlineBannerArtwork(b.id, title) : bannerArtwork(b.id, language, title),
        url: drafted('banner', b.id, 'url', b.url),
        linkageType: drafted('banner', b.id, 'linkageType', b.linkage_type),
      };
    }),
    player: r.notices.map((n) => ({ id: n.id, title: pick(n.title_en, n.title_bn), content: pick(n.content_en, n.content_bn) })),
    popup: showing('popup', r.popups).map((p) => ({
      id: p.id,
      title: words('popup', p.id, 'title', { en: p.title_en, bn: p.title_bn }),
      content: words('popup', p.id, 'content', { en: p.content_en, bn: p.content_bn }),
      promotionType: p.promotion_type,
      execution: drafted('popup', p.id, 'execution', p.execution),
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
