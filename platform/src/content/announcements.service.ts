import { sql } from 'kysely';
import { ANNOUNCEMENT_PAGE_SIZE, type TAnnouncementPage, type TLanguage } from '@wl/schemas';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';

/**
 * The announcement list (docs/0112, docs/rules/content.md#c-15): the merchant's published notices, newest first,
 * ANNOUNCEMENT_PAGE_SIZE a page, in `language`. `forAgents` adds the notices for agents only (the
 * agent centre's agentAnnouncement); a notice whose published_at is later than now is in no list.
 */
export async function announcementPage(
  deps: TPlatformDeps,
  merchant: TMerchant,
  language: TLanguage,
  pageNo: number,
  forAgents: boolean,
): Promise<TAnnouncementPage> {
  const now = deps.clock();
  const audiences = forAgents ? (['all', 'agents'] as const) : (['all'] as const);
  const published = deps.db.selectFrom('notices').where('merchant_id', '=', merchant.id).where('audience', 'in', audiences).where('published_at', '<=', now);
  const bn = language === 'bn';
  const [{ total }, rows] = await Promise.all([
    published.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    published
      .select(['id', 'title_en', 'title_bn', 'content_en', 'content_bn', 'published_at', 'audience'])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(ANNOUNCEMENT_PAGE_SIZE)
      .offset((pageNo - 1) * ANNOUNCEMENT_PAGE_SIZE)
      .execute(),
  ]);
  return {
    rows: rows.map((n) => ({
      id: n.id,
      title: bn ? n.title_bn : n.title_en,
      content: bn ? n.content_bn : n.content_en,
      time: new Date(n.published_at).toISOString(),
      agentsOnly: n.audience === 'agents',
    })),
    total: Number(total),
    pageNo,
    pageSize: ANNOUNCEMENT_PAGE_SIZE,
  };
}
