import { z } from 'zod';
import { ANNOUNCEMENT_PAGE_SIZE } from '../constants.ts';
import { AGENT, MEMBER, declareCall } from './call.ts';
import { ZLanguage } from './calls.ts';
import { ZCount, ZInstant, ZRowId } from './shapes.ts';

/**
 * The announcement list (docs/0112, docs/rules/content.md#c-15): the merchant's notices that are
 * published, newest first, ANNOUNCEMENT_PAGE_SIZE a page, in the Language header's language. Members
 * read those for everyone; the agent centre's agentAnnouncement page (AGENTANNOUNCE3) adds those for
 * agents only. A notice scheduled for later is in neither until its time.
 */
export const ANNOUNCEMENT_PATHS = {
  /** GET (pageNo): the member's announcement list. */
  list: '/wps/member/announcements',
  /** GET (pageNo): the agent centre's announcements (agentAnnouncement). */
  agentList: '/wps/agent/announcements',
} as const;

/** The language is in the query (it wins over the header) so that a client caches each language apart. */
export const ZAnnouncementListQuery = z.object({ pageNo: z.coerce.number().int().min(1).max(100_000).default(1), language: ZLanguage.optional() });
export type TAnnouncementListQuery = z.infer<typeof ZAnnouncementListQuery>;

/** One announcement in one language; `time` is when it was published. */
export const ZAnnouncementItem = z.object({
  id: ZRowId,
  title: z.string().max(200),
  content: z.string().max(5000),
  time: ZInstant,
  /** Shown to agents only (agentAnnouncement); false on the member list. */
  agentsOnly: z.boolean(),
});
export type TAnnouncementItem = z.infer<typeof ZAnnouncementItem>;

export const ZAnnouncementPage = z.object({
  rows: z.array(ZAnnouncementItem).max(ANNOUNCEMENT_PAGE_SIZE),
  /** Every published announcement the caller may read, all pages. */
  total: ZCount,
  pageNo: z.number().int().positive(),
  pageSize: z.literal(ANNOUNCEMENT_PAGE_SIZE),
});
export type TAnnouncementPage = z.infer<typeof ZAnnouncementPage>;

export const ANNOUNCEMENT_CALLS = {
  /** Members and trial accounts alike: announcements are public words, read in the member's session. */
  list: declareCall({
    method: 'GET',
    path: ANNOUNCEMENT_PATHS.list,
    moduleId: 'ANNOUNCEMENT',
    input: ZAnnouncementListQuery,
    output: ZAnnouncementPage,
    audience: MEMBER,
  }),
  agentList: declareCall({
    method: 'GET',
    path: ANNOUNCEMENT_PATHS.agentList,
    moduleId: 'AGENT',
    input: ZAnnouncementListQuery,
    output: ZAnnouncementPage,
    audience: AGENT,
    modules: ['AGENTANNOUNCE3'],
  }),
} as const;
