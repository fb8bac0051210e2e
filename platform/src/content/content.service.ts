import { ZBannerGroup, type TAnnouncements, type TLanguage } from '@wl/schemas';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { announcementRows } from './content.queries.ts';

/** Banner artwork URL (promotions use a `p`-prefixed id so the two never collide), its words in the language. */
export const bannerImageUrl = (id: string, language: TLanguage = 'en') => `/wps/assets/banner/${id}${language === 'bn' ? '.bn' : ''}.svg`;

/** Announcements in one language (docs/rules/content.md#c-7 MCSFE_getListAnnouncements: banners, player, popup, promotion). */
export async function announcements(deps: TPlatformDeps, merchant: TMerchant, language: TLanguage): Promise<TAnnouncements> {
  const r = await announcementRows(deps.db, merchant.id);
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
