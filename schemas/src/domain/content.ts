import { z } from 'zod';
import { BANNER_GROUPS, MAX_TEXT_LENGTH } from '../constants.ts';

export { BANNER_GROUPS };
export const ZBannerGroup = z.enum(BANNER_GROUPS);

export const ZBanner = z.object({
  id: z.number().int(),
  groupName: ZBannerGroup,
  title: z.string().max(MAX_TEXT_LENGTH),
  imageUrl: z.string().max(500),
  /** Where a click goes: an in-site path or an absolute URL. Empty means no link. */
  url: z.string().max(500),
  /** 'INTERNAL' navigates in the app, 'EXTERNAL' opens a new tab, 'NONE' does nothing. */
  linkageType: z.enum(['INTERNAL', 'EXTERNAL', 'NONE']),
});
export type TBanner = z.infer<typeof ZBanner>;

export const ZNotice = z.object({
  id: z.number().int(),
  title: z.string().max(MAX_TEXT_LENGTH),
  content: z.string().max(5000),
});
export type TNotice = z.infer<typeof ZNotice>;

/** docs/rules/content.md#c-8 Announcement or popup; execution A logged in, B anonymous, F first-time login. */
export const ZPopup = z.object({
  id: z.number().int(),
  title: z.string().max(MAX_TEXT_LENGTH),
  content: z.string().max(5000),
  promotionType: z.string().max(8),
  execution: z.enum(['A', 'B', 'F']),
});
export type TPopup = z.infer<typeof ZPopup>;

export const ZPromotionSummary = z.object({
  id: z.number().int(),
  title: z.string().max(MAX_TEXT_LENGTH),
  imageUrl: z.string().max(500),
  promotionType: z.string().max(32),
});

export const ZAnnouncements = z.object({
  banners: z.array(ZBanner),
  /** Notices for the marquee. */
  player: z.array(ZNotice),
  popup: z.array(ZPopup),
  promotion: z.array(ZPromotionSummary),
});
export type TAnnouncements = z.infer<typeof ZAnnouncements>;
